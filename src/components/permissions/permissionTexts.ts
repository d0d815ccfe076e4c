import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { TripDestinations } from '../../contract/permissions'

/** Where trips on a permission may go (spec section 3, tripDestinations 0-5), in words. */
export const destinationTexts: Record<TripDestinations, MessageDescriptor> = {
  0: msg({ id: 'permissions.destinations_home_or_main', message: 'Home or the main place' }),
  1: msg({
    id: 'permissions.destinations_place_groups',
    message: 'The places of the permission’s place groups',
  }),
  2: msg({ id: 'permissions.destinations_passenger_places', message: 'The passenger’s own places' }),
  3: msg({ id: 'permissions.destinations_free', message: 'Any address' }),
  4: msg({ id: 'permissions.destinations_home_or_secondary', message: 'Home or a secondary place' }),
  5: msg({
    id: 'permissions.destinations_main_or_secondary',
    message: 'The main place or a secondary place',
  }),
}

/** The decision types the demo and the spec name (VPL and SHL by their law); any other shows its code. */
export const decisionTexts: Partial<Record<string, MessageDescriptor>> = {
  VPL: msg({ id: 'permissions.decision_vpl', message: 'Disability Services Act (VPL)' }),
  SHL: msg({ id: 'permissions.decision_shl', message: 'Social Welfare Act (SHL)' }),
  OTHER: msg({ id: 'permissions.decision_other', message: 'Other decision' }),
}
