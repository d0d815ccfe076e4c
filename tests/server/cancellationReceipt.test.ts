import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FeedChange } from '../../src/contract/operatorChanges'
import type { Passenger } from '../../src/contract/passenger'
import type { Trip } from '../../src/contract/trip'
import type { TripRef } from '../../src/contract/tripCommands'
import {
  defaultDispatchSettings,
  type DispatchSettingsRow,
} from '../../server/db/repositories/operatorChanges'
import { tenantDb } from '../../server/db/tenantDb'
import { zonedIso } from '../../server/domain/tripView'
import { startOpsServer } from '../../server/ops/opsServer'
import { acknowledgeCancellations } from '../../server/simulator/dispatchReceipts'
import { tellOverdueCancellations } from '../../server/trips/overdueReceipts'
import { receiptOnDelivery } from '../../server/trips/receipts'
import { api, createTestApp, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { operatorCall, tripChanges } from './support/operatorChanges'
import { parsePrometheusText } from './support/prometheusText'
import { storeDevice } from './support/push'
import { bookTrip, helsinkiIn, timeZone } from './support/trips'

const phone = '+358 9 4242 4242'

describe.each(backends)('cancellations told to dispatch and their receipts on $name', (backend) => {
  let test: TestApp
  let ops: FastifyInstance
  let guardian: string
  let passenger: Passenger
  let account: { id: string; name: string }

  const db = () => tenantDb(test.db, 'espoo')
  const dispatch = (settings: Partial<DispatchSettingsRow>) =>
    db().operatorChanges.setDispatchSettings(
      { ...defaultDispatchSettings, phone, ...settings },
      Temporal.Now.instant(),
    )
  const book = (minutes: number, then: 'cancelled'[] = []) =>
    bookTrip(test.app, 'espoo', { passengerId: passenger.id, start: helsinkiIn(minutes), then })
  const cancel = (trips: TripRef[], extra: Record<string, string> = {}) =>
    api(test.app, 'espoo', guardian, {
      method: 'POST',
      url: '/api/trip/cancel',
      payload: { trips, reason: 'Kuumetta', ...extra },
    })
  const shown = async (ref: TripRef) => {
    const response = await api(test.app, 'espoo', guardian, { url: `/api/passenger/${passenger.id}/trips` })
    return response.json<Trip[]>().find((trip) => trip.id === ref.id)!
  }
  /** The one change the trip's cancellation told. */
  const toldOnce = async (ref: TripRef): Promise<FeedChange> => {
    const changes = await tripChanges(test.app, test.db, 'espoo', ref.id)
    expect(changes).toHaveLength(1)
    return changes[0]!
  }
  /** A cancelled trip and its change, the tenant's dispatch acknowledging. */
  const cancelledTrip = async (minutes = 24 * 60) => {
    await dispatch({ acknowledges: true })
    const ref = await book(minutes)
    expect((await cancel([ref])).statusCode).toBe(200)
    return { ref, change: await toldOnce(ref) }
  }
  const acknowledge = (changeId: string, body: object) =>
    operatorCall(test.app, 'espoo', {
      method: 'PUT',
      url: `/api/operator/changes/${changeId}/acknowledgement`,
      payload: body,
    })
  const receiptEvents = async (ref: TripRef) =>
    (await db().trips.events(ref.id)).filter((event) => event.type === 'cancelReceipt')
  /** An instant as the API writes it, a little while ago. */
  const minutesAgo = (minutes: number) =>
    zonedIso(Temporal.Now.instant().subtract({ minutes }).round('second'), timeZone)

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'], config: { opsPort: 0, pushSender: false } })
    ops = await startOpsServer(test.app, { host: '127.0.0.1', port: 0 })
    guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    passenger = (await api(test.app, 'espoo', guardian, { url: '/api/passenger' })).json<Passenger[]>()[0]!
    account = (await api(test.app, 'espoo', guardian, { url: '/api/account' })).json()
  })
  afterAll(async () => {
    await ops.close()
    await test.close()
  })

  it("tells the operator of a guardian's cancellation once, with its reason code, source, actor and passenger's reference, and when it must be received", async () => {
    await dispatch({ acknowledges: true, acknowledgeByMinutes: 45 })
    const ref = await book(24 * 60)
    const response = await cancel([ref], { reasonCode: 'sick', source: 'wizard' })
    expect(response.statusCode).toBe(200)
    const [cancelled] = response.json<Trip[]>()
    const start = Temporal.Instant.from(cancelled!.startDateTime)
    const acknowledgeBy = zonedIso(start.subtract({ minutes: 45 }), timeZone)
    const row = await db().passengers.find(passenger.id)
    expect(await toldOnce(ref)).toMatchObject({
      type: 'trip.cancelled',
      data: {
        trip: { id: ref.id, date: ref.date, start: cancelled!.startDateTime },
        source: 'wizard',
        reasonCode: 'sick',
        reason: 'Kuumetta',
        actor: { userId: account.id, name: account.name },
        passenger: { id: passenger.id, ref: row!.external_ref },
      },
      acknowledgeBy,
      acknowledgement: null,
    })
    // The guardian waits for the receipt, and knows until when and whom to call.
    const receipt = { state: 'awaiting', at: null, reason: null, acknowledgeBy, phone }
    expect(cancelled!.cancellationReceipt).toEqual(receipt)
    expect((await shown(ref)).cancellationReceipt).toEqual(receipt)
  })

  it("reads a cancellation sent without a reason code as 'other', and tells nothing of one that fails or of the operator's own", async () => {
    const { ref, change } = await cancelledTrip()
    expect(change.data).toMatchObject({ source: 'detail', reasonCode: 'other' })
    expect((await cancel([ref])).statusCode).toBe(409)
    await toldOnce(ref)
    const byOperator = await book(24 * 60, ['cancelled'])
    expect(await tripChanges(test.app, test.db, 'espoo', byOperator.id)).toEqual([])
    expect((await shown(byOperator)).cancellationReceipt).toBeNull()
  })

  it('shows the acknowledgement on the trip as received then; the same again answers the same, the other outcome is 409', async () => {
    const { ref, change } = await cancelledTrip()
    const at = minutesAgo(2)
    const first = await acknowledge(change.id, { outcome: 'applied', at })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ acknowledgement: { outcome: 'applied', reason: null, at } })
    expect((await shown(ref)).cancellationReceipt).toMatchObject({
      state: 'received',
      at,
      reason: null,
      phone,
    })

    const again = await acknowledge(change.id, { outcome: 'applied' })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    const refused = await acknowledge(change.id, { outcome: 'refused', reason: 'Auto on jo matkalla' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'already_acknowledged' })
    expect(await receiptEvents(ref)).toHaveLength(1)
    expect((await shown(ref)).cancellationReceipt).toMatchObject({ state: 'received', at })
  })

  it('shows a refusal with its reason and the number to call', async () => {
    const { ref, change } = await cancelledTrip()
    const response = await acknowledge(change.id, { outcome: 'refused', reason: 'Auto on jo matkalla' })
    expect(response.statusCode).toBe(200)
    expect((await shown(ref)).cancellationReceipt).toMatchObject({
      state: 'refused',
      at: response.json<FeedChange>().acknowledgement!.at,
      reason: 'Auto on jo matkalla',
      phone,
    })
  })

  it('counts a delivered webhook as the receipt only where the dispatch system does not acknowledge', async () => {
    const delivered = receiptOnDelivery(test.db)
    const deliveredAt = Temporal.Now.instant().round('second')
    const { ref: acknowledging, change: waiting } = await cancelledTrip()
    await delivered('espoo', { changeId: waiting.id, deliveredAt })
    expect((await shown(acknowledging)).cancellationReceipt?.state).toBe('awaiting')

    await dispatch({ acknowledges: false })
    const ref = await book(24 * 60)
    expect((await cancel([ref])).statusCode).toBe(200)
    const change = await toldOnce(ref)
    // Neither acknowledged nor sent anywhere: there is nothing to wait for.
    expect((await shown(ref)).cancellationReceipt).toBeNull()
    await delivered('espoo', { changeId: change.id, deliveredAt })
    await delivered('espoo', { changeId: change.id, deliveredAt: deliveredAt.add({ minutes: 1 }) })
    expect((await shown(ref)).cancellationReceipt).toMatchObject({
      state: 'received',
      at: zonedIso(deliveredAt, timeZone),
    })
    expect(await receiptEvents(ref)).toHaveLength(1)
    expect((await db().operatorChanges.find(change.id))?.received_at).toEqual(deliveredAt)
  })

  it("has the demo's dispatch acknowledge a cancellation a few seconds after it, where the tenant's acknowledges", async () => {
    const { ref } = await cancelledTrip()
    const now = Temporal.Now.instant().round('second')
    await acknowledgeCancellations(db(), now)
    expect((await shown(ref)).cancellationReceipt?.state).toBe('awaiting')
    await dispatch({ acknowledges: false })
    await acknowledgeCancellations(db(), now.add({ seconds: 10 }))
    expect((await shown(ref)).cancellationReceipt?.state).toBe('awaiting')
    await dispatch({ acknowledges: true })
    await acknowledgeCancellations(db(), now.add({ seconds: 10 }))
    expect((await shown(ref)).cancellationReceipt).toMatchObject({
      state: 'received',
      at: zonedIso(now.add({ seconds: 10 }), timeZone),
    })
  })

  it('counts in the metrics a cancellation past its deadline until it is received', async () => {
    const overdue = async () => {
      const response = await fetch(`http://127.0.0.1:${(ops.server.address() as AddressInfo).port}/metrics`)
      const family = parsePrometheusText(await response.text()).get('portal_cancellations_unreceived_overdue')
      return family?.samples.find((sample) => sample.labels.tenant === 'espoo')?.value ?? 0
    }
    const before = await overdue()
    // Due 30 minutes before its pickup in 20: already past.
    const { ref, change } = await cancelledTrip(20)
    const receipt = (await shown(ref)).cancellationReceipt!
    expect(receipt.state).toBe('awaiting')
    expect(
      Temporal.Instant.compare(Temporal.Instant.from(receipt.acknowledgeBy!), Temporal.Now.instant()),
    ).toBe(-1)
    expect(await overdue()).toBe(before + 1)
    await acknowledge(change.id, { outcome: 'applied' })
    expect(await overdue()).toBe(before)
  })

  it('pushes the guardians a refusal, and a cancellation not received by its deadline once, while its trip is to come', async () => {
    await storeDevice(test.db, 'espoo', account.id)
    /** The trips of the pushes of `kind` queued for the guardian's device. */
    const pushed = async (kind: string) =>
      (
        await test.db
          .selectFrom('push_deliveries')
          .innerJoin('push_subscriptions', (join) =>
            join
              .onRef('push_subscriptions.id', '=', 'push_deliveries.subscription_id')
              .onRef('push_subscriptions.tenant_id', '=', 'push_deliveries.tenant_id'),
          )
          .select('push_deliveries.data')
          .where('push_subscriptions.user_id', '=', account.id)
          .where('push_deliveries.kind', '=', kind)
          .execute()
      ).map((row) => (row.data as { tripId: string }).tripId)

    // The car will come: a refusal is pushed at once.
    const refused = await cancelledTrip()
    await acknowledge(refused.change.id, { outcome: 'refused', reason: 'Auto on jo matkalla' })
    expect(await pushed('cancellationRefused')).toEqual([refused.ref.id])

    // Past their deadlines: one to come, one received meanwhile, one whose pickup has passed.
    const late = await cancelledTrip(20)
    const received = await cancelledTrip(20)
    const started = await cancelledTrip(-5)
    await acknowledge(received.change.id, { outcome: 'applied' })
    const now = Temporal.Now.instant()
    expect(await tellOverdueCancellations(db(), now)).toBeGreaterThanOrEqual(2)
    const unreceived = await pushed('cancellationUnreceived')
    expect(unreceived).toContain(late.ref.id)
    expect(unreceived).not.toContain(received.ref.id)
    expect(unreceived).not.toContain(started.ref.id)
    // Each is told once, however many look.
    expect(await tellOverdueCancellations(db(), now)).toBe(0)
    expect((await pushed('cancellationUnreceived')).filter((id) => id === late.ref.id)).toHaveLength(1)
  })
})
