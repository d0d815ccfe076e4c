import type { Ref } from 'react'
import type { CancelTripsEvent, CancelTripsSnapshot } from '../../../machines/cancelTrips/cancelTrips.machine'

/** What every step of the cancel wizard gets: the machine's snapshot, its send, and the heading's ref. */
export interface StepProps {
  snapshot: CancelTripsSnapshot
  send(event: CancelTripsEvent): void
  headingRef: Ref<HTMLHeadingElement>
}
