import { Temporal } from 'temporal-polyfill'
import { operatorMessageRequest, type OperatorMessageRequest } from '../../src/contract/messages'
import type { TenantDb } from '../db/tenantDb'
import { demoAccounts } from '../demo/accounts'
import { sendOperatorMessage } from '../outbox/operatorMessages'

/** How long a guardian's message waits for the operator's answer. */
export const replyAfter = Temporal.Duration.from({ minutes: 1 })

/** The operator writes to the demo guardian when it has written to none of their passengers for this long. */
export const noticeEvery = Temporal.Duration.from({ hours: 3 })

const replies = [
  'Kiitos viestistä! Tieto on välitetty kuljettajalle.',
  'Kiitos, muutos on kirjattu.',
  'Selvä, otamme asian hoitaaksemme ja palaamme tarvittaessa.',
] as const

const notices: readonly OperatorMessageRequest[] = [
  { content: 'Autot voivat olla tänään muutaman minuutin myöhässä ruuhkien vuoksi.' },
  { content: 'Muistutus: ilmoitattehan poissaoloista viimeistään edellisenä päivänä.' },
  {
    content: 'Huomisen kyydin auto vaihtuu tilapäisesti. Vahvistakaa, että olette saaneet tiedon.',
    requestConfirmation: true,
  },
]

/** Picks from `list` by how many `unit`s have passed since the epoch: the same choice at the same time. */
function byTime<T>(list: readonly T[], now: Temporal.Instant, unit: Temporal.Duration): T {
  return list[Math.floor(now.epochMilliseconds / unit.total('milliseconds')) % list.length]!
}

/**
 * Keeps the tenant's demo guardian in conversation, as an operator would, through the operator API's own path
 * (the request parsed by its schema, written at `now`): a passenger whose newest message is a guardian's at
 * least `replyAfter` old gets an answer, and when the operator has written to none of the passengers for
 * `noticeEvery`, one of them (by the hour) gets a notice, one in three asking for a confirmation. Returns the
 * passengers written to.
 */
export async function keepGuardianWritten(db: TenantDb, now: Temporal.Instant): Promise<string[]> {
  const guardian = await db.users.findByUserName(demoAccounts.guardian.userName)
  if (!guardian) return []
  const ids = (await db.passengers.listGranted(guardian.id)).map((passenger) => passenger.id)
  if (ids.length === 0) return []
  const send = async (passengerId: string, request: OperatorMessageRequest) => {
    await sendOperatorMessage(db, passengerId, operatorMessageRequest.parse(request), now)
    return passengerId
  }
  const unanswered = (await db.messages.latestOfPassengers(ids)).filter(
    (latest) =>
      latest.sender === 'user' && Temporal.Instant.compare(latest.createdAt.add(replyAfter), now) <= 0,
  )
  if (unanswered.length > 0) {
    const content = byTime(replies, now, Temporal.Duration.from({ minutes: 1 }))
    const answered: string[] = []
    for (const latest of unanswered) answered.push(await send(latest.passengerId, { content }))
    return answered
  }
  const last = await db.messages.lastFromOperator(ids)
  if (last && Temporal.Instant.compare(last.add(noticeEvery), now) > 0) return []
  const hour = Temporal.Duration.from({ hours: 1 })
  return [await send(byTime(ids, now, hour), byTime(notices, now, hour))]
}
