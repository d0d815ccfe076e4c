import { describe, expect, it } from 'vitest'
import {
  ackWaitMs,
  dateErrors,
  distantRequest,
  distantState,
  offeredTrips,
  type CancelRequest,
} from '../../../machines/cancelTrips/cancelTrips.machine'
import {
  aino,
  command,
  dataOf,
  eero,
  key,
  now,
  ref,
  settle,
  startWizard,
  timeZone,
  today,
  trips,
} from './cancelTripsFixtures'
import { tripOf } from '../db/samples'

type Wizard = ReturnType<typeof startWizard>

const period = (wizard: Wizard, start: string, end: string) => {
  wizard.actor.send({ type: 'dates.mode', mode: 'period' })
  wizard.actor.send({ type: 'dates.start', value: start })
  wizard.actor.send({ type: 'dates.end', value: end })
}

/** Two passengers, both chosen, over Tuesday to Thursday: at the trips step. */
function atTrips() {
  const wizard = startWizard()
  wizard.actor.send(dataOf([aino, eero]))
  period(wizard, '2026-03-10', '2026-03-12')
  wizard.actor.send({ type: 'wizard.next' })
  wizard.actor.send({ type: 'passenger.toggle', passengerId: aino.id })
  wizard.actor.send({ type: 'passenger.toggle', passengerId: eero.id })
  wizard.actor.send({ type: 'wizard.next' })
  return wizard
}

/** Aino's and Eero's trips of today chosen, a reason written, and Send pressed. */
async function sent(queue?: (request: CancelRequest) => Promise<string>) {
  const wizard = queue ? startWizard({ queue }) : startWizard()
  wizard.actor.send(dataOf([aino, eero]))
  wizard.actor.send({ type: 'wizard.next' })
  wizard.actor.send({ type: 'passenger.toggle', passengerId: aino.id })
  wizard.actor.send({ type: 'passenger.toggle', passengerId: eero.id })
  wizard.actor.send({ type: 'wizard.next' })
  wizard.actor.send({ type: 'trip.toggle', trip: ref(trips.ainoToday) })
  wizard.actor.send({ type: 'trip.toggle', trip: ref(trips.eeroToday) })
  wizard.actor.send({ type: 'wizard.next' })
  wizard.actor.send({ type: 'reason.change', value: '  Sick today  ' })
  wizard.actor.send({ type: 'wizard.send' })
  await settle()
  return wizard
}

describe('cancel trips wizard: dates', () => {
  it('starts on a single date, today', () => {
    const { actor, context } = startWizard()
    expect(actor.getSnapshot().value).toBe('dates')
    expect(context()).toMatchObject({ mode: 'single', start: today, end: today, showErrors: false })
  })

  it('keeps Next disabled until the local data has arrived', () => {
    const { actor, can } = startWizard()
    expect(can('wizard.next')).toBe(false)
    actor.send(dataOf([aino, eero]))
    expect(can('wizard.next')).toBe(true)
  })

  it.each([
    ['', 'must_not_be_empty'],
    ['10.03.2026', 'check_date_format'],
    ['2026-02-30', 'check_date_format'],
    ['2026-03-09', 'before_today'],
  ])('rejects the start %j (%s), shows the error and focuses it', (value, error) => {
    const { actor, context, focusError } = startWizard()
    actor.send(dataOf([aino, eero]))
    actor.send({ type: 'dates.start', value })
    expect(dateErrors(context()).start).toBe(error)
    actor.send({ type: 'wizard.next' })
    expect(actor.getSnapshot().value).toBe('dates')
    expect(context().showErrors).toBe(true)
    expect(focusError).toHaveBeenCalledTimes(1)
  })

  it('moves the end with the start when the start passes it, and not otherwise', () => {
    const wizard = startWizard()
    period(wizard, '2026-03-10', '2026-03-12')
    wizard.actor.send({ type: 'dates.start', value: '2026-03-14' })
    expect(wizard.context().end).toBe('2026-03-14')
    wizard.actor.send({ type: 'dates.end', value: '2026-03-20' })
    wizard.actor.send({ type: 'dates.start', value: '2026-03-11' })
    expect(wizard.context().end).toBe('2026-03-20')
  })

  it('gives the end of a new period the start, and keeps a later end', () => {
    const wizard = startWizard()
    wizard.actor.send({ type: 'dates.start', value: '2026-03-11' })
    wizard.actor.send({ type: 'dates.mode', mode: 'period' })
    expect(wizard.context()).toMatchObject({ start: '2026-03-11', end: '2026-03-11' })
    wizard.actor.send({ type: 'dates.end', value: '2026-03-13' })
    wizard.actor.send({ type: 'dates.mode', mode: 'single' })
    wizard.actor.send({ type: 'dates.mode', mode: 'period' })
    expect(wizard.context().end).toBe('2026-03-13')
  })

  it('rejects an end before the start, but ignores the end of a single date', () => {
    const wizard = startWizard()
    wizard.actor.send(dataOf([aino, eero]))
    period(wizard, '2026-03-12', '2026-03-11')
    expect(dateErrors(wizard.context())).toEqual({ start: null, end: 'before_start' })
    wizard.actor.send({ type: 'wizard.next' })
    expect(wizard.actor.getSnapshot().value).toBe('dates')
    wizard.actor.send({ type: 'dates.mode', mode: 'single' })
    expect(dateErrors(wizard.context())).toEqual({ start: null, end: null })
    wizard.actor.send({ type: 'wizard.next' })
    expect(wizard.actor.getSnapshot().value).toBe('passengers')
    expect(wizard.context().showErrors).toBe(false)
  })
})

describe('cancel trips wizard: passengers', () => {
  it('skips the step with one passenger, chooses that passenger, and Back skips it too', () => {
    const { actor, context } = startWizard()
    actor.send(dataOf([aino]))
    actor.send({ type: 'wizard.next' })
    expect(actor.getSnapshot().value).toBe('trips')
    expect(context()).toMatchObject({ passengerIds: [aino.id], passengersSkipped: true })
    actor.send({ type: 'wizard.back' })
    expect(actor.getSnapshot().value).toBe('dates')
  })

  it('asks for a passenger before Next, and Back returns to the passengers step when it was shown', () => {
    const { actor, context, focusError } = startWizard()
    actor.send(dataOf([aino, eero]))
    actor.send({ type: 'wizard.next' })
    expect(actor.getSnapshot().value).toBe('passengers')
    actor.send({ type: 'wizard.next' })
    expect(actor.getSnapshot().value).toBe('passengers')
    expect(context().showErrors).toBe(true)
    expect(focusError).toHaveBeenCalledTimes(1)
    actor.send({ type: 'passenger.toggle', passengerId: eero.id })
    actor.send({ type: 'wizard.next' })
    expect(actor.getSnapshot().value).toBe('trips')
    expect(context().showErrors).toBe(false)
    actor.send({ type: 'wizard.back' })
    expect(actor.getSnapshot().value).toBe('passengers')
    actor.send({ type: 'wizard.back' })
    expect(actor.getSnapshot().value).toBe('dates')
  })

  it("drops a deselected passenger's chosen trips and keeps the others", () => {
    const { actor, context } = atTrips()
    actor.send({ type: 'trip.toggle', trip: ref(trips.ainoToday) })
    actor.send({ type: 'trip.toggle', trip: ref(trips.eeroWednesday) })
    actor.send({ type: 'wizard.back' })
    actor.send({ type: 'passenger.toggle', passengerId: eero.id })
    expect(context().chosen).toEqual([{ ...ref(trips.ainoToday), passengerId: aino.id }])
  })

  it('forgets a passenger who is no longer present, with their trips', () => {
    const { actor, context } = atTrips()
    actor.send({ type: 'trip.toggle', trip: ref(trips.eeroToday) })
    actor.send(dataOf([aino]))
    expect(context()).toMatchObject({ passengerIds: [aino.id], chosen: [] })
  })
})

describe('cancel trips wizard: trips', () => {
  it('offers only cancellable trips of the chosen passengers within the frame', () => {
    const { context } = atTrips()
    expect(offeredTrips(context()).map((trip) => trip.id)).toEqual(['a1', 'a2', 'e1', 'e3'])
  })

  it('does not offer a trip whose cancellation already waits in the outbox, nor lets it be chosen', () => {
    const { actor, context } = atTrips()
    actor.send(dataOf([aino, eero], [key(trips.ainoToday)]))
    expect(offeredTrips(context()).map((trip) => trip.id)).toEqual(['a2', 'e1', 'e3'])
    actor.send({ type: 'trip.toggle', trip: ref(trips.ainoToday) })
    actor.send({ type: 'trip.toggle', trip: ref(trips.eeroPickedUp) })
    expect(context().chosen).toEqual([])
  })

  it('disables Next when no cancellable trips exist', () => {
    const { actor, can } = startWizard()
    actor.send(dataOf([eero]))
    // Wednesday: Eero's morning trip is already picked up; his afternoon one waits in the outbox.
    actor.send({ type: 'dates.start', value: '2026-03-11' })
    actor.send(dataOf([eero], [key(trips.eeroWednesday)]))
    actor.send({ type: 'wizard.next' })
    expect(actor.getSnapshot().value).toBe('trips')
    expect(offeredTrips(actor.getSnapshot().context)).toEqual([])
    expect(can('wizard.next')).toBe(false)
    actor.send({ type: 'wizard.next' })
    expect(actor.getSnapshot().value).toBe('trips')
  })

  it('asks for a trip when some are offered but none is chosen', () => {
    const { actor, can, context, focusError } = atTrips()
    expect(can('wizard.next')).toBe(true)
    actor.send({ type: 'wizard.next' })
    expect(actor.getSnapshot().value).toBe('trips')
    expect(context().showErrors).toBe(true)
    expect(focusError).toHaveBeenCalledTimes(1)
    actor.send({ type: 'trip.toggle', trip: ref(trips.ainoThursday) })
    actor.send({ type: 'trip.toggle', trip: ref(trips.eeroToday) })
    actor.send({ type: 'trip.toggle', trip: ref(trips.ainoThursday) })
    expect(context().chosen.map((trip) => trip.id)).toEqual(['e1'])
    actor.send({ type: 'wizard.next' })
    expect(actor.getSnapshot().value).toBe('reason')
  })

  it('drops chosen trips outside a narrowed frame', () => {
    const { actor, context } = atTrips()
    actor.send({ type: 'trip.toggle', trip: ref(trips.ainoThursday) })
    actor.send({ type: 'trip.toggle', trip: ref(trips.ainoToday) })
    actor.send({ type: 'wizard.back' })
    actor.send({ type: 'wizard.back' })
    actor.send({ type: 'dates.end', value: '2026-03-11' })
    expect(context().chosen.map((trip) => trip.id)).toEqual(['a1'])
  })

  it('returns from the reason to the trips when the clock passes the only chosen trip', () => {
    const { actor, context } = atTrips()
    actor.send({ type: 'trip.toggle', trip: ref(trips.ainoToday) })
    actor.send({ type: 'wizard.next' })
    expect(actor.getSnapshot().value).toBe('reason')
    actor.send({ type: 'clock.tick', now: '2026-03-10T10:00:01Z' })
    expect(context().chosen).toEqual([])
    expect(actor.getSnapshot().value).toBe('trips')
  })
})

describe('cancel trips wizard: reason', () => {
  it.each(['', '   \n '])('does not send the blank reason %j', (reason) => {
    const { actor, context, queued, focusError } = atTrips()
    actor.send({ type: 'trip.toggle', trip: ref(trips.ainoToday) })
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'reason.change', value: reason })
    actor.send({ type: 'wizard.send' })
    expect(actor.getSnapshot().value).toBe('reason')
    expect(context().showErrors).toBe(true)
    expect(focusError).toHaveBeenCalledTimes(1)
    expect(queued).toEqual([])
    actor.send({ type: 'wizard.back' })
    expect(actor.getSnapshot().value).toBe('trips')
  })

  it("queues one command with the trips, the trimmed reason and the trips' passengers", async () => {
    const { actor, queued } = await sent()
    expect(queued).toEqual([
      {
        trips: [ref(trips.ainoToday), ref(trips.eeroToday)],
        reason: 'Sick today',
        reasonCode: 'other',
        passengerIds: [aino.id, eero.id],
      },
    ])
    expect(actor.getSnapshot().value).toEqual({ result: 'waiting' })
    expect(actor.getSnapshot().context.commandId).toBe('cmd-1')
  })

  it("sends a one-tap code with its words, and asks a text for 'other'", async () => {
    const { actor, queued } = atTrips()
    actor.send({ type: 'trip.toggle', trip: ref(trips.ainoToday) })
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'reason.code', code: 'other', words: 'Muu syy' })
    actor.send({ type: 'wizard.send' })
    expect(actor.getSnapshot().value).toBe('reason')
    actor.send({ type: 'reason.code', code: 'otherTransport', words: 'Muu kyyti' })
    actor.send({ type: 'wizard.send' })
    await settle()
    expect(queued).toEqual([
      {
        trips: [ref(trips.ainoToday)],
        reason: 'Muu kyyti',
        reasonCode: 'otherTransport',
        passengerIds: [aino.id],
      },
    ])
  })
})

describe('cancel trips wizard: result', () => {
  it('succeeds when the server confirms every trip', async () => {
    const { actor, context } = await sent()
    actor.send(command('sending'))
    expect(actor.getSnapshot().value).toEqual({ result: 'waiting' })
    actor.send(command('acked', { response: [trips.eeroToday, trips.ainoToday] }))
    expect(actor.getSnapshot().value).toEqual({ result: 'cancelled' })
    expect(actor.getSnapshot().hasTag('finished')).toBe(true)
    expect(context().cancelledCount).toBe(2)
  })

  it('shows x/y when the server cancelled fewer trips than chosen', async () => {
    const { actor, context } = await sent()
    actor.send(command('acked', { response: [trips.ainoToday] }))
    expect(actor.getSnapshot().value).toEqual({ result: 'partlyCancelled' })
    expect([context().cancelledCount, context().sent?.trips.length]).toEqual([1, 2])
  })

  it('shows the rejection with its reason', async () => {
    const lastError = {
      status: 409,
      code: 'trip_not_cancellable',
      errors: [{ property: 'trips.0', error: 'picked_up' }],
    }
    const { actor, context } = await sent()
    actor.send(command('rejected', { lastError }))
    expect(actor.getSnapshot().value).toEqual({ result: 'rejected' })
    expect(context().failure).toEqual(lastError)
  })

  it('ignores the changes of another command', async () => {
    const { actor } = await sent()
    actor.send({
      type: 'command.update',
      command: { ...command('acked').command, id: 'other', response: [] },
    })
    expect(actor.getSnapshot().value).toEqual({ result: 'waiting' })
  })

  it('says the cancellation is saved, not done, when the server has not answered after a while', async () => {
    const { actor, clock } = await sent()
    actor.send(command('pending', { lastError: { status: 0, code: 'network' } }))
    clock.increment(ackWaitMs - 1)
    expect(actor.getSnapshot().value).toEqual({ result: 'waiting' })
    clock.increment(1)
    expect(actor.getSnapshot().value).toEqual({ result: 'queued' })
    expect(actor.getSnapshot().hasTag('finished')).toBe(false)
    actor.send(command('acked', { response: [trips.ainoToday, trips.eeroToday] }))
    expect(actor.getSnapshot().value).toEqual({ result: 'cancelled' })
  })

  it('says so at once when offline', async () => {
    const wizard = await sent()
    wizard.actor.send({ type: 'network.change', online: false })
    expect(wizard.actor.getSnapshot().value).toEqual({ result: 'queued' })
    wizard.actor.send(command('rejected', { lastError: { status: 409, code: 'trip_not_cancellable' } }))
    expect(wizard.actor.getSnapshot().value).toEqual({ result: 'rejected' })
  })

  it('goes straight to saved when sent offline', async () => {
    const wizard = startWizard()
    wizard.actor.send({ type: 'network.change', online: false })
    wizard.actor.send(dataOf([aino]))
    wizard.actor.send({ type: 'wizard.next' })
    wizard.actor.send({ type: 'trip.toggle', trip: ref(trips.ainoToday) })
    wizard.actor.send({ type: 'wizard.next' })
    wizard.actor.send({ type: 'reason.change', value: 'Flu' })
    wizard.actor.send({ type: 'wizard.send' })
    await settle()
    expect(wizard.actor.getSnapshot().value).toEqual({ result: 'queued' })
  })

  it('reports a command that could not be stored, and lets the user go back', async () => {
    const { actor } = await sent(() => Promise.reject(new Error('QuotaExceededError')))
    expect(actor.getSnapshot().value).toEqual({ result: 'failed' })
    actor.send({ type: 'wizard.back' })
    expect(actor.getSnapshot().value).toBe('reason')
  })

  it('restarts fresh, keeping the local data', async () => {
    const { actor, context } = await sent()
    actor.send(command('acked', { response: [trips.ainoToday] }))
    actor.send({ type: 'wizard.restart' })
    expect(actor.getSnapshot().value).toBe('dates')
    expect(context()).toMatchObject({
      timeZone,
      now,
      mode: 'single',
      start: today,
      passengerIds: [],
      chosen: [],
      reason: '',
      reasonCode: null,
      sent: null,
      commandId: null,
      cancelledCount: null,
    })
    expect(context().passengers).toHaveLength(2)
  })
})

describe('cancel trips wizard: dates past the two weeks', () => {
  // Today is 10.3.2026: the device has trips through 24.3.
  const later = tripOf('a9', aino, '2026-03-26T08:00:00+02:00')
  function atPeriod(start: string, end: string, online = true) {
    const wizard = startWizard()
    wizard.actor.send(dataOf([aino, eero]))
    wizard.actor.send({ type: 'network.change', online })
    wizard.actor.send({ type: 'dates.mode', mode: 'period' })
    wizard.actor.send({ type: 'dates.start', value: start })
    wizard.actor.send({ type: 'dates.end', value: end })
    wizard.actor.send({ type: 'wizard.next' })
    wizard.actor.send({ type: 'passenger.toggle', passengerId: eero.id })
    wizard.actor.send({ type: 'passenger.toggle', passengerId: aino.id })
    return wizard
  }

  it('asks for nothing while the dates are within the device’s trips', () => {
    const { context } = atPeriod('2026-03-11', '2026-03-24')
    expect(distantRequest(context())).toBeNull()
    expect(distantState(context())).toBeNull()
  })

  it('asks the server for the chosen passengers’ trips on the dates past them, named by one key', () => {
    const { context } = atPeriod('2026-03-20', '2026-04-02')
    expect(distantRequest(context())).toEqual({
      key: `2026-03-25|2026-04-02|${aino.id}|${eero.id}`,
      passengerIds: [aino.id, eero.id],
      from: '2026-03-25',
      to: '2026-04-02',
    })
    expect(distantState(context())).toBe('loading')
  })

  it('offers the trips the server found there beside the local ones, and drops a stale answer', () => {
    const { actor, context } = atPeriod('2026-03-11', '2026-04-02')
    const request = distantRequest(context())!
    actor.send({ type: 'distant.update', key: 'stale', status: 'loaded', trips: [later] })
    expect(offeredTrips(context()).map((trip) => trip.id)).not.toContain(later.id)
    // A trip the device has too is offered once.
    actor.send({
      type: 'distant.update',
      key: request.key,
      status: 'loaded',
      trips: [later, trips.ainoThursday],
    })
    expect(offeredTrips(context()).map((trip) => trip.id)).toEqual(['a2', 'e3', 'a9'])
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'trip.toggle', trip: ref(later) })
    expect(context().chosen).toEqual([{ ...ref(later), passengerId: aino.id }])
    // Another passenger set is another request: the answer no longer counts, and the choice goes with it.
    actor.send({ type: 'wizard.back' })
    actor.send({ type: 'passenger.toggle', passengerId: eero.id })
    expect(distantState(context())).toBe('loading')
    expect(context().chosen).toEqual([])
  })

  it('says offline when it cannot ask, and failed when the server did not answer', () => {
    const { actor, context } = atPeriod('2026-03-26', '2026-03-27', false)
    expect(distantState(context())).toBe('offline')
    actor.send({ type: 'network.change', online: true })
    actor.send({ type: 'distant.update', key: distantRequest(context())!.key, status: 'failed', trips: [] })
    expect(distantState(context())).toBe('failed')
    expect(offeredTrips(context())).toEqual([])
  })
})
