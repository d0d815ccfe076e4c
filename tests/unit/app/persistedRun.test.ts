import { afterEach, describe, expect, it, vi } from 'vitest'
import { assign, createActor, fromPromise, setup, type AnyStateMachine, type Snapshot } from 'xstate'
import { cancelTripsMachine, type CancelTripsEvent } from '../../../machines/cancelTrips/cancelTrips.machine'
import { cancelTripsPersistence } from '../../../machines/cancelTrips/cancelTrips.persist'
import type { FlowPersistence } from '../../../machines/shared/persistence'
import { PersistedRun, type SnapshotStore } from '../../../src/app/effects/persistedRun'
import { aino, dataOf, eero, now, ref, timeZone, trips } from '../machines/cancelTripsFixtures'

/**
 * The run behind `usePersistedMachine`, driven as the hook drives it (open at mount, start once the screen
 * knows its facts, close at unmount), on a small flow of its own and a store in memory.
 */

const flowMachine = setup({
  types: {
    context: {} as { day: string; count: number; local: string[] },
    events: {} as
      { type: 'add' } | { type: 'busy' } | { type: 'resume' } | { type: 'finish' } | { type: 'local' },
    input: {} as { day: string },
  },
}).createMachine({
  context: ({ input }) => ({ day: input.day, count: 0, local: [] }),
  on: { local: { actions: assign({ local: ['read model'] }) } },
  initial: 'editing',
  states: {
    editing: {
      on: {
        add: { actions: assign({ count: ({ context }) => context.count + 1 }) },
        busy: 'busy',
        finish: 'done',
      },
    },
    busy: { on: { resume: 'editing' } },
    done: {},
  },
})

type Facts = { day: string }

const contextOf = (saved: unknown): Record<string, unknown> =>
  typeof saved === 'object' && saved !== null && 'context' in saved
    ? (saved.context as Record<string, unknown>)
    : {}

/** Saves a touched, unfinished flow without its local data; keeps the last save while busy; restores a day's. */
const persistence = {
  flow: 'counter',
  decide: (snapshot) => {
    if (snapshot.matches('busy')) return 'keep'
    return snapshot.matches('done') || snapshot.context.count === 0 ? 'clear' : 'save'
  },
  saved: (persisted) => ({ ...persisted, context: { ...contextOf(persisted), local: [] } }),
  restore: vi.fn(async (saved: unknown, facts: Facts) =>
    contextOf(saved).day === facts.day ? (saved as Snapshot<unknown>) : null,
  ),
} satisfies FlowPersistence<typeof flowMachine, Facts>

const begin =
  (day = '2026-11-23') =>
  () => ({ input: { day }, facts: { day } })

/** The user's snapshots in memory, each write recorded; `load` answers what is saved unless told otherwise. */
function memoryStore(saved: Record<string, unknown> = {}) {
  const values = new Map(Object.entries(saved))
  const writes: unknown[] = []
  const store = {
    values,
    writes,
    load: vi.fn((flow: string): Promise<unknown> => Promise.resolve(values.get(flow) ?? null)),
    save: vi.fn(async (flow: string, value: unknown) => {
      writes.push(value)
      values.set(flow, value)
    }),
    clear: vi.fn(async (flow: string) => {
      writes.push('cleared')
      values.delete(flow)
    }),
  } satisfies SnapshotStore & Record<string, unknown>
  return store
}

/** A counter as an earlier run saved it, through JSON as IndexedDB keeps it. */
function savedCounter(count: number, day = '2026-11-23'): unknown {
  const actor = createActor(flowMachine, { input: { day } }).start()
  for (let i = 0; i < count; i++) actor.send({ type: 'add' })
  return JSON.parse(JSON.stringify(persistence.saved(actor.getPersistedSnapshot())))
}

/** Opens and starts a run the way the hook does, and records the count of every state listeners are told of. */
function openRun(store: SnapshotStore) {
  const run = new PersistedRun(flowMachine, persistence, store)
  const seen: (number | null)[] = []
  run.subscribe(() => seen.push(run.getActor()?.getSnapshot().context.count ?? null))
  run.open()
  run.start(begin())
  return { run, seen }
}

/** The run's flow once it has started (a restore may first load its schema's module: slow on a busy machine). */
function running<TMachine extends AnyStateMachine, Facts>(run: PersistedRun<TMachine, Facts>) {
  return vi.waitFor(() => run.getActor() ?? Promise.reject(new Error('not running')), { timeout: 10_000 })
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  vi.restoreAllMocks()
  persistence.restore.mockClear()
})

describe('a persisted flow', () => {
  it('starts nothing until the saved snapshot is read and what it starts with is known', async () => {
    const store = memoryStore()
    let read: (value: unknown) => void = () => {}
    store.load.mockReturnValueOnce(new Promise((resolve) => (read = resolve)))
    const run = new PersistedRun(flowMachine, persistence, store)
    run.open()
    await settle()
    expect(run.getActor()).toBeNull()
    run.start(begin())
    await settle()
    expect(run.getActor()).toBeNull()
    read(null)
    await settle()
    expect(run.getActor()?.getSnapshot().value).toBe('editing')
    expect(run.getActor()?.getSnapshot().context).toEqual({ day: '2026-11-23', count: 0, local: [] })
  })

  it('continues from a snapshot its rules restore: the first state it shows is the restored one', async () => {
    const store = memoryStore({ counter: savedCounter(2) })
    const { run, seen } = openRun(store)
    await running(run)
    expect(seen).toEqual([2])
    expect(run.getActor()?.getSnapshot().context.count).toBe(2)
    expect(persistence.restore).toHaveBeenCalledWith(store.values.get('counter'), { day: '2026-11-23' })
  })

  it('starts fresh and clears the saved snapshot when its rules do not restore it', async () => {
    const store = memoryStore({ counter: savedCounter(2, '2026-11-22') })
    const { run } = openRun(store)
    await running(run)
    expect(run.getActor()?.getSnapshot().context.count).toBe(0)
    await settle()
    expect(store.writes).toEqual(['cleared'])
    expect(store.values.has('counter')).toBe(false)
  })

  it('asks its rules to restore only when a snapshot was saved', async () => {
    await running(openRun(memoryStore()).run)
    expect(persistence.restore).not.toHaveBeenCalled()
  })

  it('starts fresh when the saved snapshot cannot be read or restored', async () => {
    const unreadable = memoryStore()
    unreadable.load.mockRejectedValueOnce(new Error('IndexedDB closed'))
    const first = openRun(unreadable)
    expect((await running(first.run)).getSnapshot().context.count).toBe(0)

    persistence.restore.mockRejectedValueOnce(new Error('chunk failed to load'))
    const second = openRun(memoryStore({ counter: savedCounter(2) }))
    expect((await running(second.run)).getSnapshot().context.count).toBe(0)
  })

  it('saves after each change as its rules decide, never the same twice, without the local data', async () => {
    const store = memoryStore()
    const actor = await running(openRun(store).run)
    const send = async (type: 'add' | 'busy' | 'resume' | 'finish' | 'local') => {
      actor.send({ type })
      await settle()
    }
    await send('add')
    await send('local')
    await send('busy')
    await send('add')
    await send('resume')
    await send('add')
    await send('finish')
    const counts = store.writes.map((write) => (write === 'cleared' ? write : contextOf(write)))
    expect(counts).toEqual([
      'cleared',
      { day: '2026-11-23', count: 1, local: [] },
      { day: '2026-11-23', count: 2, local: [] },
      'cleared',
    ])
  })

  it('writes one save at a time, in order, and goes on after a failed one', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const store = memoryStore()
    let inFlight = 0
    let most = 0
    const order: number[] = []
    store.save.mockImplementation(async (_flow, value) => {
      inFlight++
      most = Math.max(most, inFlight)
      await settle()
      inFlight--
      const count = (value as { context: { count: number } }).context.count
      order.push(count)
      if (count === 2) throw new Error('quota exceeded')
    })
    const actor = await running(openRun(store).run)
    for (let i = 0; i < 4; i++) actor.send({ type: 'add' })
    await vi.waitFor(() => expect(order).toEqual([1, 2, 3, 4]))
    expect(most).toBe(1)
    expect(error).toHaveBeenCalledWith('Saving the counter flow failed', expect.any(Error))
  })

  it('starts with the latest start given before the saved snapshot is read, and no later one', async () => {
    const store = memoryStore()
    let read: (value: unknown) => void = () => {}
    store.load.mockReturnValueOnce(new Promise((resolve) => (read = resolve)))
    const run = new PersistedRun(flowMachine, persistence, store)
    run.open()
    run.start(begin('2026-11-23'))
    run.start(begin('2026-11-24'))
    read(null)
    await vi.waitFor(() => expect(run.getActor()?.getSnapshot().context.day).toBe('2026-11-24'))
    const actor = run.getActor()
    run.start(begin('2026-11-25'))
    await settle()
    expect(run.getActor()).toBe(actor)
    expect(actor?.getSnapshot().context.day).toBe('2026-11-24')
  })

  it('stops the machine and its saving when closed, and runs again from what is saved when reopened', async () => {
    const store = memoryStore()
    const { run } = openRun(store)
    const actor = await running(run)
    actor.send({ type: 'add' })
    await settle()
    run.close()
    expect(run.getActor()).toBeNull()
    expect(actor.getSnapshot().status).toBe('stopped')
    const writes = store.writes.length
    await settle()
    expect(store.writes).toHaveLength(writes)

    run.open()
    run.start(begin())
    await vi.waitFor(() => expect(run.getActor()?.getSnapshot().context.count).toBe(1))
    expect(run.getActor()).not.toBe(actor)
  })

  it('starts nothing from a read that ends after it was closed (a strict-mode remount)', async () => {
    const store = memoryStore({ counter: savedCounter(3) })
    let firstRead: (value: unknown) => void = () => {}
    store.load.mockReturnValueOnce(new Promise((resolve) => (firstRead = resolve)))
    const { run, seen } = openRun(store)
    run.close()
    run.open()
    run.start(begin())
    await vi.waitFor(() => expect(run.getActor()?.getSnapshot().context.count).toBe(3))
    const actor = run.getActor()!
    firstRead(null)
    await settle()
    expect(run.getActor()).toBe(actor)
    expect(seen).toEqual([3])
  })
})

describe('the cancel wizard as a persisted flow', () => {
  const machine = cancelTripsMachine.provide({
    actors: { queueCancel: fromPromise(() => Promise.resolve('cmd-1')) },
  })
  const startAt = (at: string) => () => ({
    input: { timeZone, now: at },
    facts: { now: at, timeZone, passengerIds: [aino.id, eero.id] },
  })
  const toReason: CancelTripsEvent[] = [
    dataOf([aino, eero]),
    { type: 'wizard.next' },
    { type: 'passenger.toggle', passengerId: aino.id },
    { type: 'wizard.next' },
    { type: 'trip.toggle', trip: ref(trips.ainoToday) },
    { type: 'wizard.next' },
    { type: 'reason.change', value: 'Family trip' },
  ]

  async function savedAtReason(store: SnapshotStore & { values: Map<string, unknown> }) {
    const run = new PersistedRun(machine, cancelTripsPersistence, store)
    run.open()
    run.start(startAt(now))
    const actor = await running(run)
    for (const event of toReason) actor.send(event)
    await vi.waitFor(() => expect(contextOf(store.values.get('canceltrips')).reason).toBe('Family trip'))
    run.close()
  }

  it('continues after a reload at the step it was saved at, waiting for the local data again', async () => {
    const store = memoryStore()
    await savedAtReason(store)
    const run = new PersistedRun(machine, cancelTripsPersistence, store)
    run.open()
    run.start(startAt('2026-03-10T09:00:00Z'))
    const snapshot = (await running(run)).getSnapshot()
    expect(snapshot.value).toBe('reason')
    expect(snapshot.context).toMatchObject({
      reason: 'Family trip',
      now: '2026-03-10T09:00:00Z',
      passengers: null,
    })
  })

  it('starts fresh on another day and clears the saved wizard', async () => {
    const store = memoryStore()
    await savedAtReason(store)
    const run = new PersistedRun(machine, cancelTripsPersistence, store)
    run.open()
    run.start(startAt('2026-03-11T08:00:00Z'))
    const snapshot = (await running(run)).getSnapshot()
    expect(snapshot.value).toBe('dates')
    expect(snapshot.context.start).toBe('2026-03-11')
    await vi.waitFor(() => expect(store.values.has('canceltrips')).toBe(false))
  })
})
