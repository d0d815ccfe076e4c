import { Trans, useLingui } from '@lingui/react/macro'
import { useEnvironment } from '../../app/environment'
import { ContentPage, StandaloneLink } from '../ContentBlocks'
import { keusote } from '../keusote'
import { contentTitles } from '../titles'
import {
  AccessibilityDate,
  AccessibilityFeedbackSection,
  AccessibilityStatusSections,
  SupervisoryAuthoritySection,
} from './AccessibilitySections'

/** The accessibility statement of the portal for the Central Uusimaa wellbeing services county (Keusote). */
export default function AccessibilityReportKeusote() {
  const { i18n } = useLingui()
  const operator = useEnvironment().tenant.name
  const { registryEmail } = keusote
  return (
    <ContentPage title={i18n._(contentTitles.accessibility)}>
      <AccessibilityDate isoDate="2024-02-23" />
      <p className="mt-4">
        <Trans id="accessibility.keusote.intro">
          This accessibility statement applies to the passenger portal of the transport services of the
          Central Uusimaa wellbeing services county (Keusote). The transport operator {operator} runs the
          portal on behalf of Keusote.
        </Trans>
      </p>
      <AccessibilityStatusSections />
      <AccessibilityFeedbackSection>
        <p>
          <Trans id="accessibility.keusote.feedback.contact">
            Send your feedback by email to the registry office of Keusote:{' '}
            <StandaloneLink href={`mailto:${registryEmail}`}>{registryEmail}</StandaloneLink>. Please mention
            the passenger portal in the subject line.
          </Trans>
        </p>
      </AccessibilityFeedbackSection>
      <SupervisoryAuthoritySection />
    </ContentPage>
  )
}
