import { Trans } from '@lingui/react/macro'
import { BulletList, DateLine, Section, SubSection } from '../ContentBlocks'
import { shellDate } from '../../domain/dateDisplay'

/**
 * The parts of the privacy statement that are the same for every controller: both privacy pages render them,
 * so a fact (the date, the cookies, the EEA) is written once and translated once.
 */

const statementDate = '2025-09-30'
const dataProtectionOmbudsman = 'https://tietosuoja.fi'

export function PrivacyDate() {
  const date = shellDate(statementDate)
  return (
    <DateLine>
      <Trans id="privacy.general.updated">
        Last updated: <time dateTime={statementDate}>{date}</time>
      </Trans>
    </DateLine>
  )
}

/** What is processed, why, how login and cookies work, and where: the sections before any disclosures. */
export function PrivacyProcessingSections() {
  return (
    <>
      <Section title={<Trans id="privacy.general.data.title">What data is processed</Trans>}>
        <p>
          <Trans id="privacy.general.data.intro">The portal processes the following data:</Trans>
        </p>
        <BulletList>
          <li>
            <Trans id="privacy.general.data.names">the names of passengers and their guardians</Trans>
          </li>
          <li>
            <Trans id="privacy.general.data.contact">contact details: phone number and email address</Trans>
          </li>
          <li>
            <Trans id="privacy.general.data.account">
              login details: username, the password in a protected form, and the identifier given by strong
              authentication
            </Trans>
          </li>
          <li>
            <Trans id="privacy.general.data.trips">
              trips: dates, times, pick-up and drop-off addresses, the car, cancellations and, during a trip,
              the location of the car
            </Trans>
          </li>
          <li>
            <Trans id="privacy.general.data.messages">messages between you and the transport operator</Trans>
          </li>
          <li>
            <Trans id="privacy.general.data.reviews">reviews of trips: ratings and comments</Trans>
          </li>
        </BulletList>
        <p>
          <Trans id="privacy.general.data.sources">
            The data comes from the organiser of the transport, from the transport operator's dispatch system
            and from you.
          </Trans>
        </p>
        <p>
          <Trans id="privacy.general.data.sensitive">
            Please do not write health information or other sensitive personal data in messages, reviews or
            cancellation reasons.
          </Trans>
        </p>
      </Section>

      <Section title={<Trans id="privacy.general.purpose.title">Purpose and legal basis</Trans>}>
        <p>
          <Trans id="privacy.general.purpose.body">
            The data is used to carry out the transport services that municipalities and wellbeing services
            counties organise, such as school transport and transport services for people with disabilities,
            and to let passengers and guardians see, book, cancel and follow their trips in this portal.
          </Trans>
        </p>
        <p>
          <Trans id="privacy.general.purpose.legal_basis">
            The legal basis is the performance of a task carried out in the public interest: the transport
            services that municipalities and wellbeing services counties organise by law (Article 6(1)(e) of
            the EU General Data Protection Regulation).
          </Trans>
        </p>
        <p>
          <Trans id="privacy.general.purpose.no_marketing">
            The data is not used for marketing, automated decision-making or profiling.
          </Trans>
        </p>
      </Section>

      <Section title={<Trans id="privacy.general.login.title">Logging in and cookies</Trans>}>
        <SubSection title={<Trans id="privacy.general.login.subtitle">Logging in</Trans>}>
          <p>
            <Trans id="privacy.general.login.body">
              You log in with strong authentication (online banking codes or a mobile certificate), or with a
              username and password that you have created in the portal. With strong authentication, the
              identification service tells the portal who you are; your banking codes are not passed on.
            </Trans>
          </p>
        </SubSection>
        <SubSection
          title={<Trans id="privacy.general.recovery.title">Email address and password recovery</Trans>}
        >
          <p>
            <Trans id="privacy.general.recovery.body">
              If you log in with a username and password, your email address is needed so that you can reset a
              forgotten password. It is not used for marketing.
            </Trans>
          </p>
        </SubSection>
        <SubSection title={<Trans id="privacy.general.cookies.title">Cookies</Trans>}>
          <p>
            <Trans id="privacy.general.cookies.body">
              The portal uses cookies for logging in (a session cookie keeps you logged in until you log out)
              and to remember the language you chose, so that its texts load in that language at once. There
              are no analytics or advertising cookies.
            </Trans>
          </p>
          <p>
            <Trans id="privacy.general.cookies.storage">
              The portal also stores your language choice, and a copy of your passengers and trips, in your
              browser so that it works without a network connection. This storage is needed for the service to
              work and is not used to track you.
            </Trans>
          </p>
        </SubSection>
      </Section>

      <Section title={<Trans id="privacy.general.location.title">Where the data is processed</Trans>}>
        <p>
          <Trans id="privacy.general.location.body">
            All data is stored and processed within the European Economic Area (EEA). It is not transferred
            outside the EEA.
          </Trans>
        </p>
      </Section>
    </>
  )
}

/** How long the data is kept and the rights of the data subject. */
export function PrivacyRightsSections() {
  return (
    <>
      <Section title={<Trans id="privacy.general.retention.title">How long the data is kept</Trans>}>
        <p>
          <Trans id="privacy.general.retention.body">
            Data about trips, messages and reviews is kept only as long as it is needed to carry out and
            settle the transport services, and as long as the law requires.
          </Trans>
        </p>
        <p>
          <Trans id="privacy.general.retention.account">
            When you no longer look after any passenger, you can ask for your user account to be removed.
          </Trans>
        </p>
      </Section>

      <Section title={<Trans id="privacy.general.rights.title">Your rights</Trans>}>
        <p>
          <Trans id="privacy.general.rights.intro">You have the right:</Trans>
        </p>
        <BulletList>
          <li>
            <Trans id="privacy.general.rights.access">
              to know what data about you is processed, and to get a copy of it
            </Trans>
          </li>
          <li>
            <Trans id="privacy.general.rights.rectification">
              to have incorrect or incomplete data corrected
            </Trans>
          </li>
          <li>
            <Trans id="privacy.general.rights.erasure">
              to have your data erased, unless the law requires it to be kept
            </Trans>
          </li>
          <li>
            <Trans id="privacy.general.rights.restriction">
              to have the processing of your data restricted in certain situations
            </Trans>
          </li>
          <li>
            <Trans id="privacy.general.rights.objection">
              to object to the processing of your data on grounds relating to your particular situation
            </Trans>
          </li>
        </BulletList>
        <p>
          <Trans id="privacy.general.rights.guardian">
            A guardian can use these rights on behalf of a passenger under 18 years of age in their care.
          </Trans>
        </p>
        <p>
          <Trans id="privacy.general.rights.response">
            Requests about your rights are answered within one month.
          </Trans>
        </p>
        <p>
          <Trans id="privacy.general.rights.complaint">
            If you think that your data is processed unlawfully, you can lodge a complaint with the{' '}
            <a href={dataProtectionOmbudsman} className="link">
              Office of the Data Protection Ombudsman
            </a>
            .
          </Trans>
        </p>
      </Section>
    </>
  )
}
