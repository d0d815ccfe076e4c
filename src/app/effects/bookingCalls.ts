import { fromPromise } from 'xstate'
import type { Booked, bookingMachine, PendingSave } from '../../../machines/booking/booking.machine'
import type { BookingRequest } from '../../contract/booking'
import type { RoutePoint } from '../../contract/places'
import { reachClient } from '../data/actions'
import { authSettled } from '../session/authSettled'
import type { Platform } from '../platform'

/**
 * The booking machine's effects over the platform (machines/booking/booking.machine.ts): its calls go straight to the
 * API, since a booking needs the server's answer and is never queued. They fail with the API client's
 * ApiRequestError (status 0 when offline), which the machine reads. After a save the sync worker pulls the
 * passenger's trips again, so the new trip shows on /trips without waiting for the next periodic pull.
 */
export function bookingEffects({
  api,
  auth,
  sessions,
  locale,
}: Pick<Platform, 'api' | 'auth' | 'sessions' | 'locale'>): Parameters<typeof bookingMachine.provide>[0] {
  // A wizard restored by a reload asks for its quotas at once, before the start's token has come.
  const client = () => authSettled(auth).then(() => reachClient(api))
  // The server says why it refused a booking in the language asked for (server/i18n/apiLocale.ts).
  const language = { 'Accept-Language': locale }
  return {
    actors: {
      fetchQuotas: fromPromise(async ({ input }: { input: { passengerId: string; date: string } }) =>
        (await client()).call('listQuotas', {
          params: { id: input.passengerId },
          query: { date: input.date },
        }),
      ),
      fetchRoute: fromPromise(async ({ input }: { input: RoutePoint[] }) =>
        (await client()).call('bookingRoute', { body: input }),
      ),
      fetchEstimate: fromPromise(async ({ input }: { input: BookingRequest }) =>
        (await client()).call('bookingEstimate', { body: input, headers: language }),
      ),
      searchAddresses: fromPromise(async ({ input }: { input: { query: string } }) =>
        (await client()).call('searchAddresses', { query: { q: input.query, lang: locale } }),
      ),
      // A repeated ride is a series: one request books all its rides.
      createBooking: fromPromise(async ({ input }: { input: PendingSave }): Promise<Booked> => {
        const headers = { ...language, 'Idempotency-Key': input.key }
        const api = await client()
        return input.series
          ? api.call('createSeriesBooking', { body: { booking: input.request, ...input.series }, headers })
          : api.call('createBooking', { body: input.request, headers })
      }),
      fetchHolidays: fromPromise(async ({ input }: { input: { from: string; to: string } }) =>
        (await client()).call('listHolidays', { query: input, headers: language }),
      ),
    },
    actions: {
      reloadTrips: () => void sessions.getState().session?.sync.pullNow(),
    },
  }
}
