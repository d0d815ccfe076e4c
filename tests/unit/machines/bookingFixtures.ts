import { vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, type Snapshot } from 'xstate'
import {
  bookingMachine,
  stepOf,
  type Booked,
  type BookingEvent,
  type PendingSave,
} from '../../../machines/booking/booking.machine'
import type { BookingEstimate, BookingRequest, BookingResponse } from '../../../src/contract/booking'
import type { Passenger } from '../../../src/contract/passenger'
import type { Quota } from '../../../src/contract/permissions'
import type { AddressSearchResult, RouteDetails, RoutePoint } from '../../../src/contract/places'
import type { HolidayView } from '../../../src/contract/series'
import { home, library, passenger, placeWith, quotaWith, school } from '../domain/booking/fixtures'

/** The booking wizard's world: Saturday 21.11.2026 at 08:00 in Helsinki, Ella and her saved places. */

export const timeZone = 'Europe/Helsinki'
export const now = '2026-11-21T06:00:00Z'
export const today = '2026-11-21'
export const phoneRules = { internationalFormat: false, requiredAtBooking: false }

export const ella = passenger
export const otto: Passenger = { id: 'p2', name: 'Otto Virtanen', phone: null, avatarText: 'OV' }
export const places = [home, school, library]
export { home, library, school }

export const schoolQuota = quotaWith({ id: 'q-school', name: 'Koulukuljetus', tripDestinations: 2 })
export const hobbyQuota = quotaWith({ id: 'q-hobby', name: 'Harrastus', tripDestinations: 2 })
export const usedUpQuota = quotaWith({ id: 'q-used', remainingQuota: 0 })
export const deviationQuota = quotaWith({ id: 'q-via', tripDestinations: 2, viaPointMaxDeviation: 2000 })

export const dataOf = (passengers: Passenger[], email: string | null = 'huoltaja@example.fi') =>
  ({ type: 'data.update', passengers, email }) as const
export const placesOf = (who: Passenger = ella) =>
  ({ type: 'places.update', passengerId: who.id, places }) as const

/** A failure as the API client throws it (ApiRequestError's fields). */
export const apiFailure = (status: number, body: { code: string; message: string } | null = null) =>
  Object.assign(new Error('failed'), { status, body: body && { statusCode: status, ...body } })

export const booked: BookingResponse = { tripId: 't-1', date: today, status: 'awaitingApproval' }

/** Lets the promise actors settle. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

export interface Fakes {
  quotas?: (input: { passengerId: string; date: string }) => Promise<Quota[]>
  route?: (points: RoutePoint[]) => Promise<RouteDetails>
  estimate?: (request: BookingRequest) => Promise<BookingEstimate>
  search?: (query: string) => Promise<AddressSearchResult[]>
  create?: (save: PendingSave) => Promise<Booked>
  holidays?: (range: { from: string; to: string }) => Promise<HolidayView[]>
}

/** Starts the wizard with fake calls that record what they were asked, optionally from a restored snapshot. */
export function startBooking(
  options: Fakes & { snapshot?: Snapshot<unknown>; now?: string; online?: boolean } = {},
) {
  const clock = new SimulatedClock()
  const calls = {
    quotas: [] as { passengerId: string; date: string }[],
    route: [] as RoutePoint[][],
    estimate: [] as BookingRequest[],
    search: [] as string[],
    create: [] as PendingSave[],
    holidays: [] as { from: string; to: string }[],
  }
  const reloadTrips = vi.fn()
  const machine = bookingMachine.provide({
    actors: {
      fetchQuotas: fromPromise(({ input }: { input: { passengerId: string; date: string } }) => {
        calls.quotas.push(input)
        return options.quotas?.(input) ?? Promise.resolve([schoolQuota, hobbyQuota])
      }),
      fetchRoute: fromPromise(({ input }: { input: RoutePoint[] }) => {
        calls.route.push(input)
        return (
          options.route?.(input) ??
          Promise.resolve({
            routeWithViaPointDistance: 5,
            routeWithViaPointDuration: 600,
            originalRouteDistance: 5,
          })
        )
      }),
      fetchEstimate: fromPromise(({ input }: { input: BookingRequest }) => {
        calls.estimate.push(input)
        return options.estimate?.(input) ?? Promise.resolve({ deductible: 3.2 })
      }),
      searchAddresses: fromPromise(({ input }: { input: { query: string } }) => {
        calls.search.push(input.query)
        return options.search?.(input.query) ?? Promise.resolve([])
      }),
      createBooking: fromPromise(({ input }: { input: PendingSave }) => {
        calls.create.push(input)
        return options.create?.(input) ?? Promise.resolve(booked)
      }),
      fetchHolidays: fromPromise(({ input }: { input: { from: string; to: string } }) => {
        calls.holidays.push(input)
        return options.holidays?.(input) ?? Promise.resolve([])
      }),
    },
    actions: { reloadTrips },
  })
  const actor = createActor(machine, {
    clock,
    input: { timeZone, now: options.now ?? now, online: options.online, phoneRules },
    snapshot: options.snapshot,
  }).start()
  const send = (...events: BookingEvent[]) => events.forEach((event) => actor.send(event))
  return {
    actor,
    clock,
    calls,
    reloadTrips,
    send,
    context: () => actor.getSnapshot().context,
    step: () => stepOf(actor.getSnapshot()),
    can: (event: BookingEvent) => actor.getSnapshot().can(event),
    region: (name: 'quotas' | 'route' | 'estimate' | 'holidays' | 'plan' | 'search' | 'viaPointRemoval') =>
      (actor.getSnapshot().value as Record<string, unknown>)[name],
  }
}

export type Booking = ReturnType<typeof startBooking>

/** Two passengers, Ella's places fed, the default date's quotas loaded: at the quota step. */
export async function atQuota(options: Fakes = {}) {
  const booking = startBooking(options)
  booking.send(dataOf([ella, otto]), placesOf())
  await settle()
  booking.send({ type: 'wizard.next' }, { type: 'wizard.next' })
  return booking
}

/** Home to school at 10:00 on the default date: at the summary, the estimate settled. */
export async function atSummary(options: Fakes = {}) {
  const booking = await atQuota(options)
  booking.send(
    { type: 'wizard.next' },
    { type: 'time.change', time: 600 },
    { type: 'from.change', place: home },
    { type: 'to.change', place: school },
    { type: 'wizard.next' },
    { type: 'wizard.next' },
  )
  await settle()
  return booking
}

/** A searched address in Helsinki, as the geocoder answers it. */
export const searchedAddress = placeWith({
  id: 'geo-1',
  address: 'Mannerheimintie 5',
  postalcode: '00100',
  city: 'Helsinki',
  latitude: 60.17,
  longitude: 24.94,
  source: 'mapPlaceResult',
}) as AddressSearchResult
