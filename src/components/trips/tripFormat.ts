import type { StopAddress } from '../../domain/tracking/mapPlaces'

/** A trip place as one line: the alias first when the passenger has named the place (a tracking link has none). */
export function placeLabel(place: StopAddress): string {
  return place.alias && place.alias !== place.address ? `${place.alias}, ${place.address}` : place.address
}

/** Euros in the locale's way: "12,50 €" in fi and sv, "€12.50" in en. */
export function formatEuros(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(amount)
}
