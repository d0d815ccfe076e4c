import { describe, expect, it } from 'vitest'
import type { CancelTripsEvent } from '../../../machines/cancelTrips/cancelTrips.machine'
import { decide, withoutLocalData } from '../../../machines/cancelTrips/cancelTrips.persist'
import { restorable } from '../../../machines/cancelTrips/cancelTrips.restore'
import {
  aino,
  command,
  dataOf,
  eero,
  now,
  ref,
  settle,
  startWizard,
  timeZone,
  trips,
} from './cancelTripsFixtures'

type Wizard = ReturnType<typeof startWizard>

const current = { now, timeZone, passengerIds: [aino.id, eero.id] }

/** What the screen saves and reads back: the persisted snapshot, through JSON as IndexedDB would keep it. */
const saved = (wizard: Wizard) =>
  JSON.parse(JSON.stringify(withoutLocalData(wizard.actor.getPersistedSnapshot())))

/** Restores a saved snapshot and feeds the local data again, as the screen does. */
function restored(raw: unknown, facts = current) {
  const snapshot = restorable(raw, facts)
  if (!snapshot) throw new Error('not restorable')
  const wizard = startWizard({ snapshot })
  wizard.actor.send(dataOf([aino, eero]))
  return wizard
}

/** The whole journey, one event at a time; Send queues the command `cmd-1`. */
const journey: CancelTripsEvent[] = [
  { type: 'dates.mode', mode: 'period' },
  { type: 'dates.end', value: '2026-03-11' },
  { type: 'wizard.next' },
  { type: 'passenger.toggle', passengerId: aino.id },
  { type: 'passenger.toggle', passengerId: eero.id },
  { type: 'wizard.next' },
  { type: 'trip.toggle', trip: ref(trips.ainoToday) },
  { type: 'trip.toggle', trip: ref(trips.eeroWednesday) },
  { type: 'wizard.next' },
  { type: 'reason.change', value: 'Family trip' },
  { type: 'wizard.send' },
]

describe('cancel trips wizard: persisted snapshot', () => {
  it('continues after a reload at every step and ends the same way', async () => {
    const straight = startWizard()
    straight.actor.send(dataOf([aino, eero]))
    for (const event of journey) straight.actor.send(event)
    await settle()
    const expected = straight.actor.getSnapshot()

    for (let done = 1; done < journey.length; done++) {
      const before = startWizard()
      before.actor.send(dataOf([aino, eero]))
      for (const event of journey.slice(0, done)) before.actor.send(event)
      const after = restored(saved(before))
      expect(after.actor.getSnapshot().value).toEqual(before.actor.getSnapshot().value)
      for (const event of journey.slice(done)) after.actor.send(event)
      await settle()
      expect(after.actor.getSnapshot().value).toEqual(expected.value)
      expect(after.queued).toEqual(straight.queued)
      expect(after.actor.getSnapshot().context.sent).toEqual(expected.context.sent)
    }
  })

  it('restores a wait for the server as saved, then follows the command to its end', async () => {
    const before = startWizard()
    before.actor.send(dataOf([aino, eero]))
    for (const event of journey) before.actor.send(event)
    await settle()
    expect(before.actor.getSnapshot().value).toEqual({ result: 'waiting' })
    const after = restored(saved(before))
    expect(after.actor.getSnapshot().value).toEqual({ result: 'queued' })
    expect(after.queued).toEqual([])
    after.actor.send(command('acked', { response: [trips.ainoToday] }))
    expect(after.actor.getSnapshot().value).toEqual({ result: 'partlyCancelled' })
  })

  it('saves nothing new while the command is being stored, and clears when finished or restarted', async () => {
    let store: (id: string) => void = () => {}
    const wizard = startWizard({ queue: () => new Promise((resolve) => (store = resolve)) })
    expect(decide(wizard.actor.getSnapshot())).toBe('clear')
    wizard.actor.send(dataOf([aino, eero]))
    for (const event of journey.slice(0, -1)) {
      wizard.actor.send(event)
      expect(decide(wizard.actor.getSnapshot())).toBe('save')
    }
    wizard.actor.send({ type: 'wizard.send' })
    expect(decide(wizard.actor.getSnapshot())).toBe('keep')
    store('cmd-1')
    await settle()
    expect(decide(wizard.actor.getSnapshot())).toBe('save')
    wizard.actor.send(command('acked', { response: [trips.ainoToday, trips.eeroWednesday] }))
    expect(decide(wizard.actor.getSnapshot())).toBe('clear')
    wizard.actor.send({ type: 'wizard.restart' })
    expect(decide(wizard.actor.getSnapshot())).toBe('clear')
  })

  it('does not save the local data', () => {
    const wizard = startWizard()
    wizard.actor.send(dataOf([aino, eero]))
    expect(saved(wizard).context).toMatchObject({ passengers: null, trips: [], pendingTrips: [] })
  })

  it('waits for the local data before pruning a restored choice', () => {
    const before = startWizard()
    before.actor.send(dataOf([aino, eero]))
    for (const event of journey.slice(0, 9)) before.actor.send(event)
    const snapshot = restorable(saved(before), current)!
    const after = startWizard({ snapshot })
    after.actor.send({ type: 'clock.tick', now })
    expect(after.actor.getSnapshot().context.chosen).toHaveLength(2)
    expect(after.actor.getSnapshot().value).toBe('reason')
  })

  it('starts fresh from a snapshot of another day, another time zone, or for a passenger no longer present', () => {
    const wizard = startWizard()
    wizard.actor.send(dataOf([aino, eero]))
    for (const event of journey.slice(0, 6)) wizard.actor.send(event)
    const raw = saved(wizard)
    expect(restorable(raw, current)).not.toBeNull()
    expect(restorable(raw, { ...current, now: '2026-03-10T22:00:00Z' })).toBeNull()
    expect(restorable(raw, { ...current, timeZone: 'Europe/London' })).toBeNull()
    expect(restorable(raw, { ...current, passengerIds: [aino.id] })).toBeNull()
  })

  it.each([
    ['nothing', null],
    ['not a snapshot', 'hello'],
    ['an unknown step', { status: 'active', value: 'summary', context: {}, children: {} }],
    ['a finished result', { status: 'active', value: { result: 'cancelled' }, context: {}, children: {} }],
  ])('starts fresh from %s', (_, raw) => {
    expect(restorable(raw, current)).toBeNull()
  })

  it('starts fresh from a snapshot with a broken context', () => {
    const wizard = startWizard()
    wizard.actor.send(dataOf([aino, eero]))
    const raw = saved(wizard)
    expect(restorable({ ...raw, context: { ...raw.context, chosen: [{ id: 'a1' }] } }, current)).toBeNull()
    expect(restorable({ ...raw, context: { ...raw.context, mode: 'week' } }, current)).toBeNull()
  })
})
