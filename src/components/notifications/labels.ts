import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { NotificationKind, userAgentFamilies } from '../../contract/notifications'
import type { Locale } from '../../domain/locale'

/** The switch of each kind a passenger's notifications come in (src/contract/notifications.ts). */
export const kindLabels: Record<NotificationKind, MessageDescriptor> = {
  eta: msg({ id: 'notifications.kind.eta', message: 'The car is near' }),
  waiting: msg({ id: 'notifications.kind.waiting', message: 'The car is waiting' }),
  pickedUp: msg({ id: 'notifications.kind.picked_up', message: 'Picked up' }),
  droppedOff: msg({ id: 'notifications.kind.dropped_off', message: 'Dropped off' }),
  noShow: msg({ id: 'notifications.kind.no_show', message: 'Passenger not met at pickup' }),
  tripChanged: msg({ id: 'notifications.kind.trip_changed', message: 'Trip cancelled or time changed' }),
  booking: msg({ id: 'notifications.kind.booking', message: 'Booking confirmed' }),
  message: msg({ id: 'notifications.kind.message', message: 'New message from the operator' }),
  reminder: msg({ id: 'notifications.kind.reminder', message: "Evening reminder of tomorrow's trips" }),
}

/** Browsers go by their brand names in every language; only "other" is translated. */
export const browserNames: Record<(typeof userAgentFamilies)[number], string | MessageDescriptor> = {
  chrome: 'Chrome',
  edge: 'Edge',
  firefox: 'Firefox',
  safari: 'Safari',
  samsung: 'Samsung Internet',
  other: msg({ id: 'notifications.devices.other_browser', message: 'Other browser' }),
}

/** The language a device's notifications come in. */
export const languageLabels: Record<Locale, MessageDescriptor> = {
  fi: msg({ id: 'notifications.language.fi', message: 'Finnish' }),
  sv: msg({ id: 'notifications.language.sv', message: 'Swedish' }),
  en: msg({ id: 'notifications.language.en', message: 'English' }),
}
