/**
 * Whether the map follows the car (spec section 4's map): it does from the start and recentres on each new
 * location, until the user pans or zooms by hand; the 'Follow the car' button turns it back on.
 */
export type MapFollowEvent = { type: 'user.moved' } | { type: 'follow' }

export interface MapFollow {
  following: boolean
}

export const initialMapFollow: MapFollow = { following: true }

export function mapFollow(state: MapFollow, event: MapFollowEvent): MapFollow {
  const following = event.type === 'follow'
  return state.following === following ? state : { following }
}

/** The button shows when there is a car to follow and the map no longer follows it. */
export function showsFollowButton(state: MapFollow, hasCar: boolean): boolean {
  return hasCar && !state.following
}
