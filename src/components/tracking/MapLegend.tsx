import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { MapPlace } from '../../domain/tracking/mapPlaces'
import { mapColors } from './mapStyle'

/** A legend symbol as the map draws it, 20 px; its name is the text beside it. */
function LegendSymbol({ children }: { children: ReactNode }) {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false" className="shrink-0">
      {children}
    </svg>
  )
}

const symbols = {
  car: (
    <>
      <circle cx="10" cy="10" r="9" fill={mapColors.car} />
      <path d="M10 4l4 10-4-2.5L6 14z" fill={mapColors.rim} />
    </>
  ),
  pickup: <circle cx="10" cy="10" r="6.5" fill={mapColors.rim} stroke={mapColors.start} strokeWidth="4" />,
  via: <circle cx="10" cy="10" r="5" fill={mapColors.via} />,
  destination: <circle cx="10" cy="10" r="8" fill={mapColors.end} />,
  route: <path d="M1 10h18" stroke={mapColors.route} strokeWidth="4" strokeLinecap="round" />,
} as const

/**
 * What the map's symbols are, each drawn as on the map beside its name, so none is told by colour alone (the
 * pickup a ring, the destination a disc, the car with its arrow, the route a line). Only what the map shows.
 */
export function MapLegend({ places, car }: { places: readonly MapPlace[]; car: boolean }) {
  const { t } = useLingui()
  const drawn = (kind: MapPlace['kind']) => places.some((place) => place.kind === kind && place.coordinates)
  const items: [keyof typeof symbols, string, boolean][] = [
    ['car', t({ id: 'trips.map.legend.car', message: 'Car' }), car],
    ['pickup', t({ id: 'trips.map.legend.pickup', message: 'Pickup' }), drawn('start')],
    ['via', t({ id: 'trips.map.legend.via', message: 'Via point' }), drawn('via')],
    ['destination', t({ id: 'trips.map.legend.destination', message: 'Destination' }), drawn('end')],
    [
      'route',
      t({ id: 'trips.map.legend.route', message: 'Route' }),
      places.filter((place) => place.coordinates).length > 1,
    ],
  ]
  return (
    <ul
      aria-label={t({ id: 'trips.map.legend', message: 'Map legend' })}
      className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm"
    >
      {items
        .filter(([, , shown]) => shown)
        .map(([symbol, label]) => (
          <li key={symbol} className="flex items-center gap-1.5">
            <LegendSymbol>{symbols[symbol]}</LegendSymbol>
            {label}
          </li>
        ))}
    </ul>
  )
}
