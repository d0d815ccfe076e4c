import { Trans, useLingui } from '@lingui/react/macro'
import { useEnvironment } from '../../app/environment'
import { ContentPage } from '../ContentBlocks'
import { contentTitles } from '../titles'
import {
  AccessibilityDate,
  AccessibilityFeedbackSection,
  AccessibilityStatusSections,
  SupervisoryAuthoritySection,
} from './AccessibilitySections'

/** The accessibility statement of the portal as the tenant's transport operator provides it. */
export default function AccessibilityReport() {
  const { i18n } = useLingui()
  const operator = useEnvironment().tenant.name
  return (
    <ContentPage title={i18n._(contentTitles.accessibility)}>
      <AccessibilityDate isoDate="2023-01-25" />
      <p className="mt-4">
        <Trans id="accessibility.general.intro">
          This accessibility statement applies to the passenger portal of {operator}, where passengers and
          their guardians see, book, cancel and follow their trips.
        </Trans>
      </p>
      <AccessibilityStatusSections />
      <AccessibilityFeedbackSection>
        <p>
          <Trans id="accessibility.general.feedback.contact">
            Send your feedback to the customer service of {operator}. When you are logged in, you can also
            send a message on the Messages page.
          </Trans>
        </p>
      </AccessibilityFeedbackSection>
      <SupervisoryAuthoritySection />
    </ContentPage>
  )
}
