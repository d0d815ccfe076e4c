import { Trans, useLingui } from '@lingui/react/macro'
import { useEnvironment } from '../../app/environment'
import { BulletList, ContentPage, Section, StandaloneLink } from '../ContentBlocks'
import { keusote } from '../keusote'
import { contentTitles } from '../titles'
import { KeusoteDisclosures } from './KeusoteDisclosures'
import { PrivacyDate, PrivacyProcessingSections, PrivacyRightsSections } from './PrivacySections'

/**
 * The privacy statement for the Central Uusimaa wellbeing services county (Keusote), which organises the
 * transport and is the controller; the tenant's operator carries out the trips.
 */
export default function PrivacyKeusote() {
  const { i18n } = useLingui()
  const operator = useEnvironment().tenant.name
  const { registryEmail, dataProtectionEmail, phone, phoneHref, website, websiteUrl } = keusote
  return (
    <ContentPage title={i18n._(contentTitles.privacy)}>
      <PrivacyDate />
      <p className="mt-4">
        <Trans id="privacy.keusote.intro">
          This statement explains how personal data is processed in the passenger portal of the transport
          services of the Central Uusimaa wellbeing services county (Keusote), as required by the EU General
          Data Protection Regulation (GDPR).
        </Trans>
      </p>

      <Section title={<Trans id="privacy.general.controller.title">Controller</Trans>}>
        <p>
          <Trans id="privacy.keusote.controller.body">
            The controller is the Central Uusimaa wellbeing services county (Keusote), which organises the
            transport services. The transport operator {operator} carries out the trips and runs this portal
            on behalf of Keusote.
          </Trans>
        </p>
      </Section>

      <PrivacyProcessingSections />
      <KeusoteDisclosures operator={operator} />
      <PrivacyRightsSections />

      <Section title={<Trans id="privacy.keusote.contact.title">Contact information</Trans>}>
        <p>
          <Trans id="privacy.keusote.contact.intro">
            For questions about this statement, or to use your rights, contact Keusote:
          </Trans>
        </p>
        <BulletList>
          <li>
            <Trans id="privacy.keusote.contact.registry">
              Registry office:{' '}
              <StandaloneLink href={`mailto:${registryEmail}`}>{registryEmail}</StandaloneLink>
            </Trans>
          </li>
          <li>
            <Trans id="privacy.keusote.contact.dpo">
              Data protection officer:{' '}
              <StandaloneLink href={`mailto:${dataProtectionEmail}`}>{dataProtectionEmail}</StandaloneLink>
            </Trans>
          </li>
          <li>
            <Trans id="privacy.keusote.contact.phone">
              Phone (switchboard): <StandaloneLink href={phoneHref}>{phone}</StandaloneLink>
            </Trans>
          </li>
          <li>
            <Trans id="privacy.keusote.contact.website">
              Website of the wellbeing services county:{' '}
              <StandaloneLink href={websiteUrl}>{website}</StandaloneLink>
            </Trans>
          </li>
        </BulletList>
        <p>
          <Trans id="privacy.keusote.contact.operator">
            For questions about a single trip, contact {operator}: when you are logged in, send a message on
            the Messages page.
          </Trans>
        </p>
      </Section>
    </ContentPage>
  )
}
