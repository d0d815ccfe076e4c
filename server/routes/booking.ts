import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { endpoints } from '../../src/contract/endpoints'
import type { BookingRequest } from '../../src/contract/booking'
import { centsToEuros } from '../../src/domain/booking/tariff'
import type { KeyStore } from '../auth/accessTokens'
import { bookTrip } from '../trips/booking/book'
import { bookSeries } from '../trips/booking/bookSeries'
import type { DemoApprover } from '../trips/booking/demoApproval'
import { checkRequest, judgeBooking, type BookingContext } from '../trips/booking/judge'
import { lookUpStops } from '../trips/booking/stopAddresses'
import type { GeoCallLimits } from '../geo/callLimits'
import type { Geocoder } from '../geo/geocoder'
import { routeDetails } from '../geo/routeDetails'
import type { Router } from '../geo/router'
import type { ServerI18n } from '../i18n/catalogs'
import { apiLocale } from '../i18n/apiLocale'
import { registerEndpoint } from './registerEndpoint'

export interface BookingServices {
  router: Router
  geocoder: Geocoder
  geoLimits: GeoCallLimits
  i18n: ServerI18n
  /** The demo's own approval of bookings; null where the operator approves them. */
  demoApprover: DemoApprover | null
}

/**
 * The estimate and the booking: both judge the booking by every rule (src/domain/booking/refusals.ts) on the
 * data as it is now; only the booking uses the quota and records the trip, in one transaction. The router is
 * asked first, before the request's first query (`checkRequest`), so no transaction waits on it.
 */
export function registerBookingRoutes(app: FastifyInstance, keys: KeyStore, services: BookingServices): void {
  const contextOf = async (
    request: FastifyRequest,
    userId: string,
    body: BookingRequest,
  ): Promise<BookingContext> => ({
    userId,
    request: body,
    timeZone: request.tenant.timeZone,
    phoneRules: request.tenant.config.phone,
    now: Temporal.Now.instant(),
    i18n: services.i18n(apiLocale(request)),
    booked: checkRequest(body),
    route: await routeDetails(services.router, body.destinations, request.log),
    lookups: null,
  })

  // Both measure the route: they count against the user's limit on routes.
  const limited = { limit: services.geoLimits.route }
  registerEndpoint(
    app,
    keys,
    endpoints.bookingEstimate,
    async ({ request, user, body }) => {
      const judged = await judgeBooking(request.db, await contextOf(request, user.id, body), { lock: false })
      return { deductible: centsToEuros(judged.booking.deductibleCents ?? 0) }
    },
    limited,
  )

  registerEndpoint(
    app,
    keys,
    endpoints.createBooking,
    async ({ request, user, body }) => {
      const context = {
        ...(await contextOf(request, user.id, body)),
        lookups: await lookUpStops(services.geocoder, body.destinations, apiLocale(request)),
      }
      const booked = await request.db.transaction((db) => bookTrip(db, context))
      services.demoApprover?.(request.tenant.id, booked.tripId)
      return booked
    },
    limited,
  )

  // A standing order: the route is measured once, for every ride of the series.
  registerEndpoint(
    app,
    keys,
    endpoints.createSeriesBooking,
    async ({ request, user, body }) => {
      const { booking, ...series } = body
      const context = {
        ...(await contextOf(request, user.id, booking)),
        lookups: await lookUpStops(services.geocoder, booking.destinations, apiLocale(request)),
        series,
        horizonWeeks: request.tenant.config.seriesHorizonWeeks,
      }
      const booked = await request.db.transaction((db) => bookSeries(db, context))
      for (const ride of booked.booked) services.demoApprover?.(request.tenant.id, ride.tripId)
      return booked
    },
    limited,
  )
}
