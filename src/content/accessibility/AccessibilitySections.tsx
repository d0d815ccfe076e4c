import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { BulletList, DateLine, Section, StandaloneLink, SubSection } from '../ContentBlocks'
import { shellDate } from '../../domain/dateDisplay'

/**
 * The parts of the accessibility statement (Act on the Provision of Digital Services, 306/2019) that are the
 * same for both variants: the portal is the same, so are its compliance status and known limitations.
 */

/** Contact details of the supervisory authority, as it publishes them. */
const authority = {
  websiteUrl: 'https://www.saavutettavuusvaatimukset.fi',
  website: 'www.saavutettavuusvaatimukset.fi',
  email: 'saavutettavuus@avi.fi',
  phone: '0295 016 000',
  phoneHref: 'tel:+358295016000',
} as const

/** The preparation date under the h1; `isoDate` is the calendar date of the statement (`2023-01-25`). */
export function AccessibilityDate({ isoDate }: { isoDate: string }) {
  const date = shellDate(isoDate)
  return (
    <DateLine>
      <Trans id="accessibility.general.prepared">
        Statement prepared on <time dateTime={isoDate}>{date}</time>
      </Trans>
    </DateLine>
  )
}

/** Content that is not accessible: what it is, what to use instead, and the WCAG criterion it misses. */
const limitations: readonly {
  title: MessageDescriptor
  body: MessageDescriptor
  criterion: MessageDescriptor
}[] = [
  {
    title: msg({ id: 'accessibility.general.limitations.map.title', message: 'Map view' }),
    body: msg({
      id: 'accessibility.general.limitations.map.body',
      message:
        'The map that shows the car during a trip is not fully accessible to screen readers, and the position of the car on the map is not announced. The addresses, times and status of the trip are always shown as text next to the map.',
    }),
    criterion: msg({
      id: 'accessibility.general.limitations.map.criterion',
      message: 'WCAG success criterion: 1.1.1 Non-text content',
    }),
  },
  {
    title: msg({
      id: 'accessibility.general.limitations.notices.title',
      message: 'Notifications that close by themselves',
    }),
    body: msg({
      id: 'accessibility.general.limitations.notices.body',
      message:
        'Notifications about a passenger being picked up or dropped off close after 20 seconds. The same information stays visible on the page of the trip.',
    }),
    criterion: msg({
      id: 'accessibility.general.limitations.notices.criterion',
      message: 'WCAG success criterion: 2.2.1 Timing adjustable',
    }),
  },
  {
    title: msg({
      id: 'accessibility.general.limitations.operator_texts.title',
      message: 'Texts written by the transport operator',
    }),
    body: msg({
      id: 'accessibility.general.limitations.operator_texts.body',
      message:
        "Messages and trip notes written by the transport operator's staff are shown as they were written. Their language is not marked, so a screen reader may read a text in another language with the wrong pronunciation.",
    }),
    criterion: msg({
      id: 'accessibility.general.limitations.operator_texts.criterion',
      message: 'WCAG success criterion: 3.1.2 Language of parts',
    }),
  },
]

/** Compliance status, the content that is not accessible, and how the statement was prepared. */
export function AccessibilityStatusSections() {
  const { i18n } = useLingui()
  return (
    <>
      <Section title={<Trans id="accessibility.general.compliance.title">Compliance status</Trans>}>
        <p>
          <Trans id="accessibility.general.compliance.law">
            The Act on the Provision of Digital Services (306/2019) requires public digital services to be
            accessible.
          </Trans>
        </p>
        <p>
          <Trans id="accessibility.general.compliance.body">
            The portal partially meets the level AA requirements of the Web Content Accessibility Guidelines
            (WCAG) 2.1. The content that is not yet accessible is listed below.
          </Trans>
        </p>
      </Section>

      <Section
        title={<Trans id="accessibility.general.limitations.title">Content that is not accessible</Trans>}
      >
        {limitations.map(({ title, body, criterion }) => (
          <SubSection key={title.id} title={i18n._(title)}>
            <p>{i18n._(body)}</p>
            <p className="text-muted">{i18n._(criterion)}</p>
          </SubSection>
        ))}
      </Section>

      <Section
        title={<Trans id="accessibility.general.preparation.title">How this statement was prepared</Trans>}
      >
        <p>
          <Trans id="accessibility.general.preparation.body">
            This statement is based on a self-assessment. The portal was checked with automated accessibility
            tests and by manual checks.
          </Trans>
        </p>
      </Section>
    </>
  )
}

/** Feedback: how fast it is answered is the same for both; `children` says where to send it. */
export function AccessibilityFeedbackSection({ children }: { children: ReactNode }) {
  return (
    <Section title={<Trans id="accessibility.general.feedback.title">Feedback</Trans>}>
      <p>
        <Trans id="accessibility.general.feedback.body">
          Did you notice an accessibility problem in the portal? Tell us about it and we will do our best to
          fix it. We answer feedback within two weeks.
        </Trans>
      </p>
      {children}
    </Section>
  )
}

export function SupervisoryAuthoritySection() {
  const { website, websiteUrl, email, phone, phoneHref } = authority
  return (
    <Section title={<Trans id="accessibility.general.authority.title">Supervisory authority</Trans>}>
      <p>
        <Trans id="accessibility.general.authority.body">
          If you notice accessibility problems, first give feedback to us. If you are not satisfied with the
          answer, or you get no answer within two weeks, you can report the matter to the Regional State
          Administrative Agency for Southern Finland. Its website explains how to make a report and how the
          matter is handled.
        </Trans>
      </p>
      <SubSection
        title={
          <Trans id="accessibility.general.authority.contact.title">
            Contact information of the supervisory authority
          </Trans>
        }
      >
        <BulletList>
          <li>
            <Trans id="accessibility.general.authority.agency">
              Regional State Administrative Agency for Southern Finland
            </Trans>
          </li>
          <li>
            <Trans id="accessibility.general.authority.unit">Accessibility monitoring unit</Trans>
          </li>
          <li>
            <Trans id="accessibility.general.authority.website">
              Website: <StandaloneLink href={websiteUrl}>{website}</StandaloneLink>
            </Trans>
          </li>
          <li>
            <Trans id="accessibility.general.authority.email">
              Email: <StandaloneLink href={`mailto:${email}`}>{email}</StandaloneLink>
            </Trans>
          </li>
          <li>
            <Trans id="accessibility.general.authority.phone">
              Phone (switchboard): <StandaloneLink href={phoneHref}>{phone}</StandaloneLink>
            </Trans>
          </li>
        </BulletList>
      </SubSection>
    </Section>
  )
}
