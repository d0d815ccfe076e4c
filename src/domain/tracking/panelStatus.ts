import { tripStatusCodes } from '../../contract/codes'
import type { TripStatus } from '../../contract/trip'

export type PanelStatusKind = 'enRoute' | 'pickup' | 'dropOff' | 'cancelled' | 'noShow' | 'unknown'
/** The spec names orange, green and red; a status it gives no colour is neutral. */
export type PanelTone = 'orange' | 'green' | 'red' | 'neutral'

export interface PanelStatus {
  kind: PanelStatusKind
  tone: PanelTone
  /** The instant the label names: the estimated departure, the estimated arrival or the actual arrival. */
  time: string | null
}

/**
 * The tracking panel's status (spec section 4): EnRoute is orange 'Estimated departure', Pickup green
 * 'Estimated arrival', DropOff green 'Trip ended at', Cancelled and NoShow red; every other code 'Unknown'.
 */
export function panelStatus(status: TripStatus): PanelStatus {
  switch (status.code) {
    case tripStatusCodes.EnRoute:
      return { kind: 'enRoute', tone: 'orange', time: status.etd }
    case tripStatusCodes.Pickup:
      return { kind: 'pickup', tone: 'green', time: status.eta }
    case tripStatusCodes.DropOff:
      return { kind: 'dropOff', tone: 'green', time: status.ata }
    case tripStatusCodes.Cancelled:
      return { kind: 'cancelled', tone: 'red', time: null }
    case tripStatusCodes.NoShow:
      return { kind: 'noShow', tone: 'red', time: null }
    default:
      return { kind: 'unknown', tone: 'neutral', time: null }
  }
}
