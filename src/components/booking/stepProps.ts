import type { BookingEvent, BookingSnapshot } from '../../../machines/booking.machine'

/** What every step of the booking wizard gets: the machine's snapshot and its send. */
export interface StepProps {
  snapshot: BookingSnapshot
  send(event: BookingEvent): void
}
