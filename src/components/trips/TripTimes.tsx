import type { Trip } from '../../contract/trip'
import { clockTime, instantDate } from '../../domain/dateDisplay'

/** A trip's date and its start and end times (DD.MM.YYYY HH:mm–HH:mm), for its detail and a tracking link. */
export function TripTimes({
  trip,
  timeZone,
}: {
  trip: Pick<Trip, 'startDateTime' | 'endDateTime'>
  timeZone: string
}) {
  return (
    <p>
      <time dateTime={trip.startDateTime}>
        {instantDate(trip.startDateTime, timeZone)} {clockTime(trip.startDateTime, timeZone)}–
        {clockTime(trip.endDateTime, timeZone)}
      </time>
    </p>
  )
}
