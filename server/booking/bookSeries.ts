import { randomUUID } from 'node:crypto'
import { Temporal } from 'temporal-polyfill'
import type { BookingResponse } from '../../src/contract/booking'
import { errorCodes, type FieldError } from '../../src/contract/common'
import type { SeriesBookingRequest, SeriesBookingResponse, TripSeries } from '../../src/contract/series'
import { rideInstant } from '../../src/domain/series/seriesDates'
import { latestSeriesEnd } from '../../src/domain/series/seriesEnd'
import type { TenantDb } from '../db/tenantDb'
import { HttpError } from '../plugins/errors'
import { bookTrip } from './book'
import type { BookingContext } from './judge'
import type { StopLookup } from './stopAddresses'

export interface SeriesContext extends BookingContext {
  lookups: readonly StopLookup[]
  series: Omit<SeriesBookingRequest, 'booking'>
  /** The tenant's reach for a series from its first ride, in weeks. */
  horizonWeeks: number
}

function invalid(property: string, message: string): HttpError {
  return new HttpError(400, errorCodes.validation, message, [{ property, error: 'invalid_value' }])
}

/**
 * What the series says of itself: its dates in order, once each, the first the first ride's, each later one on a
 * chosen weekday and by `until`, and `until` by the end of the permission's last period and the tenant's horizon.
 * The first date is the booked time's, or the day before it: a return's time just past midnight is booked on
 * the day of its outbound, which the series' dates name.
 */
async function checkSeries(
  db: TenantDb,
  context: SeriesContext,
  bookedDate: Temporal.PlainDate,
): Promise<Temporal.PlainDate[]> {
  const { series } = context
  const dates = series.dates.map((date) => Temporal.PlainDate.from(date))
  const dayOffset = dates[0]!.until(bookedDate).days
  if (dayOffset !== 0 && dayOffset !== 1) throw invalid('dates.0', "The first date is the first ride's")
  const until = Temporal.PlainDate.from(series.until)
  const days = new Set(series.weekdays)
  dates.forEach((date, index) => {
    if (index === 0) return
    if (Temporal.PlainDate.compare(date, dates[index - 1]!) <= 0)
      throw invalid(`dates.${index}`, 'The dates go in order, each once')
    if (!days.has(date.dayOfWeek)) throw invalid(`dates.${index}`, "A date is on one of the series' weekdays")
    if (Temporal.PlainDate.compare(date, until) > 0)
      throw invalid(`dates.${index}`, 'A date is by the end date')
  })
  const permission = await db.permissions.find(context.request.transportationPermissionId)
  const latest = latestSeriesEnd(dates[0]!, permission?.periods ?? [], context.horizonWeeks)
  if (latest === null || Temporal.PlainDate.compare(until, latest) > 0)
    throw invalid('until', `The series ends by ${latest?.toString() ?? 'its first ride'}`)
  return dates
}

/** A ride's refusal as the series': its errors name the date first (`dates.{index}`), then what the ride's did. */
function atDate(error: unknown, index: number): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 400) return error
  const errors: FieldError[] = [{ property: `dates.${index}`, error: error.code }, ...(error.errors ?? [])]
  return new HttpError(400, error.code, error.message, errors)
}

/**
 * Books a standing order; call inside a transaction. The first ride is booked as `bookTrip` books one (a refusal
 * of it refuses the series); each later date's ride is the booking at the same wall-clock time on that date,
 * judged by every rule and booked the same way. The permission stays locked from the first ride on, so the quota
 * the series uses is counted ride by ride and no other booking takes it meanwhile. A later ride refused refuses
 * the whole series (400 naming the date, and the transaction rolls back), unless `fitOnly`, which leaves the
 * date out with its reason.
 */
export async function bookSeries(db: TenantDb, context: SeriesContext): Promise<SeriesBookingResponse> {
  const weekdays = [...new Set(context.series.weekdays)].sort((a, b) => a - b)
  const series: TripSeries = { id: randomUUID(), weekdays, until: context.series.until }
  const bookedAt = context.booked.toZonedDateTimeISO(context.timeZone)
  let first: BookingResponse
  try {
    first = await bookTrip(db, context, series)
  } catch (error) {
    throw atDate(error, 0)
  }
  const dates = await checkSeries(db, context, bookedAt.toPlainDate())
  // The booked time's day may follow the series' date (a return just past midnight): it moves with the date.
  const bookedDayOffset = dates[0]!.until(bookedAt.toPlainDate())
  const booked = [first]
  const skipped: SeriesBookingResponse['skipped'] = []
  for (const [index, date] of dates.entries()) {
    if (index === 0) continue
    const ride = { ...context, booked: rideInstant(date.add(bookedDayOffset), bookedAt) }
    try {
      booked.push(await bookTrip(db, ride, series))
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 400 || !context.series.fitOnly)
        throw atDate(error, index)
      skipped.push({ date: date.toString(), code: error.code, message: error.message })
    }
  }
  return { seriesId: series.id, booked, skipped }
}
