import { Trans, useLingui } from '@lingui/react/macro'
import { useEnvironment } from '../../app/environment'
import { ContentPage, Section } from '../ContentBlocks'
import { contentTitles } from '../titles'
import { PrivacyDate, PrivacyProcessingSections, PrivacyRightsSections } from './PrivacySections'

/** The privacy statement of the portal, with the tenant's transport operator as the controller. */
export default function PrivacyGeneral() {
  const { i18n } = useLingui()
  const operator = useEnvironment().tenant.name
  return (
    <ContentPage title={i18n._(contentTitles.privacy)}>
      <PrivacyDate />
      <p className="mt-4">
        <Trans id="privacy.general.intro">
          This statement explains how personal data is processed in the passenger portal of {operator}, as
          required by the EU General Data Protection Regulation (GDPR).
        </Trans>
      </p>

      <Section title={<Trans id="privacy.general.controller.title">Controller</Trans>}>
        <p>
          <Trans id="privacy.general.controller.body">
            The controller is the transport operator {operator}, which carries out the trips and runs this
            portal.
          </Trans>
        </p>
      </Section>

      <PrivacyProcessingSections />
      <PrivacyRightsSections />

      <Section title={<Trans id="privacy.general.contact.title">Contact</Trans>}>
        <p>
          <Trans id="privacy.general.contact.body">
            For questions about this statement, or to use your rights, contact the customer service of{' '}
            {operator}. When you are logged in, you can also send a message on the Messages page.
          </Trans>
        </p>
      </Section>
    </ContentPage>
  )
}
