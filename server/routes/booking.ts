import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { endpoints } from '../../src/contract/endpoints'
import type { BookingRequest } from '../../src/contract/booking'
import { centsToEuros } from '../../src/domain/booking/tariff'
import type { KeyStore } from '../auth/accessTokens'
import { bookTrip } from '../booking/book'
import type { DemoApprover } from '../booking/demoApproval'
import { judgeBooking, type BookingContext } from '../booking/judge'
import type { Router } from '../geo/router'
import type { ServerI18n } from '../i18n/catalogs'
import { apiLocale } from '../i18n/apiLocale'
import { requestTimeZone } from '../trips/access'
import { registerEndpoint } from './registerEndpoint'

export interface BookingServices {
  router: Router
  i18n: ServerI18n
  /** The demo's own approval of bookings; null where the operator approves them. */
  demoApprover: DemoApprover | null
}

/**
 * The estimate and the booking: both judge the booking by every rule (src/domain/booking/refusals.ts) on the
 * data as it is now; only the booking uses the quota and records the trip, in one transaction.
 */
export function registerBookingRoutes(app: FastifyInstance, keys: KeyStore, services: BookingServices): void {
  const contextOf = (request: FastifyRequest, userId: string, body: BookingRequest): BookingContext => ({
    userId,
    request: body,
    timeZone: requestTimeZone(request),
    phoneRules: request.tenant.config.phone,
    now: Temporal.Now.instant(),
    i18n: services.i18n(apiLocale(request)),
    router: services.router,
    log: request.log,
  })

  registerEndpoint(app, keys, endpoints.bookingEstimate, async ({ request, user, body }) => {
    const judged = await judgeBooking(request.db, contextOf(request, user.id, body), { lock: false })
    return { deductible: centsToEuros(judged.booking.deductibleCents ?? 0) }
  })

  registerEndpoint(app, keys, endpoints.createBooking, async ({ request, user, body }) => {
    const context = contextOf(request, user.id, body)
    const booked = await request.db.transaction((db) => bookTrip(db, context))
    services.demoApprover?.(request.tenant.id, booked.tripId)
    return booked
  })
}
