import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { cancelTripMachine, type CancelTripPayload } from '../../../machines/cancelTrip/cancelTrip.machine'
import type { TripRef } from '../../../src/contract/tripCommands'
import type { FollowingScope } from '../../../src/domain/trips/followingScope'

/** A series trip's scope: its later trips on this device and, when given, its return series'. */
function scopeOf(later: TripRef[], returnSeries: FollowingScope['returnSeries'] = null): FollowingScope {
  return { later, count: 1 + later.length, continuesUntil: null, returnSeries }
}

function start(
  queue: (payload: CancelTripPayload) => Promise<string> = () => Promise.resolve('cmd-1'),
  scope: FollowingScope | null = null,
) {
  const payloads: CancelTripPayload[] = []
  const machine = cancelTripMachine.provide({
    actors: {
      queueCancel: fromPromise<string, CancelTripPayload>(({ input }) => {
        payloads.push(input)
        return queue(input)
      }),
    },
  })
  const actor = createActor(machine, {
    input: { trip: { id: 't-1', date: '2026-11-23' }, passengerId: 'p-1', scope },
  }).start()
  const type = (value: string) => actor.send({ type: 'reason.change', value })
  return { actor, type, payloads }
}

describe('trip detail cancel dialog machine', () => {
  it('starts editing with an empty reason and no error shown', () => {
    const { actor } = start()
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context).toMatchObject({
      reason: { code: null, words: '', text: '' },
      touched: false,
    })
  })

  it('ignores a confirm until the reason is valid', () => {
    const { actor, payloads } = start()
    actor.send({ type: 'cancel.confirm' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(payloads).toEqual([])
  })

  it('treats a blank reason as empty and marks it touched', () => {
    const { actor, type } = start()
    type('   ')
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.touched).toBe(true)
  })

  it('marks the field touched when left empty', () => {
    const { actor } = start()
    actor.send({ type: 'reason.blur' })
    expect(actor.getSnapshot().context.touched).toBe(true)
  })

  it('is valid with a reason, and editing again when it is cleared', () => {
    const { actor, type } = start()
    type('Sick')
    expect(actor.getSnapshot().value).toBe('valid')
    type('')
    expect(actor.getSnapshot().value).toBe('editing')
  })

  it('queues one cancel command for the trip and its passenger, with the reason trimmed', async () => {
    const { actor, type, payloads } = start()
    type('  Sick today ')
    actor.send({ type: 'cancel.confirm' })
    expect(actor.getSnapshot().value).toBe('queueing')
    await waitFor(actor, (snapshot) => snapshot.matches('queued'))
    expect(payloads).toEqual([
      {
        trips: [{ id: 't-1', date: '2026-11-23' }],
        reason: 'Sick today',
        reasonCode: 'other',
        passengerIds: ['p-1'],
      },
    ])
    expect(actor.getSnapshot().context.commandId).toBe('cmd-1')
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('returns to valid with an error when the command cannot be stored, and can retry', async () => {
    let attempt = 0
    const { actor, type } = start(() =>
      ++attempt === 1 ? Promise.reject(new Error('quota exceeded')) : Promise.resolve('cmd-2'),
    )
    type('Sick')
    actor.send({ type: 'cancel.confirm' })
    await waitFor(actor, (snapshot) => snapshot.matches('valid'))
    expect(actor.getSnapshot().context.failed).toBe(true)
    expect(actor.getSnapshot().context.commandId).toBeNull()
    actor.send({ type: 'cancel.confirm' })
    await waitFor(actor, (snapshot) => snapshot.matches('queued'))
    expect(actor.getSnapshot().context.commandId).toBe('cmd-2')
  })

  it('has no real outbox without one provided', async () => {
    const actor = createActor(cancelTripMachine, {
      input: { trip: { id: 't-1', date: '2026-11-23' }, passengerId: 'p-1', scope: null },
    }).start()
    actor.send({ type: 'reason.change', value: 'Sick' })
    actor.send({ type: 'cancel.confirm' })
    await waitFor(actor, (snapshot) => snapshot.context.failed)
    expect(actor.getSnapshot().value).toBe('valid')
  })

  it("cancels the series' following trips too when chosen, showing this device's later ones pending", async () => {
    const later = [{ id: 't-2', date: '2026-11-26' }]
    const { actor, type, payloads } = start(undefined, scopeOf(later))
    type('Moved away')
    actor.send({ type: 'scope.change', following: true })
    actor.send({ type: 'scope.change', following: false })
    actor.send({ type: 'scope.change', following: true })
    actor.send({ type: 'cancel.confirm' })
    await waitFor(actor, (snapshot) => snapshot.matches('queued'))
    expect(payloads).toEqual([
      {
        trips: [{ id: 't-1', date: '2026-11-23' }],
        reason: 'Moved away',
        reasonCode: 'other',
        passengerIds: ['p-1'],
        following: true,
        followingShown: later,
      },
    ])
  })

  it("cancels the return series' too when chosen with the following, as one command", async () => {
    const later = [{ id: 't-2', date: '2026-11-26' }]
    const back = { first: { id: 'r-1', date: '2026-11-23' }, later: [{ id: 'r-2', date: '2026-11-26' }] }
    const { actor, payloads } = start(undefined, scopeOf(later, { ...back, count: 2, continuesUntil: null }))
    actor.send({ type: 'reason.code', code: 'holiday', words: 'Loma' })
    // The return goes only with the following trips: alone it changes nothing.
    actor.send({ type: 'return.change', withReturn: true })
    actor.send({ type: 'scope.change', following: true })
    actor.send({ type: 'cancel.confirm' })
    await waitFor(actor, (snapshot) => snapshot.matches('queued'))
    expect(payloads[0]).toMatchObject({
      trips: [{ id: 't-1', date: '2026-11-23' }, back.first],
      following: true,
      followingShown: [...later, ...back.later],
    })
  })

  it('sends only the trip and its series when the return is not chosen, or when there is none', async () => {
    const none = start(undefined, scopeOf([]))
    none.actor.send({ type: 'return.change', withReturn: true })
    expect(none.actor.getSnapshot().context.withReturn).toBe(false)
    const back = { first: { id: 'r-1', date: '2026-11-23' }, later: [], count: 1, continuesUntil: null }
    const { actor, type, payloads } = start(undefined, scopeOf([], back))
    type('Muutto')
    actor.send({ type: 'return.change', withReturn: true })
    actor.send({ type: 'return.change', withReturn: false })
    actor.send({ type: 'scope.change', following: true })
    actor.send({ type: 'cancel.confirm' })
    await waitFor(actor, (snapshot) => snapshot.matches('queued'))
    expect(payloads[0]).toMatchObject({ trips: [{ id: 't-1', date: '2026-11-23' }], followingShown: [] })
  })

  it('is valid with one tap on a code, and sends its words as the reason with the code', async () => {
    const { actor, payloads } = start()
    actor.send({ type: 'reason.code', code: 'holiday', words: 'Loma tai vapaapäivä' })
    expect(actor.getSnapshot().value).toBe('valid')
    actor.send({ type: 'cancel.confirm' })
    await waitFor(actor, (snapshot) => snapshot.matches('queued'))
    expect(payloads[0]).toMatchObject({ reason: 'Loma tai vapaapäivä', reasonCode: 'holiday' })
  })

  it("needs a text for 'other', and sends the text rather than the code's words", async () => {
    const { actor, type, payloads } = start()
    actor.send({ type: 'reason.code', code: 'other', words: 'Muu syy' })
    expect(actor.getSnapshot().value).toBe('editing')
    type(' Moved ')
    actor.send({ type: 'reason.code', code: 'sick', words: 'Sairas' })
    actor.send({ type: 'cancel.confirm' })
    await waitFor(actor, (snapshot) => snapshot.matches('queued'))
    expect(payloads[0]).toMatchObject({ reason: 'Moved', reasonCode: 'sick' })
  })

  it('offers no following trips for a trip of no series', async () => {
    const { actor, type, payloads } = start()
    type('Sick')
    actor.send({ type: 'scope.change', following: true })
    expect(actor.getSnapshot().context.following).toBe(false)
    actor.send({ type: 'cancel.confirm' })
    await waitFor(actor, (snapshot) => snapshot.matches('queued'))
    expect(payloads[0]).not.toHaveProperty('following')
  })
})
