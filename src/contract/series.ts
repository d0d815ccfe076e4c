import { z } from 'zod'
import { bookingRequest, bookingResponse } from './booking'
import { id, isoDate, text, textLimits } from './common'

/**
 * Standing orders: what a series of rides needs from the server. The dates themselves are the
 * portal's to work out (src/domain/series/), from the holidays the server names.
 */

/** The longest span of dates whose holidays one request asks for: a series reaches at most 13 weeks. */
export const holidaySpanMaxDays = 400

export const holidaysQuery = z.object({ from: isoDate, to: isoDate })

/** A Finnish public holiday, named in the request's language. */
export const holiday = z.object({ date: isoDate, name: text(textLimits.name, { min: 1 }) })
export type HolidayView = z.infer<typeof holiday>

/** ISO weekdays, 1 Monday to 7 Sunday (the week starts on Monday). */
export const weekday = z.number().int().min(1).max(7)

/** The most rides one request books: every day of a year, well beyond any tenant's reach for a series. */
export const seriesMaxRides = 366

/**
 * A series' rides are on the dates that name them, but for a return booked before this time of day (HH:mm, the
 * tenant's zone) on the day after its first date: such a return may name its outbound's days, as the wizard's did
 * before it named its rides' own (older clients, other callers).
 */
export const seriesReturnPastMidnightBefore = '04:00'

/** What marks a trip that belongs to a series: the series, its weekdays and its last date. */
export const tripSeries = z.object({
  id,
  weekdays: z.array(weekday).min(1).max(7),
  until: isoDate,
})
export type TripSeries = z.infer<typeof tripSeries>

/**
 * A standing order: the first ride's booking as `createBooking` takes it, repeated on `dates` at the first
 * ride's wall-clock time. `dates` are the rides to book in order, the first ride's date first, each later one on
 * one of `weekdays`, and every one no later than `until` (holidays and dates the user took out are simply not in
 * it). A return booked just past midnight (before `seriesReturnPastMidnightBefore`) is on the day after each
 * date, its outbound's; any other ride is on its date.
 * `fitOnly` books the dates that pass every rule and leaves the others out with their reason; otherwise the
 * series is all or none.
 */
export const seriesBookingRequest = z.object({
  booking: bookingRequest,
  weekdays: tripSeries.shape.weekdays,
  until: isoDate,
  dates: z.array(isoDate).min(1).max(seriesMaxRides),
  fitOnly: z.boolean(),
})
export type SeriesBookingRequest = z.input<typeof seriesBookingRequest>

/** A date of the series left out because a rule refused its ride: the refusal's code and translated message. */
export const skippedSeriesDate = z.object({ date: isoDate, code: z.string(), message: z.string() })

export const seriesBookingResponse = z.object({
  seriesId: id,
  booked: z.array(bookingResponse).min(1),
  skipped: z.array(skippedSeriesDate),
})
export type SeriesBookingResponse = z.infer<typeof seriesBookingResponse>
