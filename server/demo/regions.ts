import type { TenantId } from '../../tenants'

/** Where a tenant's demo passengers live: a town, its centre and its postal code prefix. */
export interface Region {
  city: string
  latitude: number
  longitude: number
  /** First three digits of the town's postal codes. */
  postalPrefix: string
}

export const regions: Readonly<Record<TenantId, Region>> = {
  default: { city: 'Helsinki', latitude: 60.1699, longitude: 24.9384, postalPrefix: '005' },
  espoo: { city: 'Espoo', latitude: 60.2055, longitude: 24.6559, postalPrefix: '021' },
  kovanen: { city: 'Vantaa', latitude: 60.2934, longitude: 25.0378, postalPrefix: '013' },
  fixutaxi: { city: 'Tampere', latitude: 61.4978, longitude: 23.761, postalPrefix: '331' },
  meneva: { city: 'Jyväskylä', latitude: 62.2426, longitude: 25.7473, postalPrefix: '401' },
  helpbus: { city: 'Turku', latitude: 60.4518, longitude: 22.2666, postalPrefix: '205' },
  tatkela: { city: 'Oulu', latitude: 65.0121, longitude: 25.4651, postalPrefix: '901' },
  fcg: { city: 'Lahti', latitude: 60.9827, longitude: 25.6612, postalPrefix: '151' },
  kulkukeskus: { city: 'Kuopio', latitude: 62.8924, longitude: 27.677, postalPrefix: '701' },
  keskustaksi: { city: 'Pori', latitude: 61.4851, longitude: 21.7974, postalPrefix: '281' },
  fimlab: { city: 'Hämeenlinna', latitude: 60.9959, longitude: 24.4643, postalPrefix: '131' },
  demo: { city: 'Helsinki', latitude: 60.1841, longitude: 24.9521, postalPrefix: '005' },
  black: { city: 'Porvoo', latitude: 60.3923, longitude: 25.6651, postalPrefix: '061' },
  lahitaksi: { city: 'Lappeenranta', latitude: 61.0587, longitude: 28.1887, postalPrefix: '538' },
  lapha: { city: 'Rovaniemi', latitude: 66.5039, longitude: 25.7294, postalPrefix: '961' },
  luvn: { city: 'Hyvinkää', latitude: 60.6333, longitude: 24.8667, postalPrefix: '058' },
}
