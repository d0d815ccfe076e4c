import { randomUUID } from 'node:crypto'
import type { I18n } from '@lingui/core'
import { Temporal } from 'temporal-polyfill'
import { errorCodes, type FieldError } from '../../../src/contract/common'
import {
  seriesReturnPastMidnightBefore,
  type SeriesBookingRequest,
  type SeriesBookingResponse,
  type TripSeries,
} from '../../../src/contract/series'
import { wizardDate } from '../../../src/domain/dateDisplay'
import { latestSeriesEnd } from '../../../src/domain/series/seriesEnd'
import { seriesRides, type SeriesDateProblem } from '../../../src/domain/series/seriesRides'
import type { TenantDb } from '../../db/tenantDb'
import { HttpError } from '../../errors/httpError'
import { bookRide, tellRequested, type BookedRide } from './book'
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

/** Why a series' date is refused, in the request's language (server/i18n catalogs; extracted from these calls). */
const dateProblems: Record<SeriesDateProblem, (i18n: I18n) => string> = {
  notFirstRide: (i18n) =>
    i18n._({
      id: 'booking_series.not_first_ride',
      message: "The first date is the first ride's, or the day before it for a return booked before {time}.",
      values: { time: seriesReturnPastMidnightBefore },
    }),
  outOfOrder: (i18n) =>
    i18n._({ id: 'booking_series.out_of_order', message: 'The dates go in order, each once.' }),
  offWeekday: (i18n) =>
    i18n._({
      id: 'booking_series.off_weekday',
      message: 'This date is not on one of the weekdays the ride repeats on.',
    }),
  afterUntil: (i18n) =>
    i18n._({ id: 'booking_series.after_until', message: 'This date is after the end date.' }),
}

/** `until` by the end of the permission's last period and the tenant's horizon from the first date. */
async function checkUntil(db: TenantDb, context: SeriesContext, first: Temporal.PlainDate): Promise<void> {
  const permission = await db.permissions.find(context.request.transportationPermissionId)
  const latest = latestSeriesEnd(first, permission?.periods ?? [], context.horizonWeeks)
  if (
    latest === null ||
    Temporal.PlainDate.compare(Temporal.PlainDate.from(context.series.until), latest) > 0
  )
    throw invalid(
      'until',
      context.i18n._({
        id: 'booking_series.until_latest',
        message: 'The repeat ends by {latest} at the latest.',
        values: { latest: wizardDate(latest ?? first) },
      }),
    )
}

/** A ride's refusal as the series': its errors name the date first (`dates.{index}`), then what the ride's did. */
function atDate(error: unknown, index: number): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 400) return error
  const errors: FieldError[] = [{ property: `dates.${index}`, error: error.code }, ...(error.errors ?? [])]
  return new HttpError(400, error.code, error.message, errors)
}

/**
 * Books a standing order; call inside a transaction. Its dates are judged first (`seriesRides`: a ride is on its
 * date, or the day after only as a return just past midnight; every date by `until`, and `until` by the latest
 * end), so no ride lands on a day the series does not name. The first ride is booked as `bookRide` books one (a
 * refusal of it refuses the series); each later date's ride is the booking at the same wall-clock time on that date,
 * judged by every rule and booked the same way. The permission stays locked from the first ride on, so the quota
 * the series uses is counted ride by ride and no other booking takes it meanwhile. A later ride refused refuses
 * the whole series (400 naming the date, and the transaction rolls back), unless `fitOnly`, which leaves the
 * date out with its reason. The operator is told of the series as one change with the rides booked.
 */
export async function bookSeries(db: TenantDb, context: SeriesContext): Promise<SeriesBookingResponse> {
  const weekdays = [...new Set(context.series.weekdays)].sort((a, b) => a - b)
  const series: TripSeries = { id: randomUUID(), weekdays, until: context.series.until }
  const dates = context.series.dates.map((date) => Temporal.PlainDate.from(date))
  const rides = seriesRides(
    { dates, weekdays: new Set(weekdays), until: Temporal.PlainDate.from(context.series.until) },
    context.booked.toZonedDateTimeISO(context.timeZone),
  )
  if (!rides.ok) throw invalid(`dates.${rides.index}`, dateProblems[rides.problem](context.i18n))
  let first: BookedRide
  try {
    first = await bookRide(db, context, series)
  } catch (error) {
    throw atDate(error, 0)
  }
  // After the first ride, which locks the permission.
  await checkUntil(db, context, dates[0]!)
  const booked = [first]
  const skipped: SeriesBookingResponse['skipped'] = []
  for (const [index, at] of rides.rides.entries()) {
    if (index === 0) continue
    try {
      booked.push(await bookRide(db, { ...context, booked: at }, series))
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 400 || !context.series.fitOnly)
        throw atDate(error, index)
      skipped.push({ date: dates[index]!.toString(), code: error.code, message: error.message })
    }
  }
  await tellRequested(db, context, booked, series.id)
  return { seriesId: series.id, booked: booked.map((ride) => ride.answer), skipped }
}
