import { useMachine } from '@xstate/react'
import { useEffect, useState } from 'react'
import { trackingMachine, type TrackedTrip, type TrackingContext } from '../../machines/tracking.machine'
import { useOnline } from './online'
import { usePageVisible } from './pageVisible'
import { usePlatform } from './platform'
import { trackingEffects } from './trackingCalls'

export type TrackingView = Pick<TrackingContext, 'status' | 'receivedAt' | 'failed' | 'online'>

/**
 * Runs the tracking machine while the screen that calls it is shown: its poll over the API
 * (src/app/trackingCalls.ts), the local trip, the connection and the page's visibility fed in as events.
 */
export function useTracking(trip: TrackedTrip): TrackingView {
  const platform = usePlatform()
  const [machine] = useState(() => trackingMachine.provide(trackingEffects(platform)))
  const online = useOnline()
  const visible = usePageVisible()
  const [snapshot, send] = useMachine(machine, { input: { trip, online, visible } })
  useEffect(() => send({ type: 'trip.update', trip }), [trip, send])
  useEffect(() => send({ type: 'network.change', online }), [online, send])
  useEffect(() => send({ type: 'visibility.change', visible }), [visible, send])
  const { status, receivedAt, failed } = snapshot.context
  return { status, receivedAt, failed, online: snapshot.context.online }
}
