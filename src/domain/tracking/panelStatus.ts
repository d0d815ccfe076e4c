import { tripStatusCodes, type TripStatusCode } from '../../contract/codes'
import type { TripStatus } from '../../contract/trip'

/** The plain status the panel names, one for each trip status code. */
export type PanelStatusKind =
  | 'booked'
  | 'routed'
  | 'dispatching'
  | 'dispatched'
  | 'enRoute'
  | 'carWaiting'
  | 'pickup'
  | 'dropOff'
  | 'cancelled'
  | 'noShow'
  | 'unknown'
/** The spec names orange, green and red; a status it gives no colour is neutral. */
export type PanelTone = 'orange' | 'green' | 'red' | 'neutral'
/** What the panel's time is: the spec's 'Estimated departure', 'Estimated arrival' or 'Trip ended at'. */
export type PanelTimeKind = 'departure' | 'arrival' | 'ended'
/**
 * Which part of the trip the countdown and the progress bar follow: the wait for the departure, the ride to
 * the destination, none left (the car is at the door: the bar is due, no minutes are counted) or none at all
 * (a final status, full; or a status that says nothing, at its least).
 */
export type PanelLeg = 'departure' | 'ride' | 'due' | 'over' | 'none'

export interface PanelStatus {
  kind: PanelStatusKind
  tone: PanelTone
  /** What the panel's time is (panelTime.ts); null when the status has none. */
  time: PanelTimeKind | null
  leg: PanelLeg
}

const departure = { time: 'departure', leg: 'departure' } as const

/**
 * The tracking panel's status for each code. The spec (section 4) colours and times EnRoute (orange, estimated
 * departure), Pickup (green, estimated arrival), DropOff (green, ended at), Cancelled and NoShow (red), and says
 * 'Unknown' for every other code; the portal names each in plain words (docs/spec-differences.md), and times
 * and counts only what the status has: a car waiting at the door has no departure to count down to.
 */
const rules: Record<TripStatusCode, PanelStatus> = {
  [tripStatusCodes.Unknown]: { kind: 'unknown', tone: 'neutral', time: null, leg: 'none' },
  [tripStatusCodes.Booked]: { kind: 'booked', tone: 'neutral', ...departure },
  [tripStatusCodes.Routed]: { kind: 'routed', tone: 'neutral', ...departure },
  [tripStatusCodes.Dispatching]: { kind: 'dispatching', tone: 'neutral', ...departure },
  [tripStatusCodes.Dispatched]: { kind: 'dispatched', tone: 'neutral', ...departure },
  [tripStatusCodes.EnRoute]: { kind: 'enRoute', tone: 'orange', ...departure },
  [tripStatusCodes.CarWaiting]: { kind: 'carWaiting', tone: 'orange', time: null, leg: 'due' },
  [tripStatusCodes.Pickup]: { kind: 'pickup', tone: 'green', time: 'arrival', leg: 'ride' },
  [tripStatusCodes.DropOff]: { kind: 'dropOff', tone: 'green', time: 'ended', leg: 'over' },
  [tripStatusCodes.Cancelled]: { kind: 'cancelled', tone: 'red', time: null, leg: 'over' },
  [tripStatusCodes.NoShow]: { kind: 'noShow', tone: 'red', time: null, leg: 'over' },
}

export function panelStatus(status: TripStatus): PanelStatus {
  return rules[status.code]
}
