import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { BottomNavItemId, MenuItemId, TenantConfig } from '../../../tenants'
import { screenTitles } from '../screenTitles'

/** Paths of the screens a menu can point to (spec section 2). */
export type MenuPath =
  | '/'
  | '/passengers'
  | '/transportationPermissions'
  | '/trips'
  | '/canceltrips'
  | '/booking'
  | '/personal-info'
  | '/messages'
  | '/notifications'
  | '/privacy'
  | '/privacy-keusote'
  | '/register-travel-card'
  | '/accessibility-report'
  | '/accessibility-report-keusote'
  | '/password'
  | '/logout'

export interface MenuLink {
  id: MenuItemId
  to: MenuPath
  title: MessageDescriptor
  requireAuth: boolean
}

export interface UserFacts {
  signedIn: boolean
  /** Undefined while the account loads; the password item then says "Change password". */
  hasPassword: boolean | undefined
}

/** The password screen changes a password, or creates a login for a user who has none. */
export function passwordTitle(hasPassword: boolean | undefined): MessageDescriptor {
  return hasPassword === false ? screenTitles.createPassword : screenTitles.changePassword
}

function link(item: MenuItemId, tenant: TenantConfig, user: UserFacts): Omit<MenuLink, 'id'> {
  const keusote = tenant.features.keusotePages
  switch (item) {
    case 'home':
      return { to: '/', title: screenTitles.home, requireAuth: false }
    case 'passengers':
      return { to: '/passengers', title: screenTitles.passengers, requireAuth: true }
    case 'transportationPermissions':
      return {
        to: '/transportationPermissions',
        title: screenTitles.transportationPermissions,
        requireAuth: true,
      }
    case 'trips':
      return { to: '/trips', title: screenTitles.trips, requireAuth: true }
    case 'canceltrips':
      return { to: '/canceltrips', title: screenTitles.canceltrips, requireAuth: true }
    case 'booking':
      return { to: '/booking', title: screenTitles.booking, requireAuth: true }
    case 'personal-info':
      return { to: '/personal-info', title: screenTitles.personalInfo, requireAuth: true }
    case 'messages':
      return { to: '/messages', title: screenTitles.messages, requireAuth: true }
    case 'notifications':
      return { to: '/notifications', title: screenTitles.notifications, requireAuth: true }
    case 'privacy':
      return {
        to: keusote ? '/privacy-keusote' : '/privacy',
        title: screenTitles.privacy,
        requireAuth: false,
      }
    case 'register-travel-card':
      return { to: '/register-travel-card', title: screenTitles.registerTravelCard, requireAuth: false }
    case 'accessibility-report':
      return {
        to: keusote ? '/accessibility-report-keusote' : '/accessibility-report',
        title: screenTitles.accessibilityReport,
        requireAuth: false,
      }
    case 'password':
      return { to: '/password', title: passwordTitle(user.hasPassword), requireAuth: true }
    case 'logout':
      return { to: '/logout', title: screenTitles.logout, requireAuth: true }
  }
}

/** The drawer's items for this tenant; items that need a session are hidden from anonymous users. */
export function drawerItems(tenant: TenantConfig, user: UserFacts): MenuLink[] {
  return tenant.menu
    .map((id) => ({ id, ...link(id, tenant, user) }))
    .filter((item) => user.signedIn || !item.requireAuth)
}

export interface BottomNavLink {
  id: BottomNavItemId
  to: '/booking' | '/passengers' | '/trips' | '/canceltrips' | '/messages'
  title: MessageDescriptor
}

/**
 * The bottom navigation's labels: one short word each where the screen's title is longer, since at 200 % text
 * a quarter of a phone's width holds about six letters, and a longer word would break inside itself. Passengers
 * has no shorter word: its item takes the width the others leave (BottomNav), which holds up to eleven letters
 * beside the three short ones; the Swedish says it in nine.
 */
const bottomNavLabels: Record<BottomNavItemId, MessageDescriptor> = {
  booking: msg({ id: 'nav.booking', message: 'Book' }),
  passengers: msg({ id: 'nav.passengers', message: 'Passengers' }),
  trips: msg({ id: 'nav.trips', message: 'Trips' }),
  canceltrips: msg({ id: 'nav.canceltrips', message: 'Cancel' }),
  messages: msg({ id: 'nav.messages', message: 'Inbox' }),
}

/**
 * The bottom navigation. Messages is there from the start, not once there are some (spec section 2): an item
 * arriving with the first pull moved every other item under the user's finger, and the screen can start a
 * conversation too.
 */
export function bottomNavItems(tenant: TenantConfig): BottomNavLink[] {
  return tenant.bottomNav.map((id) => ({ id, to: `/${id}` as const, title: bottomNavLabels[id] }))
}
