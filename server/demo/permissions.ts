import { randomUUID } from 'node:crypto'
import type { Temporal } from 'temporal-polyfill'
import type { QuotaExtra, QuotaPeriod, TripDestinations } from '../../src/contract/permissions'
import { tripDestinations } from '../../src/contract/permissions'
import type { PermissionRecord } from '../db/repositories/permissions'
import type { Region } from './regions'
import type { DemoPassenger } from './schedule'

/** The months a demo permission runs: from the month before the seed to five months after it. */
const firstMonth = -1
const lastMonth = 5

interface DemoKind {
  name: string
  decisionType: 'VPL' | 'SHL' | 'OTHER'
  note: string | null
  tripDestinations: TripDestinations
  allowViaPoints?: boolean
  viaPointMaxDeviation?: number
  expressQuotaTimeLimit?: number
  extras?: readonly Omit<QuotaExtra, 'extraId'>[]
  /** Trips and express trips a month. */
  monthly: { total: number; express?: number }
  /** What the seed's month has used so far, and what the month before saved on to it. */
  thisMonth: { used: number; usedExpress?: number; savedFromBefore?: number }
  /** Only the places of the passenger's home and school or day centre (tripDestinations 1). */
  homeAndMainOnly?: boolean
  /** Trips must stay in the passenger's town. */
  townOnly?: boolean
}

const extra = (name: string, selected = false) => ({ name, selected })

/** One of each kind a guardian meets (README, Demo); every demo passenger has them all. */
const kinds: readonly DemoKind[] = [
  {
    name: 'Asiointimatkat',
    decisionType: 'OTHER',
    note: 'Asiointi- ja virkistysmatkat omassa kunnassa.',
    tripDestinations: tripDestinations.freePlaces,
    monthly: { total: 18 },
    thisMonth: { used: 4 },
  },
  {
    name: 'Vammaispalvelulain kuljetuspalvelu',
    decisionType: 'VPL',
    note: 'Saattaja saa matkustaa mukana maksutta.',
    tripDestinations: tripDestinations.passengerPlaces,
    extras: [extra('Pyörätuoli', true), extra('Porrasavustus'), extra('Opaskoira')],
    monthly: { total: 18 },
    thisMonth: { used: 6 },
    townOnly: true,
  },
  {
    name: 'Sosiaalihuoltolain kuljetuspalvelu',
    decisionType: 'SHL',
    note: null,
    tripDestinations: tripDestinations.homeOrSecondary,
    extras: [extra('Rollaattori'), extra('Porrasavustus'), extra('Lisämatkustaja')],
    monthly: { total: 8 },
    thisMonth: { used: 2 },
  },
  {
    name: 'Asiointi välipysähdyksin',
    decisionType: 'OTHER',
    note: 'Välipysähdys apteekissa tai kaupassa, enintään 2 km kiertoa.',
    tripDestinations: tripDestinations.freePlaces,
    allowViaPoints: true,
    viaPointMaxDeviation: 2000,
    monthly: { total: 10 },
    thisMonth: { used: 3, savedFromBefore: 2 },
  },
  {
    name: 'Pikavaraukset',
    decisionType: 'OTHER',
    note: 'Alle kahden tunnin varoitusajalla tehdyt matkat käyttävät pikakiintiötä.',
    tripDestinations: tripDestinations.freePlaces,
    expressQuotaTimeLimit: 120,
    monthly: { total: 12, express: 3 },
    thisMonth: { used: 5, usedExpress: 2 },
  },
  {
    name: 'Vapaa-ajan matkat',
    decisionType: 'OTHER',
    note: 'Tämän kuun matkat on käytetty.',
    tripDestinations: tripDestinations.freePlaces,
    monthly: { total: 4 },
    thisMonth: { used: 4 },
  },
  {
    name: 'Koulu- ja päivätoimintamatkat',
    decisionType: 'OTHER',
    note: 'Vain kodin ja koulun tai päivätoiminnan väliset matkat.',
    tripDestinations: tripDestinations.placeGroups,
    monthly: { total: 44 },
    thisMonth: { used: 20 },
    homeAndMainOnly: true,
    townOnly: true,
  },
]

/** The calendar months around the seed day, each a period of `kind`. */
function periods(kind: DemoKind, today: Temporal.PlainDate): QuotaPeriod[] {
  const first = today.with({ day: 1 })
  const months: QuotaPeriod[] = []
  for (let offset = firstMonth; offset <= lastMonth; offset++) {
    const start = first.add({ months: offset })
    const express = kind.monthly.express ?? 0
    const past = offset < 0
    const current = offset === 0
    months.push({
      startDate: start.toString(),
      endDate: start.add({ months: 1 }).subtract({ days: 1 }).toString(),
      totalQuota: kind.monthly.total,
      // Last month used all it kept; this month what its kind shows; later months nothing yet.
      usedQuota: past
        ? kind.monthly.total - (kind.thisMonth.savedFromBefore ?? 0)
        : current
          ? kind.thisMonth.used
          : 0,
      totalExpressQuota: express,
      usedExpressQuota: past ? express : current ? (kind.thisMonth.usedExpress ?? 0) : 0,
      savedToNext: past ? (kind.thisMonth.savedFromBefore ?? 0) : 0,
      borrowed: 0,
    })
  }
  return months
}

/** A box around the passenger's town, wide enough for all its demo places. */
function townArea(region: Region) {
  const corner = (north: number, east: number) => ({
    latitude: region.latitude + north,
    longitude: region.longitude + east,
  })
  return { polygon: [corner(-0.08, -0.15), corner(-0.08, 0.15), corner(0.08, 0.15), corner(0.08, -0.15)] }
}

/** The demo permissions of a passenger, their months around `today`, the seed day. */
export function demoPermissions(
  passenger: DemoPassenger,
  region: Region,
  today: Temporal.PlainDate,
): PermissionRecord[] {
  const homeAndMain = passenger.places
    .filter((place) => place.role === 'home' || place.role === 'main')
    .map((place) => place.row.id)
  return kinds.map((kind) => {
    const months = periods(kind, today)
    return {
      id: randomUUID(),
      passengerId: passenger.id,
      name: kind.name,
      decisionType: kind.decisionType,
      note: kind.note,
      expressQuotaTimeLimit: kind.expressQuotaTimeLimit ?? null,
      tripDestinations: kind.tripDestinations,
      allowViaPoints: kind.allowViaPoints ?? false,
      viaPointMaxDeviation: kind.viaPointMaxDeviation ?? null,
      extras: (kind.extras ?? []).map((item, index) => ({ extraId: String(index + 1), ...item })),
      startDate: months[0]!.startDate,
      endDate: months[months.length - 1]!.endDate,
      periods: months,
      placeGroups: kind.homeAndMainOnly
        ? [{ name: 'Koti ja koulu tai päivätoiminta', placeIds: homeAndMain }]
        : [],
      allowedArea: kind.townOnly ? townArea(region) : null,
    }
  })
}
