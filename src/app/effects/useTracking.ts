import { useMachine } from '@xstate/react'
import { useEffect, useState } from 'react'
import {
  trackingMachineFor,
  type TrackedTrip,
  type TrackingContext,
} from '../../../machines/tracking/tracking.machine'
import type { TrackedTrip as LinkTrip } from '../../contract/tracking'
import type { Trip } from '../../contract/trip'
import { useSyncStatus } from '../data/data'
import { isOfflineStatus } from '../../../machines/auth/auth.rules'
import { useAuth } from '../session/auth'
import { useOnline } from '../browser/online'
import { usePageVisible } from '../browser/pageVisible'
import { usePlatform } from '../platform'
import { milestoneNotice } from '../session/sessionNotices'
import { linkTrackingEffects, tripStatusEffects } from './trackingCalls'

export type TrackingView = Pick<TrackingContext, 'status' | 'receivedAt' | 'failed' | 'online'>

const tripTracking = trackingMachineFor<Trip>()
const linkTracking = trackingMachineFor<LinkTrip>()

type ConditionEvent =
  { type: 'network.change'; online: boolean } | { type: 'visibility.change'; visible: boolean }

/** The connection and the page's visibility, which a tracking actor starts with and is then told of. */
function useConditions() {
  return { online: useOnline(), visible: usePageVisible() }
}

function useConditionEvents(
  { online, visible }: ReturnType<typeof useConditions>,
  send: (event: ConditionEvent) => void,
) {
  useEffect(() => send({ type: 'network.change', online }), [online, send])
  useEffect(() => send({ type: 'visibility.change', visible }), [visible, send])
}

const viewOf = <T extends TrackedTrip>({ status, receivedAt, failed, online }: TrackingContext<T>) => ({
  status,
  receivedAt,
  failed,
  online,
})

/**
 * Runs the tracking machine while the trip detail is shown: its poll over the API (src/app/effects/trackingCalls.ts),
 * the local trip, the connection and the page's visibility fed in as events. A poll that shows the passenger
 * picked up or dropped off raises the same notice a pull would (the notice queue shows it once). The last pull's
 * time goes with the local trip, whose status shows until a poll answers.
 */
export function useTracking(trip: Trip): TrackingView {
  const platform = usePlatform()
  const [machine] = useState(() => tripTracking.provide(tripStatusEffects(platform)))
  const { online, visible } = useConditions()
  // A poll needs a token, which auth has not while offline: back on the network it fetches one first, and a
  // poll sent meanwhile would fail (401). Tracking waits as offline until auth is back, then catches up.
  const { status } = useAuth()
  const conditions = { online: online && !isOfflineStatus(status), visible }
  const { lastSyncedAt } = useSyncStatus()
  const [snapshot, send, actor] = useMachine(machine, {
    input: { trip, knownAt: lastSyncedAt, ...conditions },
  })
  useConditionEvents(conditions, send)
  useEffect(() => send({ type: 'trip.update', trip, knownAt: lastSyncedAt }), [trip, lastSyncedAt, send])
  useEffect(() => {
    const subscription = actor.on('milestone', ({ kind }) =>
      platform.notices.send({
        type: 'notice.push',
        notice: milestoneNotice({ kind, trip: actor.getSnapshot().context.trip }),
      }),
    )
    return () => subscription.unsubscribe()
  }, [actor, platform.notices])
  return viewOf(snapshot.context)
}

/** A tracking link's trip as the last answer had it, its tracking, and whether the link stopped working. */
export interface LinkTrackingView extends TrackingView {
  trip: LinkTrip
  closed: TrackingContext['closed']
}

/** Runs the tracking machine on a tracking link from its first answer (`trip` and its ETag). */
export function useLinkTracking(
  link: string,
  first: { trip: LinkTrip; etag: string | null },
): LinkTrackingView {
  const { api } = usePlatform()
  const [machine] = useState(() => linkTracking.provide(linkTrackingEffects(api, link)))
  const conditions = useConditions()
  const [snapshot, send] = useMachine(machine, {
    input: { trip: first.trip, ...conditions, fresh: { etag: first.etag } },
  })
  useConditionEvents(conditions, send)
  return { ...viewOf(snapshot.context), trip: snapshot.context.trip, closed: snapshot.context.closed }
}
