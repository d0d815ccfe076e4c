import { useLingui } from '@lingui/react/macro'
import {
  Map as MapLibre,
  NavigationControl,
  setWorkerUrl,
  type FitBoundsOptions,
  type GeoJSONSource,
  type LngLatBoundsLike,
} from 'maplibre-gl'
import 'maplibre-gl/dist/maplibre-gl.css'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url'
import { useEffect, useReducer, useRef, useState } from 'react'
import basemap from 'virtual:basemap'
import type { Coordinates } from '../../contract/trip'
import type { CarHeading } from '../../domain/tracking/carHeading'
import { initialMapFollow, mapFollow, showsFollowButton } from '../../domain/tracking/mapFollow'
import { mapFrame, mapFrameMaxZoom, mapFramePadding, type MapFrame } from '../../domain/tracking/mapFrame'
import { mapZoom, routeLine, type MapPlace } from '../../domain/tracking/mapPlaces'
import { buttonClasses } from '../ui/classes'
import type { MapSettings } from '../../contract/map'
import { carIcon, carIconPixelRatio } from './carIcon'
import { MapLegend } from './MapLegend'
import { carFeatures, carImages, overlayLayers, overlaySources, tripFeatures } from './mapStyle'
import { mapStyleFor } from './pmtilesStyle'

// The worker is built by Vite and served by the portal like any script: no blob: or remote worker is needed.
setWorkerUrl(workerUrl)

export interface TripMapProps {
  places: readonly MapPlace[]
  car: CarHeading | null
  /** A configured MapLibre style or tile archive; with neither, the portal's own basemap. */
  settings: MapSettings
  /** The id of the places' text alternative, which the canvas is described by. */
  describedBy: string
  /** The map cannot be shown: no WebGL, or its style did not load. */
  onFailure(): void
}

const lngLat = ({ latitude, longitude }: Coordinates) => [longitude, latitude] as [number, number]
const boundsOf = (frame: Extract<MapFrame, { kind: 'bounds' }>): LngLatBoundsLike => [
  lngLat(frame.southWest),
  lngLat(frame.northEast),
]
const fitOptions: FitBoundsOptions = { padding: mapFramePadding, maxZoom: mapFrameMaxZoom }

/** Frames the car and the stops (mapFrame.ts): the box around them, or the one place at the opening zoom. */
function frameMap(map: MapLibre, frame: MapFrame | null) {
  if (frame?.kind === 'bounds') map.fitBounds(boundsOf(frame), fitOptions)
  else if (frame) map.easeTo({ center: lngLat(frame.center) })
}

/**
 * The trip on a map (MapLibre): the route through its stops, the car turned to its heading, within zoom 10-17,
 * framed to the car and the stops. It follows the car (framing them again as it moves) until the user moves
 * the map by hand; 'Follow the car' turns that back on. Loaded only where a map shows (TripMapSection).
 */
export default function TripMap({ places, car, settings, describedBy, onFailure }: TripMapProps) {
  const { t } = useLingui()
  const container = useRef<HTMLDivElement>(null)
  const mapRef = useRef<MapLibre | null>(null)
  const [ready, setReady] = useState(false)
  const [follow, dispatch] = useReducer(mapFollow, initialMapFollow)
  // The map is made once; these are what it starts with, kept current for that moment.
  const start = useRef({ places, car, onFailure })
  useEffect(() => {
    start.current = { places, car, onFailure }
  })

  useEffect(() => {
    const element = container.current
    if (!element) return
    const initial = start.current
    const frame = mapFrame(initial.places, initial.car?.location ?? null)
    let map: MapLibre
    try {
      map = new MapLibre({
        container: element,
        style: mapStyleFor(settings, basemap, window.location.origin),
        ...(frame?.kind === 'bounds'
          ? { bounds: boundsOf(frame), fitBoundsOptions: fitOptions }
          : { center: frame ? lngLat(frame.center) : undefined, zoom: mapZoom.initial }),
        minZoom: mapZoom.min,
        maxZoom: mapZoom.max,
        attributionControl: { compact: true },
        locale: {
          'Map.Title': t({ id: 'trips.map.canvas', message: 'Map of the trip' }),
          'NavigationControl.ZoomIn': t({ id: 'trips.map.zoom_in', message: 'Zoom in' }),
          'NavigationControl.ZoomOut': t({ id: 'trips.map.zoom_out', message: 'Zoom out' }),
          'AttributionControl.ToggleAttribution': t({
            id: 'trips.map.attribution',
            message: 'Show map sources',
          }),
        },
      })
    } catch {
      // No WebGL 2 (or it was refused): the constructor throws before anything is drawn.
      initial.onFailure()
      return
    }
    mapRef.current = map
    map.getCanvas().setAttribute('aria-describedby', describedBy)
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right')
    let styleLoaded = false
    map.on('error', () => {
      // Before its style has loaded the map has nothing to draw; later errors (a tile) leave it working.
      if (!styleLoaded) start.current.onFailure()
    })
    map.on('style.load', () => {
      styleLoaded = true
      const { places: stops, car: located } = start.current
      map.addImage(carImages.heading, carIcon(true), { pixelRatio: carIconPixelRatio })
      map.addImage(carImages.still, carIcon(false), { pixelRatio: carIconPixelRatio })
      for (const [id, source] of Object.entries(
        overlaySources(tripFeatures(stops, routeLine(stops)), carFeatures(located)),
      ))
        map.addSource(id, source)
      for (const layer of overlayLayers) map.addLayer(layer)
      setReady(true)
    })
    // Only a move the user made carries the input event that caused it; following the car's does not.
    map.on('movestart', (event) => {
      if (event.originalEvent) dispatch({ type: 'user.moved' })
    })
    return () => {
      mapRef.current = null
      map.remove()
    }
  }, [settings, describedBy, t])

  useEffect(() => {
    if (ready)
      mapRef.current?.getSource<GeoJSONSource>('trip')?.setData(tripFeatures(places, routeLine(places)))
  }, [ready, places])

  useEffect(() => {
    if (ready) mapRef.current?.getSource<GeoJSONSource>('car')?.setData(carFeatures(car))
  }, [ready, car])

  // Framed again only when what it frames moves (by value: each poll brings new objects for the same places),
  // so a poll that repeats the car's location leaves the map still.
  const frameKey = car ? JSON.stringify(mapFrame(places, car.location)) : null
  useEffect(() => {
    const map = mapRef.current
    if (ready && map && frameKey && follow.following) frameMap(map, JSON.parse(frameKey) as MapFrame)
  }, [ready, frameKey, follow.following])

  return (
    <>
      {/* Isolated, so MapLibre's control z-indices stay under the shell's sticky bars. */}
      <div className="relative isolate h-72 overflow-hidden rounded-xl border sm:h-96">
        <div ref={container} className="h-full w-full" />
        {showsFollowButton(follow, car !== null) ? (
          <button
            type="button"
            className={buttonClasses('primary', 'absolute bottom-3 left-3 shadow-md')}
            onClick={() => dispatch({ type: 'follow' })}
          >
            {t({ id: 'trips.map.follow', message: 'Follow the car' })}
          </button>
        ) : null}
      </div>
      <MapLegend places={places} car={car !== null} />
    </>
  )
}
