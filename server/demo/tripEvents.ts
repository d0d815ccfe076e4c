import { Temporal } from 'temporal-polyfill'
import type { Address, Car, Location, ReviewData, TripEvent, TripEventData } from '../domain/tripEvents'
import type { DemoPlace } from './places'

/** How far a demo trip has got; the seed's events lead up to it. */
export type DemoState =
  'booked' | 'routed' | 'dispatched' | 'enRoute' | 'carWaiting' | 'aboard' | 'done' | 'cancelled' | 'noShow'

export interface TripPlan {
  passengerId: string
  from: DemoPlace
  to: DemoPlace
  via?: { place: DemoPlace; waitMinutes: number }
  start: Temporal.Instant
  durationMinutes: number
  /** The intended state; a trip whose time does not allow it gets the state its time implies. */
  state: DemoState
  car: Car
  deductibleCents: number | null
  note: string | null
  cancelReason?: string
  /** Written after the drop-off of a trip that is done. */
  review?: ReviewData
}

const minutes = (count: number) => Temporal.Duration.from({ minutes: count })

/** The state a trip can have at `now`: a past trip is done, a running one aboard, a near one on its way. */
export function stateAt(plan: TripPlan, now: Temporal.Instant): DemoState {
  const end = plan.start.add(minutes(plan.durationMinutes))
  if (plan.state === 'cancelled') return 'cancelled'
  if (Temporal.Instant.compare(end, now) <= 0) return plan.state === 'noShow' ? 'noShow' : 'done'
  if (Temporal.Instant.compare(plan.start, now) <= 0) return plan.state === 'noShow' ? 'noShow' : 'aboard'
  const untilStart = now.until(plan.start).total('minutes')
  if (untilStart <= 8) return 'carWaiting'
  if (untilStart <= 30) return 'enRoute'
  return plan.state === 'booked' || plan.state === 'routed' ? plan.state : 'dispatched'
}

function between(from: Address, to: Address, share: number): Location | null {
  if (from.lat === null || from.lng === null || to.lat === null || to.lng === null) return null
  return {
    latitude: Number((from.lat + (to.lat - from.lat) * share).toFixed(5)),
    longitude: Number((from.lng + (to.lng - from.lng) * share).toFixed(5)),
  }
}

/**
 * The event log of a demo trip up to `now`: booked days before, then dispatch, the car on its way, pickup,
 * drop-off, cancellation or no-show as its state needs. Event times never pass `now` and never go backwards.
 */
export function demoTripEvents(plan: TripPlan, now: Temporal.Instant): TripEvent[] {
  const state = stateAt(plan, now)
  const start = plan.start
  const end = start.add(minutes(plan.durationMinutes))
  const events: TripEvent[] = []
  let last = Temporal.Instant.fromEpochMilliseconds(0)
  const add = (data: TripEventData, wanted: Temporal.Instant) => {
    const early = Temporal.Instant.compare(wanted, now) < 0 ? wanted : now
    last = Temporal.Instant.compare(early, last) > 0 ? early : last
    events.push({ ...data, seq: events.length + 1, at: last })
  }
  const earliest = Temporal.Instant.compare(start, now) < 0 ? start : now
  add(
    {
      type: 'booked',
      passengerId: plan.passengerId,
      start,
      end,
      startPlaceId: plan.from.row.id,
      endPlaceId: plan.to.row.id,
      startAddress: plan.from.address,
      endAddress: plan.to.address,
      viaPoints: plan.via
        ? [
            {
              address: plan.via.place.address,
              placeId: plan.via.place.row.id,
              time: start.add(minutes(Math.floor(plan.durationMinutes / 2))),
              waitMinutes: plan.via.waitMinutes,
            },
          ]
        : [],
      deductibleCents: plan.deductibleCents,
      note: plan.note,
      allowEtaQuery: true,
      allowReview: true,
    },
    earliest.subtract({ hours: 72 }),
  )
  if (state === 'booked') return events
  if (state === 'cancelled') {
    add(
      { type: 'cancelled', reason: plan.cancelReason ?? 'Peruttu', userId: null },
      earliest.subtract({ hours: 2 }),
    )
    return events
  }
  add({ type: 'routed' }, earliest.subtract({ hours: 20 }))
  if (state === 'routed') return events
  add({ type: 'dispatched', car: plan.car }, start.subtract(minutes(45)))
  if (state === 'dispatched') return events
  const depot = { ...plan.from.address, lat: (plan.from.address.lat ?? 0) + 0.02 }
  add({ type: 'enRoute', etd: start }, start.subtract(minutes(25)))
  add(
    { type: 'position', location: between(depot, plan.from.address, 0.6), eta: null, etd: start },
    start.subtract(minutes(10)),
  )
  if (state === 'enRoute') return events
  add({ type: 'carWaiting' }, start.subtract(minutes(2)))
  if (state === 'carWaiting') return events
  if (state === 'noShow') {
    add({ type: 'noShow' }, start.add(minutes(5)))
    return events
  }
  add({ type: 'pickedUp', eta: end }, start.add(minutes(1)))
  if (state === 'aboard') {
    const halfway = start.add(minutes(Math.floor(plan.durationMinutes / 2)))
    add(
      { type: 'position', location: between(plan.from.address, plan.to.address, 0.5), eta: end, etd: null },
      halfway,
    )
    return events
  }
  add({ type: 'droppedOff' }, end.add(minutes(1)))
  if (plan.review) add({ type: 'reviewed', ...plan.review }, end.add(minutes(20)))
  return events
}
