import type { BookingEvent, BookingSnapshot } from '../../../machines/booking/booking.machine'

/**
 * What every step of the booking wizard gets: the machine's snapshot and its send. The wizard itself renders
 * the 'Step N: title' heading, moves focus to it, and shows Back and Next (the summaries have their own buttons).
 */
export interface StepProps {
  snapshot: BookingSnapshot
  send(event: BookingEvent): void
}
