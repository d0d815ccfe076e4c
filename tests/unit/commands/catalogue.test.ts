import { readFileSync } from 'node:fs'
import { setupI18n } from '@lingui/core'
import { formatter } from '@lingui/format-po'
import { describe, expect, it } from 'vitest'
import { cancelCommand } from '../../../src/commands/cancel'
import { catalogue, commandOf, commandTypes } from '../../../src/commands/catalogue'
import { confirmMessageCommand, markSeenCommand, sendMessageCommand } from '../../../src/commands/messages'
import { commandErrorMessage } from '../../../src/commands/rejections'
import { reviewCommand } from '../../../src/commands/review'
import * as contract from '../../../src/contract'
import { endpoints } from '../../../src/contract/endpoints'
import { locales } from '../../../src/domain/locale'
import { tripWith } from '../domain/trips/fixtures'

const cancelPayload = {
  trips: [
    { id: 't1', date: '2026-11-23' },
    { id: 't2', date: '2026-11-24' },
  ],
  reason: 'Sick',
  source: 'wizard' as const,
  passengerIds: ['p1'],
}
const reviewPayload = {
  trip: { id: 't1', date: '2026-11-23' },
  comment: 'Fine',
  driverStars: 4,
  experienceStars: 5,
  passengerId: 'p1',
}

describe('the command catalogue', () => {
  it('lists each command under its own type', () => {
    expect(commandTypes.sort()).toEqual([
      'message.confirm',
      'message.seen',
      'message.send',
      'trip.cancel',
      'trip.review',
    ])
    for (const type of commandTypes) expect(catalogue[type].type).toBe(type)
  })

  it('checks a stored payload with the contract, local fields included', () => {
    expect(cancelCommand.payload(contract).safeParse(cancelPayload).success).toBe(true)
    expect(reviewCommand.payload(contract).safeParse(reviewPayload).success).toBe(true)
    const { passengerIds: _ids, ...withoutIds } = cancelPayload
    expect(cancelCommand.payload(contract).safeParse(withoutIds).success).toBe(false)
    expect(reviewCommand.payload(contract).safeParse({ ...reviewPayload, driverStars: 6 }).success).toBe(
      false,
    )
  })
})

describe('a cancellation', () => {
  it('sends the trips, the reason and the source to cancelTrips, and keeps the passenger ids local', () => {
    expect(cancelCommand.endpoint).toBe('cancelTrips')
    const { body } = cancelCommand.request(cancelPayload)
    expect(body).toEqual({ trips: cancelPayload.trips, reason: 'Sick', source: 'wizard' })
    expect(endpoints.cancelTrips.body.safeParse(body).success).toBe(true)
  })

  it('sends no source for a command queued before the field existed', () => {
    const { source: _source, ...old } = cancelPayload
    expect(cancelCommand.request(old).body).toEqual({ trips: cancelPayload.trips, reason: 'Sick' })
  })

  it('touches its trips, and its answer is the trips now cancelled', () => {
    expect(cancelCommand.trips(cancelPayload)).toEqual(cancelPayload.trips)
    const answer = [tripWith({ id: 't1' })]
    expect(cancelCommand.affects.trips(answer)).toEqual(answer)
    expect(cancelCommand.affects.trips(null)).toEqual([])
  })

  it('is done once the trip is cancelled, or once an answer left the trip out', () => {
    const trip = tripWith({ id: 't1', date: '2026-11-23' })
    const cancelled = { ...trip, cancelledAt: '2026-11-21T08:01:00Z' }
    expect(cancelCommand.done(trip, { status: 'pending', response: null })).toBe(false)
    expect(cancelCommand.done(cancelled, { status: 'pending', response: null })).toBe(true)
    expect(cancelCommand.done(trip, { status: 'acked', response: [{ id: 't1', date: '2026-11-23' }] })).toBe(
      false,
    )
    expect(cancelCommand.done(trip, { status: 'acked', response: [{ id: 't2', date: '2026-11-24' }] })).toBe(
      true,
    )
    // The answer of another day's trip with the same id does not cancel this one.
    expect(cancelCommand.done(trip, { status: 'acked', response: [{ id: 't1', date: '2026-11-24' }] })).toBe(
      true,
    )
  })
})

describe('a review', () => {
  it('sends the trip, the stars and the comment to reviewTrip, and keeps the passenger id local', () => {
    expect(reviewCommand.endpoint).toBe('reviewTrip')
    const { body } = reviewCommand.request(reviewPayload)
    expect(body).toEqual({ trip: reviewPayload.trip, comment: 'Fine', driverStars: 4, experienceStars: 5 })
    expect(endpoints.reviewTrip.body.safeParse(body).success).toBe(true)
  })

  it('touches its trip, and its answer is the reviewed trip', () => {
    expect(reviewCommand.trips(reviewPayload)).toEqual([reviewPayload.trip])
    const answer = tripWith({ id: 't1' })
    expect(reviewCommand.affects.trips(answer)).toEqual([answer])
  })

  it('is done once the trip carries a review', () => {
    const trip = tripWith({ id: 't1', date: '2026-11-23' })
    const review = { comment: 'Fine', driverStars: 4, experienceStars: 5, createdAt: '2026-11-23T10:00:00Z' }
    expect(reviewCommand.done(trip, { status: 'acked', response: trip })).toBe(false)
    expect(reviewCommand.done({ ...trip, reviews: [review] }, { status: 'pending', response: null })).toBe(
      true,
    )
  })
})

describe('the message commands', () => {
  it('send the passenger and the text to sendMessage, and check them with the contract', () => {
    const payload = { passengerId: 'p1', content: 'Hello' }
    expect(sendMessageCommand.payload(contract).safeParse(payload).success).toBe(true)
    expect(sendMessageCommand.payload(contract).safeParse({ ...payload, content: '  ' }).success).toBe(false)
    const { body } = sendMessageCommand.request(payload)
    expect(body).toEqual(payload)
    expect(endpoints.sendMessage.body.safeParse(body).success).toBe(true)
  })

  it('mark seen and confirm by the message id in the path, and touch no trip', () => {
    expect(markSeenCommand.request({ id: 'm1' })).toEqual({ params: { id: 'm1' } })
    expect(confirmMessageCommand.request({ id: 'm1' })).toEqual({ params: { id: 'm1' } })
    expect(markSeenCommand.endpoint).toBe('markMessageSeen')
    expect(confirmMessageCommand.endpoint).toBe('confirmMessage')
    for (const command of [sendMessageCommand, markSeenCommand, confirmMessageCommand]) {
      expect(command.trips({ id: 'm1', passengerId: 'p1', content: 'x' })).toEqual([])
    }
    expect(markSeenCommand.affects.messages?.({ id: 'm1' })).toEqual([{ id: 'm1' }])
  })

  it("say a message's own reasons for its codes, and the trips' for theirs", () => {
    const notFound = { status: 404, code: contract.errorCodes.notFound }
    expect(commandErrorMessage(notFound, 'message.seen').id).toBe('messages.problem.not_found')
    expect(commandErrorMessage(notFound, 'message.send').id).toBe('messages.problem.passenger_not_found')
    expect(commandErrorMessage(notFound, 'trip.cancel').id).toBe('trips.problem.not_found')
    expect(commandErrorMessage(notFound).id).toBe('trips.problem.not_found')
    expect(
      commandErrorMessage(
        { status: 409, code: contract.errorCodes.confirmationNotRequested },
        'message.confirm',
      ).id,
    ).toBe('messages.problem.confirmation_not_requested')
  })
})

describe('rejection texts', () => {
  it('have the keys of the catalogs', () => {
    expect(cancelCommand.rejection.title.id).toBe('canceltrips.cancellation_error')
    expect(cancelCommand.rejection.notice.id).toBe('notice.cancel_rejected')
    expect(reviewCommand.rejection.title.id).toBe('trips.review_save_failed')
    expect(reviewCommand.rejection.notice.id).toBe('notice.review_rejected')
  })

  it('are translated in every locale, each notice with its reason', async () => {
    const po = formatter({ explicitIdAsDefault: true })
    for (const locale of locales) {
      const text = readFileSync(`locales/${locale}/messages.po`, 'utf8')
      const catalog = (await po.parse(text, {
        locale,
        sourceLocale: 'en',
        filename: `${locale}.po`,
      })) as Record<string, { translation?: string }>
      const i18n = setupI18n({
        locale,
        messages: {
          [locale]: Object.fromEntries(
            Object.entries(catalog).map(([id, entry]) => [id, entry.translation ?? '']),
          ),
        },
      })
      for (const type of commandTypes) {
        const { title, notice, byCode } = commandOf(type).rejection
        for (const descriptor of [title, notice, ...Object.values(byCode)]) {
          expect(catalog[descriptor!.id]?.translation, `${locale} ${descriptor!.id}`).toBeTruthy()
        }
        expect(i18n._(notice.id, { reason: 'REASON' })).toContain('REASON')
      }
    }
  })

  it('give each command its own reason for its own error code', () => {
    expect(commandErrorMessage({ status: 409, code: contract.errorCodes.tripNotCancellable }).id).toBe(
      'canceltrips.cancellation_error',
    )
    expect(commandErrorMessage({ status: 409, code: contract.errorCodes.reviewNotAvailable }).id).toBe(
      'trips.problem.review_not_available',
    )
  })
})
