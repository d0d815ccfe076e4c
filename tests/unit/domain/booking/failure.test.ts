import { describe, expect, it } from 'vitest'
import { bookingFailure } from '../../../../src/domain/booking/failure'

describe('what a failed booking says (spec section 8)', () => {
  it.each([
    ['a 400 with a message', 400, { code: 'quota_used_up', message: 'No trips left' }, 'No trips left'],
    ['a 400 with a blank message', 400, { code: 'x', message: '  ' }, null],
    ['a 400 without a body', 400, null, null],
    ['a 409 with a message', 409, { code: 'idempotency_in_flight', message: 'In flight' }, null],
    ['a 500', 500, { code: 'internal_error', message: 'Boom' }, null],
  ])('%s: booking.failed with %j', (_, status, body, serverMessage) => {
    expect(bookingFailure(status, body)).toEqual({ kind: 'failed', serverMessage })
  })

  it.each([
    ['English', { code: 'refused', message: 'The municipality does not allow this trip' }],
    ['Finnish', { code: 'refused', message: 'Kunnan päätös ei salli matkaa' }],
    ['Swedish', { code: 'refused', message: 'Kommunen tillåter inte resan' }],
    ['the code', { code: 'municipality_refused', message: 'Not allowed' }],
  ])('a 400 about the municipality (%s) becomes booking.error_municipality', (_, body) => {
    expect(bookingFailure(400, body)).toEqual({ kind: 'municipality' })
  })

  it('a series refused for one of its rides names that ride’s date', () => {
    const dates = ['2026-12-01', '2026-12-03', '2026-12-08']
    const body = {
      code: 'booking_no_quota',
      message: 'No trips left',
      errors: [{ property: 'dates.2' }, { property: 'transportationPermissionId' }],
    }
    expect(bookingFailure(400, body, dates)).toEqual({
      kind: 'failed',
      serverMessage: 'No trips left',
      date: '2026-12-08',
    })
    // A refusal of the series itself, or one of a single ride, names none.
    expect(bookingFailure(400, { ...body, errors: [{ property: 'until' }] }, dates)).not.toHaveProperty(
      'date',
    )
    expect(bookingFailure(400, body)).not.toHaveProperty('date')
  })

  it('a 429 says to wait a moment, whatever the message', () => {
    expect(
      bookingFailure(429, { code: 'too_many_requests', message: 'Too many route measurements' }),
    ).toEqual({
      kind: 'tooManyRequests',
    })
  })
})
