import { i18n } from '@lingui/core'
import { Temporal } from 'temporal-polyfill'
import { beforeAll, describe, expect, it } from 'vitest'
import { rejectionNotice } from '../../../src/app/session/rejectionNotice'
import { milestoneNotice } from '../../../src/app/session/sessionNotices'
import { pendingRow } from '../../../src/db/outbox'
import type { OutboxCommand } from '../../../src/commands/outboxCommand'
import { tripCommandsOf } from '../../../src/commands/tripView'
import { timeOrDate } from '../../../src/domain/dateDisplay'
import { cancelOf, reviewOf, tripNo } from '../outbox/harness'

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
})

function command<T extends OutboxCommand['type']>(
  seq: number,
  type: T,
  payload: OutboxCommand<T>['payload'],
  changes: Partial<OutboxCommand> = {},
): OutboxCommand {
  const row = pendingRow({ id: `c${seq}`, type, payload, createdAt: '2026-11-21T10:00:00Z' }, seq)
  return { ...row, ...changes } as OutboxCommand
}

describe('the commands of a trip', () => {
  const t1 = { id: 't1', date: '2026-11-23' }

  it('is the latest cancel and review touching the trip', () => {
    const commands = [
      command(1, 'trip.cancel', cancelOf(1), { status: 'rejected', dismissed: false }),
      command(2, 'trip.cancel', cancelOf(2, 1)),
      command(3, 'trip.cancel', cancelOf(3)),
      command(4, 'trip.review', reviewOf(1), { status: 'acked' }),
      command(5, 'trip.review', reviewOf(2)),
    ]
    const found = tripCommandsOf(commands, t1)
    expect([found.cancel?.seq, found.review?.seq]).toEqual([2, 4])
  })

  it('leaves out a dismissed rejection, showing the one before it', () => {
    const commands = [
      command(1, 'trip.cancel', cancelOf(1), { status: 'rejected' }),
      command(2, 'trip.cancel', cancelOf(1), { status: 'rejected', dismissed: true }),
    ]
    expect(tripCommandsOf(commands, t1).cancel?.seq).toBe(1)
    expect(tripCommandsOf(commands, { id: 't1', date: '2026-11-24' })).toEqual({ cancel: null, review: null })
  })
})

describe('last synced', () => {
  it('is the time when it was today in the tenant’s zone, else the date', () => {
    const justAfterMidnight = Temporal.Instant.from('2026-11-21T22:20:00Z') // 00:20 in Helsinki, 22:20 in London
    expect(timeOrDate('2026-11-21T22:10:00Z', justAfterMidnight, 'Europe/Helsinki')).toEqual({
      today: true,
      text: '00:10',
    })
    expect(timeOrDate('2026-11-21T21:50:00Z', justAfterMidnight, 'Europe/Helsinki')).toEqual({
      today: false,
      text: '21.11.2026',
    })
    expect(timeOrDate('2026-11-21T21:50:00Z', justAfterMidnight, 'Europe/London')).toEqual({
      today: true,
      text: '21:50',
    })
  })
})

describe('platform notices', () => {
  it('opens the trip from a pickup notice', () => {
    const notice = milestoneNotice({
      kind: 'pickup',
      trip: tripNo(1, { pickupTime: '2026-11-23T08:00:00+02:00' }),
    })
    expect(notice.message).toBe('Passenger picked up: Anna')
    expect(notice.action).toMatchObject({ label: 'Open trip', to: '/trips/t1/2026-11-23' })
  })

  it('keys a milestone by its kind and trip, so the pull and tracking tell it once', () => {
    const pickup = milestoneNotice({ kind: 'pickup', trip: tripNo(1) })
    expect(pickup.key).toBe('pickup:t1:2026-11-23')
    expect(milestoneNotice({ kind: 'dropoff', trip: tripNo(1) }).key).toBe('dropoff:t1:2026-11-23')
  })

  it('asks to rate the trip after a drop-off when it can be rated', () => {
    const rateable = milestoneNotice({ kind: 'dropoff', trip: tripNo(2, { allowReview: true }) })
    expect(rateable.message).toBe('Passenger dropped off: Anna. Would you like to rate the trip?')
    expect(rateable.action).toMatchObject({ label: 'Rate the trip', to: '/trips/t2/2026-11-23' })
    expect(milestoneNotice({ kind: 'dropoff', trip: tripNo(2) }).message).toBe('Passenger dropped off: Anna')
  })

  it('tells why a command was refused', () => {
    const refused = command(1, 'trip.cancel', cancelOf(3), {
      status: 'rejected',
      lastError: {
        status: 409,
        code: 'trip_not_cancellable',
        errors: [{ property: 'trips.0', error: 'picked_up' }],
      },
    })
    const notice = rejectionNotice(refused)
    expect(notice).toMatchObject({ severity: 'error', action: { to: '/trips/t3/2026-11-23' } })
    expect(notice.message).toBe('The cancellation was not made. The trip had already started.')
  })

  it('tells of a command whose outcome is not known that it may have been made, with its trip', () => {
    const unconfirmed = command(1, 'trip.cancel', cancelOf(3), {
      status: 'rejected',
      lastError: { status: 0, code: 'command_unconfirmed' },
    })
    const notice = rejectionNotice(unconfirmed)
    expect(notice).toMatchObject({ severity: 'error', action: { to: '/trips/t3/2026-11-23' } })
    expect(notice.message).toBe(
      'A change you made offline may not have been saved. It was sent long ago without an answer, so it was ' +
        'not sent again. It may or may not have taken effect: please check, and make it again if needed.',
    )
  })

  it('tells of a row refused as invalid, whatever its type or payload', () => {
    const invalid = { status: 'rejected' as const, lastError: { status: 0, code: 'command_invalid' } }
    const reason = 'It was stored incompletely on this device and could not be sent. Please make it again.'
    const halfCancel = command(1, 'trip.cancel', { reason: 'Sick' } as never, invalid)
    expect(rejectionNotice(halfCancel)).toEqual({
      severity: 'error',
      message: `The cancellation was not made. ${reason}`,
    })
    expect(tripCommandsOf([halfCancel], { id: 't1', date: '2026-11-23' }).cancel).toBeNull()
    const unknown = { ...command(2, 'trip.review', reviewOf(1), invalid), type: 'trip.rebook' } as never
    expect(rejectionNotice(unknown)).toEqual({
      severity: 'error',
      message: `A change you made was not sent. ${reason}`,
    })
  })
})
