/**
 * The deductible a passenger pays for one trip (`POST api/booking/estimate`, and the booked trip's deductible).
 * The spec names no tariff; this is ours, in whole cents, by the permission's decision type:
 * - VPL (disability services act): a flat fare like a public transport ticket, whatever the distance;
 * - SHL (social welfare act): the municipality's flat fee for a trip inside it (a trip leaving the municipality
 *   is refused, so there is no distance part);
 * - any other decision: a base fare covering the first kilometres, then a fare per kilometre beyond them.
 * Extra passengers and attendants travel without a deductible of their own.
 */
export const tariff = {
  vplFlatCents: 280,
  shlFlatCents: 300,
  baseCents: 300,
  includedKm: 5,
  perKmCents: 50,
} as const

/** The deductible in cents of a trip on a permission of `decisionType` whose route is `routeKm` long. */
export function deductibleCents(decisionType: string, routeKm: number): number {
  if (decisionType === 'VPL') return tariff.vplFlatCents
  if (decisionType === 'SHL') return tariff.shlFlatCents
  const extraKm = Math.max(0, routeKm - tariff.includedKm)
  return tariff.baseCents + Math.round(extraKm * tariff.perKmCents)
}

/** Cents as the contract's euros. */
export const centsToEuros = (cents: number) => cents / 100
