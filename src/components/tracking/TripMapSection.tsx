import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useMemo, useState, type ComponentType } from 'react'
import { loadMapSettings } from '../../app/data/mapSettings'
import { usePlatform } from '../../app/platform'
import type { MapSettings } from '../../contract/map'
import type { Coordinates } from '../../contract/trip'
import { nextCarHeading, type CarHeading } from '../../domain/tracking/carHeading'
import { mapPlaces, type MapPlaceKind, type TripStops } from '../../domain/tracking/mapPlaces'
import { LazyPartNotice } from '../ui/lazyPart'
import type { TripMapProps } from './TripMap'
import { supportsWebGl2 } from './webglSupport'

type Loaded = { TripMap: ComponentType<TripMapProps>; settings: MapSettings }

/** The car with its heading, turned by each new location the polls bring. */
function useCarHeading(location: Coordinates | null): CarHeading | null {
  const [car, setCar] = useState(() => nextCarHeading(null, location))
  const [seen, setSeen] = useState(location)
  if (seen !== location) {
    setSeen(location)
    setCar(nextCarHeading(car, location))
  }
  return car
}

/**
 * The map under the tracking panel, with a text alternative listing the trip's stops (a canvas says nothing to
 * a screen reader). MapLibre and the basemap load here, only when the map shows. When its code or settings do
 * not load, the notice of a part that needs a connection shows with "Try again"; when the browser cannot draw
 * it or its style fails, a message says so; the panel goes on either way.
 */
export function TripMapSection({ trip, carLocation }: { trip: TripStops; carLocation: Coordinates | null }) {
  const { t } = useLingui()
  const { api } = usePlatform()
  const headingId = useId()
  const placesId = useId()
  const places = useMemo(() => mapPlaces(trip), [trip])
  const car = useCarHeading(carLocation)
  const [canDraw] = useState(supportsWebGl2)
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  // Each failed load counts; the notice shows while the latest attempt is one that failed, and its "Try
  // again" starts the next attempt (the effect below runs again).
  const [loadFailures, setLoadFailures] = useState(0)
  const [attempt, setAttempt] = useState(0)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (!canDraw) return
    let current = true
    Promise.all([import('./TripMap'), loadMapSettings(api)]).then(
      ([module, settings]) => {
        if (current) setLoaded({ TripMap: module.default, settings })
      },
      () => {
        if (current) setLoadFailures((count) => count + 1)
      },
    )
    return () => {
      current = false
    }
  }, [canDraw, api, attempt])

  const kindLabels: Record<MapPlaceKind, string> = {
    start: t({ id: 'trips.map.start', message: 'Start' }),
    via: t({ id: 'trips.map.via', message: 'Via point' }),
    end: t({ id: 'trips.map.end', message: 'Destination' }),
  }
  const TripMap = loaded?.TripMap
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h2 id={headingId} className="sr-only">
        {t({ id: 'trips.map.heading', message: 'Map' })}
      </h2>
      <ul id={placesId} className="sr-only">
        {places.map((place, index) => (
          <li key={index}>{`${kindLabels[place.kind]}: ${place.name}`}</li>
        ))}
        {car ? <li>{t({ id: 'trips.map.car', message: 'The car is shown on the map.' })}</li> : null}
      </ul>
      {loadFailures > attempt ? (
        <LazyPartNotice attempt={loadFailures} onRetry={() => setAttempt(loadFailures)} />
      ) : !canDraw || failed ? (
        <p className="rounded-xl border p-4">
          {t({ id: 'trips.map.failed', message: 'The map could not be shown.' })}
        </p>
      ) : TripMap ? (
        <TripMap
          places={places}
          car={car}
          settings={loaded.settings}
          describedBy={placesId}
          onFailure={() => setFailed(true)}
        />
      ) : (
        <div className="h-72 rounded-xl border sm:h-96" aria-hidden="true" />
      )}
    </section>
  )
}
