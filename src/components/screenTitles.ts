import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { contentTitles } from '../content/titles'

/** One name per screen, shared by its heading, the document title, the drawer and the bottom navigation. */
export const screenTitles = {
  home: msg({ id: 'menu.home', message: 'Home' }),
  passengers: msg({ id: 'menu.passengers', message: 'Passengers' }),
  transportationPermissions: msg({
    id: 'menu.transportation_permissions',
    message: 'Transportation permissions',
  }),
  transportationPermission: msg({
    id: 'screen.transportation_permission',
    message: 'Transportation permission',
  }),
  trips: msg({ id: 'menu.trips', message: 'Trips' }),
  tripDetail: msg({ id: 'screen.trip_detail', message: 'Trip details' }),
  track: msg({ id: 'screen.track', message: 'Track a trip' }),
  canceltrips: msg({ id: 'menu.canceltrips', message: 'Cancel trips' }),
  booking: msg({ id: 'menu.booking', message: 'Book a trip' }),
  personalInfo: msg({ id: 'menu.personal_info', message: 'Personal information' }),
  messages: msg({ id: 'menu.messages', message: 'Messages' }),
  notifications: msg({ id: 'menu.notifications', message: 'Notifications' }),
  registerTravelCard: msg({ id: 'menu.register_travel_card', message: 'Register a travel card' }),
  changePassword: msg({ id: 'menu.change_password', message: 'Change password' }),
  createPassword: msg({ id: 'menu.create_password', message: 'Create password' }),
  logout: msg({ id: 'menu.logout', message: 'Log out' }),
  invitation: msg({ id: 'screen.invitation', message: 'Invitation' }),
  loggedOut: msg({ id: 'screen.logged_out', message: 'Logged out' }),
  notFound: msg({ id: 'screen.not_found', message: 'Page not found' }),
  privacy: contentTitles.privacy,
  accessibilityReport: contentTitles.accessibility,
} satisfies Record<string, MessageDescriptor>

export type ScreenId = keyof typeof screenTitles
