import { useEffect } from 'react'
import { againEvent, type BookingEvent } from '../../../../machines/booking/booking.machine'
import { usePlaces, useTrips } from '../../../app/data/data'
import { useEnvironment } from '../../../app/environment'

/** A trip named for "Book again": its id and date, as the trips' addresses name it. */
export interface TripRef {
  id: string
  date: string
}

/**
 * Books the trip `again` names again once the wizard runs (`send`) and the trips and its passenger's places are
 * read, then `taken()`, which drops it from the address so that a reload keeps the wizard as it is. A trip no
 * longer on this device opens the wizard as it was.
 */
export function useBookAgain(
  send: ((event: BookingEvent) => void) | null,
  again: TripRef | null,
  taken: () => void,
) {
  const { timeZone } = useEnvironment()
  const trips = useTrips()
  const trip = again ? trips?.find(({ id, date }) => id === again.id && date === again.date) : undefined
  const places = usePlaces(trip?.passenger.id ?? '')
  useEffect(() => {
    if (!send || !again || trips === undefined) return
    if (trip && places === undefined) return
    if (!trip || !places) return taken()
    let current = true
    // Its rules load only when a trip is booked again: the wizard's first visit carries none of them.
    void import('../../../domain/booking/again').then(({ routeOfTrip }) => {
      if (!current) return
      const event = againEvent(routeOfTrip(trip, trips, timeZone), places)
      if (event) send(event)
      taken()
    })
    return () => {
      current = false
    }
  }, [send, again, trips, trip, places, timeZone, taken])
}
