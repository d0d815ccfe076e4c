import type { BottomNavItemId, MenuItemId, OperatorContact, TenantConfig, Theme, ThemeColors } from './types'

type Features = TenantConfig['features']

export interface TenantInput {
  id: TenantConfig['id']
  name: string
  hosts: readonly string[]
  theme: Partial<Pick<Theme, 'menuRight' | 'dark'>> & {
    /** `link` defaults to `primary`, which light themes keep dark enough for text. */
    colors: Pick<ThemeColors, 'primary' | 'accent'> & Partial<ThemeColors>
  }
  features?: Partial<Features>
  phone?: Partial<TenantConfig['phone']>
  starScale?: 4 | 5
  seriesHorizonWeeks?: number
  trackingName?: TenantConfig['trackingName']
  contact?: OperatorContact
  textVariant?: TenantConfig['textVariant']
}

/** An international number ('+', the country code, then digits in groups) and an address with a domain. */
const contactPhone = /^\+\d[\d ]{5,18}\d$/
const contactEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * What is wrong with an operator's contact, or null: a number a phone cannot dial is a mistake. Checked over
 * every tenant by their unit test rather than as the page starts, which would carry it in the first page's code.
 */
export function contactProblem(contact: OperatorContact): 'phone' | 'email' | null {
  if (!contactPhone.test(contact.phone)) return 'phone'
  return contactEmail.test(contact.email) ? null : 'email'
}

/** How far a standing order may reach from its first ride unless the tenant says otherwise. */
export const defaultSeriesHorizonWeeks = 13

/** Neutral colours of the light themes; a branded theme brings its primary and accent. */
const lightNeutrals: Omit<ThemeColors, 'primary' | 'accent' | 'link'> = {
  onPrimary: '#ffffff',
  background: '#f4f6f8',
  surface: '#ffffff',
  text: '#1a1f29',
  muted: '#4b5563',
  onAccent: '#1a1f29',
}

const defaultFeatures: Features = {
  booking: true,
  transportationPermissions: false,
  travelCardRegistration: false,
  registerButton: false,
  heroImage: false,
  infoList: true,
  keusotePages: false,
}

/** Menu order of spec section 2 (with notifications after messages); items a tenant does not offer are left out. */
function menuFor(features: Features): MenuItemId[] {
  const items: (MenuItemId | false)[] = [
    'home',
    'passengers',
    features.transportationPermissions && 'transportationPermissions',
    'trips',
    'canceltrips',
    features.booking && 'booking',
    'personal-info',
    'messages',
    'notifications',
    'privacy',
    features.travelCardRegistration && 'register-travel-card',
    'accessibility-report',
    'password',
    'logout',
  ]
  return items.filter((item): item is MenuItemId => item !== false)
}

function bottomNavFor(features: Features): BottomNavItemId[] {
  return [features.booking ? 'booking' : 'passengers', 'trips', 'canceltrips', 'messages']
}

/** Builds a tenant from what sets it apart; menus and bottom navigation follow from its features. */
export function defineTenant(input: TenantInput): TenantConfig {
  const features = { ...defaultFeatures, ...input.features }
  const config: TenantConfig = {
    id: input.id,
    name: input.name,
    hosts: input.hosts,
    theme: {
      cssClassName: `theme-${input.id}`,
      dark: input.theme.dark ?? false,
      menuRight: input.theme.menuRight ?? false,
      colors: { ...lightNeutrals, link: input.theme.colors.primary, ...input.theme.colors },
    },
    features,
    phone: { internationalFormat: false, requiredAtBooking: false, ...input.phone },
    starScale: input.starScale ?? 5,
    seriesHorizonWeeks: input.seriesHorizonWeeks ?? defaultSeriesHorizonWeeks,
    trackingName: input.trackingName ?? 'firstName',
    contact: input.contact ?? null,
    menu: menuFor(features),
    bottomNav: bottomNavFor(features),
  }
  if (input.textVariant) config.textVariant = input.textVariant
  return config
}
