import { randomUUID } from 'node:crypto'
import { Temporal } from 'temporal-polyfill'
import type { PastMessage } from '../db/repositories/messages'

/** When a line was written: days before the seed's day at a clock time, or a while before the seed itself. */
type When = { daysAgo: number; at: string } | { minutesAgo: number }

interface Line {
  /** The family's passenger it is about: 0 and 1 are the children, 2 the grandparent. */
  passenger: 0 | 1 | 2
  by: 'operator' | 'guardian'
  when: When
  /** `{name}` is the passenger's given name, used only where Finnish keeps it as it is. */
  text: string
  /** The operator asks for a confirmation, given at that time or not yet. */
  confirm?: { daysAgo: number; at: string } | 'pending'
  /** The guardian has not seen this operator message yet. */
  unseen?: true
}

/**
 * The demo guardian's history with the operator: 34 messages over six weeks, so four pages (the last with four,
 * which makes the portal load the page before it too). The operator's last four are unseen; four ask for a
 * confirmation, two given, one seen but not given, one new. Each passenger's newest is the operator's, so the
 * simulator has nothing to answer at the start.
 */
const lines: readonly Line[] = [
  {
    passenger: 0,
    by: 'operator',
    when: { daysAgo: 40, at: '08:05' },
    text: 'Tervetuloa Matkaportaalin viesteihin! Täällä voitte viestiä kuljetuksista suoraan liikennöinnin kanssa.',
  },
  {
    passenger: 0,
    by: 'guardian',
    when: { daysAgo: 40, at: '17:20' },
    text: 'Kiitos! {name} aloittaa koulun maanantaina, kyyti tarvitaan aamuisin klo 7.45.',
  },
  {
    passenger: 0,
    by: 'operator',
    when: { daysAgo: 39, at: '09:10' },
    text: 'Kyyti on kirjattu: nouto kotoa arkisin klo 7.45 maanantaista alkaen.',
  },
  {
    passenger: 1,
    by: 'guardian',
    when: { daysAgo: 36, at: '07:02' },
    text: '{name} on tänään kipeänä, aamun kyytiä ei tarvita.',
  },
  {
    passenger: 1,
    by: 'operator',
    when: { daysAgo: 36, at: '07:15' },
    text: 'Kiitos tiedosta, aamun kyyti on peruttu. Pikaista paranemista!',
  },
  {
    passenger: 2,
    by: 'operator',
    when: { daysAgo: 33, at: '12:30' },
    text: 'Päivätoiminnan aikataulu muuttuu: nouto on jatkossa klo 8.30. Vahvistattehan, että aika sopii.',
    confirm: { daysAgo: 33, at: '18:05' },
  },
  { passenger: 2, by: 'guardian', when: { daysAgo: 33, at: '18:06' }, text: 'Aika sopii hyvin, kiitos.' },
  {
    passenger: 0,
    by: 'operator',
    when: { daysAgo: 30, at: '14:00' },
    text: 'Syyslomaviikolla koulukuljetukset ajetaan vain niille, jotka ovat ilmoittaneet tarpeesta.',
  },
  {
    passenger: 0,
    by: 'guardian',
    when: { daysAgo: 29, at: '19:45' },
    text: '{name} ei tarvitse kyytiä syyslomalla.',
  },
  {
    passenger: 0,
    by: 'operator',
    when: { daysAgo: 29, at: '20:10' },
    text: 'Selvä, syysloman kyydit on poistettu.',
  },
  {
    passenger: 1,
    by: 'guardian',
    when: { daysAgo: 26, at: '07:40' },
    text: 'Auto ei ole vielä tullut, onko se matkalla?',
  },
  {
    passenger: 1,
    by: 'operator',
    when: { daysAgo: 26, at: '07:44' },
    text: 'Auto on myöhässä ruuhkan vuoksi, arvioitu nouto klo 7.55. Pahoittelemme.',
  },
  {
    passenger: 2,
    by: 'operator',
    when: { daysAgo: 24, at: '10:00' },
    text: 'Kuljettaja ilmoitti, että rollaattori jäi autoon. Palautamme sen huomisen kyydin yhteydessä.',
  },
  { passenger: 2, by: 'guardian', when: { daysAgo: 24, at: '16:30' }, text: 'Kiitos, hyvä että löytyi!' },
  {
    passenger: 0,
    by: 'operator',
    when: { daysAgo: 21, at: '13:15' },
    text: 'Iltapäiväkerho päättyy jatkossa klo 16.00, joten siirrämme kotikyydin klo 16.10. Vahvistakaa muutos.',
    confirm: { daysAgo: 21, at: '15:02' },
  },
  {
    passenger: 1,
    by: 'guardian',
    when: { daysAgo: 20, at: '08:00' },
    text: 'Voisiko {name} jäädä kyydistä keskiviikkoisin isovanhempien luona?',
  },
  {
    passenger: 1,
    by: 'operator',
    when: { daysAgo: 20, at: '11:25' },
    text: 'Pysyvä muutos tarvitsee kunnan päätöksen. Välitämme pyynnön koulukuljetusten käsittelijälle.',
  },
  {
    passenger: 1,
    by: 'operator',
    when: { daysAgo: 17, at: '09:30' },
    text: 'Kunta hyväksyi keskiviikkojen osoitteen. Muutos on voimassa ensi viikosta.',
  },
  {
    passenger: 0,
    by: 'operator',
    when: { daysAgo: 14, at: '06:50' },
    text: 'Liukas keli: autot voivat olla aamulla 5–10 minuuttia myöhässä.',
  },
  { passenger: 0, by: 'guardian', when: { daysAgo: 14, at: '07:05' }, text: 'Kiitos tiedosta.' },
  {
    passenger: 2,
    by: 'guardian',
    when: { daysAgo: 12, at: '15:40' },
    text: 'Saisiko ensi torstain kyydin tuntia myöhemmin? Aamulla on lääkäriaika.',
  },
  {
    passenger: 2,
    by: 'operator',
    when: { daysAgo: 12, at: '16:05' },
    text: 'Torstain kyyti on siirretty: nouto klo 9.30.',
  },
  {
    passenger: 1,
    by: 'operator',
    when: { daysAgo: 10, at: '10:10' },
    text: 'Muistutus: joulujuhlapäivänä kotikyydit lähtevät jo klo 12.00.',
  },
  { passenger: 1, by: 'guardian', when: { daysAgo: 9, at: '18:20' }, text: 'Kiitos muistutuksesta.' },
  {
    passenger: 2,
    by: 'operator',
    when: { daysAgo: 7, at: '12:00' },
    text: 'Päivätoiminta on suljettu ensi perjantaina, joten perjantain kyydit perutaan. Vahvistattehan, ettei kyytiä tarvita.',
    confirm: 'pending',
  },
  {
    passenger: 0,
    by: 'guardian',
    when: { daysAgo: 6, at: '08:15' },
    text: '{name} unohti pipon autoon, löytyisikö se?',
  },
  {
    passenger: 0,
    by: 'operator',
    when: { daysAgo: 6, at: '09:02' },
    text: 'Kuljettaja löysi pipon, se tuodaan iltapäivän kyydissä.',
  },
  {
    passenger: 1,
    by: 'operator',
    when: { daysAgo: 4, at: '14:30' },
    text: 'Reitillä aloittaa maanantaina uusi kuljettaja. Auto ja aikataulu pysyvät samoina.',
  },
  { passenger: 1, by: 'guardian', when: { daysAgo: 3, at: '19:00' }, text: 'Selvä, kiitos!' },
  {
    passenger: 0,
    by: 'operator',
    when: { daysAgo: 2, at: '11:45' },
    text: 'Palautekysely koulukuljetuksista on avattu. Kiitos, jos ehditte vastata!',
    unseen: true,
  },
  {
    passenger: 2,
    by: 'guardian',
    when: { daysAgo: 1, at: '17:10' },
    text: 'Huomenna kyyti tarvitaan vasta klo 10.00.',
  },
  {
    passenger: 2,
    by: 'operator',
    when: { daysAgo: 1, at: '17:30' },
    text: 'Huomisen nouto on siirretty klo 10.00.',
    unseen: true,
  },
  {
    passenger: 0,
    by: 'operator',
    when: { minutesAgo: 180 },
    text: 'Huomisen aamun kyyti lähtee tietöiden vuoksi 15 minuuttia tavallista aikaisemmin. Vahvistakaa, että muutos sopii.',
    confirm: 'pending',
    unseen: true,
  },
  {
    passenger: 1,
    by: 'operator',
    when: { minutesAgo: 40 },
    text: 'Iltapäivän auto on arviolta 10 minuuttia myöhässä.',
    unseen: true,
  },
]

/** How many messages the demo guardian has on every tenant (the README says so). */
export const demoMessageCount = lines.length

/** How long after a message arrived the guardian saw it. */
const seenAfter = Temporal.Duration.from({ minutes: 25 })

export interface DemoMessages {
  messages: PastMessage[]
  seen: { messageId: string; userId: string; at: Temporal.Instant }[]
}

/**
 * The demo guardian's messages about their three passengers (`givenNames` in the same order), relative to
 * `now`, which is in the demo's time zone: the same history on every seed but for the ids and the days.
 */
export function demoMessages(
  passengers: readonly { id: string; givenName: string }[],
  guardianId: string,
  operatorName: string,
  now: Temporal.ZonedDateTime,
): DemoMessages {
  const instant = (when: { daysAgo: number; at: string }) =>
    now
      .toPlainDate()
      .subtract({ days: when.daysAgo })
      .toZonedDateTime({ timeZone: now.timeZoneId, plainTime: Temporal.PlainTime.from(when.at) })
      .toInstant()
  const result: DemoMessages = { messages: [], seen: [] }
  for (const line of lines) {
    const passenger = passengers[line.passenger]!
    const id = randomUUID()
    const createdAt =
      'minutesAgo' in line.when
        ? now.toInstant().subtract({ minutes: line.when.minutesAgo })
        : instant(line.when)
    const byGuardian = line.by === 'guardian'
    result.messages.push({
      id,
      passengerId: passenger.id,
      from: byGuardian ? { userId: guardianId } : { operatorName },
      content: line.text.replace('{name}', passenger.givenName),
      createdAt,
      confirmationRequested: line.confirm !== undefined,
      ...(line.confirm && line.confirm !== 'pending'
        ? { confirmedBy: { userId: guardianId, at: instant(line.confirm) } }
        : {}),
    })
    if (!byGuardian && !line.unseen)
      result.seen.push({ messageId: id, userId: guardianId, at: createdAt.add(seenAfter) })
  }
  return result
}
