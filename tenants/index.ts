import type { TenantConfig, TenantId } from './types'
import defaultTenant from './default'
import espooTenant from './espoo'
import kovanenTenant from './kovanen'
import fixutaxiTenant from './fixutaxi'
import menevaTenant from './meneva'
import helpbusTenant from './helpbus'
import tatkelaTenant from './tatkela'
import fcgTenant from './fcg'
import kulkukeskusTenant from './kulkukeskus'
import keskustaksiTenant from './keskustaksi'
import fimlabTenant from './fimlab'
import demoTenant from './demo'
import blackTenant from './black'
import lahitaksiTenant from './lahitaksi'
import laphaTenant from './lapha'
import luvnTenant from './luvn'

export * from './types'

export const tenants: Readonly<Record<TenantId, TenantConfig>> = {
  default: defaultTenant,
  espoo: espooTenant,
  kovanen: kovanenTenant,
  fixutaxi: fixutaxiTenant,
  meneva: menevaTenant,
  helpbus: helpbusTenant,
  tatkela: tatkelaTenant,
  fcg: fcgTenant,
  kulkukeskus: kulkukeskusTenant,
  keskustaksi: keskustaksiTenant,
  fimlab: fimlabTenant,
  demo: demoTenant,
  black: blackTenant,
  lahitaksi: lahitaksiTenant,
  lapha: laphaTenant,
  luvn: luvnTenant,
}

export function isTenantId(value: string): value is TenantId {
  return Object.hasOwn(tenants, value)
}

/** The tenant of a theme id; an unknown id is a programming or configuration error (spec section 8). */
export function getTenant(id: string): TenantConfig {
  if (!isTenantId(id)) throw new Error(`Unknown theme id: ${id}`)
  return tenants[id]
}
