import { fromPromise } from 'xstate'
import type {
  ClosedReason,
  PollAnswer,
  PollInput,
  TrackedTrip,
  trackingMachineFor,
} from '../../../machines/tracking/tracking.machine'
import { ApiRequestError } from '../../api/errors'
import type { ConditionalResult } from '../../api/client'
import type { EndpointName } from '../../contract/endpoints'
import type { TrackedTrip as LinkTrip } from '../../contract/tracking'
import type { Trip } from '../../contract/trip'
import { reachClient } from '../data/actions'
import { authSettled } from '../session/authSettled'
import type { Platform } from '../platform'

type Effects<T extends TrackedTrip> = Parameters<ReturnType<typeof trackingMachineFor<T>>['provide']>[0]

function pollAnswer<N extends EndpointName, T extends TrackedTrip>(
  result: ConditionalResult<N>,
  trip: (data: ConditionalResult<N> & { changed: true }) => T,
): PollAnswer<T> {
  return result.changed ? { kind: 'changed', trip: trip(result), etag: result.etag } : { kind: 'unchanged' }
}

/**
 * The trip detail's poll (machines/tracking/tracking.machine.ts): `POST api/trip/status` straight to the API, never
 * queued, with the last ETag. It fails with the API client's ApiRequestError (status 0 when offline), which the
 * machine keeps as a failed poll.
 */
export function tripStatusEffects({ api, auth }: Pick<Platform, 'api' | 'auth'>): Effects<Trip> {
  const client = () => authSettled(auth).then(() => reachClient(api))
  return {
    actors: {
      fetchStatus: fromPromise(async ({ input }: { input: PollInput<Trip> }) => {
        const { trip, etag } = input
        const body = { passengerId: trip.passenger.id, tripId: trip.id, date: trip.date }
        const result = await (await client()).callIfChanged('tripStatus', { body }, etag)
        return pollAnswer(result, ({ data }) => data)
      }),
    },
  }
}

/** What a tracking link's answer says when it shows no trip: the link's state, or a failure to retry. */
export type LinkRefusal = ClosedReason | 'not_started' | 'busy' | 'failed'

export function linkRefusalOf(error: unknown): LinkRefusal {
  if (!(error instanceof ApiRequestError)) return 'failed'
  if (error.status === 429) return 'busy'
  // A link that is not even the shape of one (400) is as unknown as one the server does not know.
  if (error.status === 400) return 'not_found'
  if (error.status !== 404) return 'failed'
  if (error.body?.code === 'tracking_not_started') return 'not_started'
  return error.body?.code === 'tracking_ended' ? 'ended' : 'not_found'
}

/** A tracking link's trip, as the office sees it, with its ETag; or why there is none. */
export type LinkLoad = { kind: 'trip'; trip: LinkTrip; etag: string | null } | { kind: LinkRefusal }

/** `GET api/track/{link}`: no login, so it waits for no token. */
export async function loadLinkTrip(api: Platform['api'], link: string): Promise<LinkLoad> {
  try {
    const result = await (await reachClient(api)).callIfChanged('trackTrip', { params: { link } }, null)
    if (!result.changed) return { kind: 'failed' }
    return { kind: 'trip', trip: result.data, etag: result.etag }
  } catch (error) {
    return { kind: linkRefusalOf(error) }
  }
}

/**
 * A tracking link's poll: `GET api/track/{link}` with the last ETag. A link that stops working (revoked,
 * expired, the trip ended) closes tracking; any other failure is a failed poll.
 */
export function linkTrackingEffects(api: Platform['api'], link: string): Effects<LinkTrip> {
  return {
    actors: {
      fetchStatus: fromPromise(async ({ input }: { input: PollInput<LinkTrip> }) => {
        try {
          const client = await reachClient(api)
          const result = await client.callIfChanged('trackTrip', { params: { link } }, input.etag)
          return pollAnswer(result, ({ data }) => data)
        } catch (error) {
          const refusal = linkRefusalOf(error)
          if (refusal === 'ended' || refusal === 'not_found') return { kind: 'closed', reason: refusal }
          throw error
        }
      }),
    },
  }
}
