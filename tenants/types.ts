export const tenantIds = [
  'default',
  'espoo',
  'kovanen',
  'fixutaxi',
  'meneva',
  'helpbus',
  'tatkela',
  'fcg',
  'kulkukeskus',
  'keskustaksi',
  'fimlab',
  'demo',
  'black',
  'lahitaksi',
  'lapha',
  'luvn',
] as const

export type TenantId = (typeof tenantIds)[number]

/** Text variants that exist only as catalogue overrides (spec section 1: `th`). */
export type TextVariant = 'th'

/** How a tracking link names the passenger to a drivers' office (first name or initials). */
export type TrackingName = 'firstName' | 'initials'

export type MenuItemId =
  | 'home'
  | 'passengers'
  | 'transportationPermissions'
  | 'trips'
  | 'canceltrips'
  | 'booking'
  | 'personal-info'
  | 'messages'
  | 'notifications'
  | 'privacy'
  | 'register-travel-card'
  | 'accessibility-report'
  | 'password'
  | 'logout'

export type BottomNavItemId = 'booking' | 'passengers' | 'trips' | 'canceltrips' | 'messages'

/** Colours as hex; every pair used for text is checked for WCAG AA contrast by a unit test. */
export interface ThemeColors {
  /** Top bar and primary buttons. */
  primary: string
  /** Text and icons on `primary`. */
  onPrimary: string
  /** Page background. */
  background: string
  /** Cards, dialogs, drawer. */
  surface: string
  /** Body text on `background` and `surface`. */
  text: string
  /** Secondary text on `background` and `surface`. */
  muted: string
  /** Links and focus rings on `background` and `surface`. */
  link: string
  /** Accent for badges and the active bottom navigation item, with `onAccent` text. */
  accent: string
  onAccent: string
}

export interface Theme {
  cssClassName: string
  /** Dark page and top bar: light text on dark surfaces. */
  dark: boolean
  /** The menu button sits at the right end of the top bar. */
  menuRight: boolean
  colors: ThemeColors
}

/** How passengers and drivers' offices reach the operator's customer service. */
export interface OperatorContact {
  /** As it is written for people, '+' and the country code first; dialled without its spaces. */
  phone: string
  email: string
}

export interface TenantConfig {
  id: TenantId
  /** Operator name as a proper noun; not translated. */
  name: string
  /** Production host names that select this tenant. */
  hosts: readonly string[]
  theme: Theme
  features: {
    booking: boolean
    transportationPermissions: boolean
    travelCardRegistration: boolean
    /** Register button on the home page (four branded themes). */
    registerButton: boolean
    heroImage: boolean
    infoList: boolean
    /** Privacy statement and accessibility report of the regional wellbeing county. */
    keusotePages: boolean
  }
  phone: {
    /** '+' then 6 to 14 digits with optional spaces, not just +358 (spec section 5). */
    internationalFormat: boolean
    requiredAtBooking: boolean
  }
  starScale: 4 | 5
  /** How far a standing order may reach from its first ride, in weeks; 13 unless the operator says. */
  seriesHorizonWeeks: number
  trackingName: TrackingName
  /** Shown on trip detail and on tracking links; null where the operator has given none. */
  contact: OperatorContact | null
  textVariant?: TextVariant
  menu: readonly MenuItemId[]
  bottomNav: readonly BottomNavItemId[]
}
