import { z } from 'zod'
import { etaMinutesRange, notificationKinds, timeOfDayPattern, type NotificationKind } from './codes'
import { id, isoDateTime, text, textLimits } from './common'

export { etaMinutesRange, notificationKinds, type NotificationKind } from './codes'

/**
 * Notifications: Web Push to the devices a user turned them on for, an evening reminder, and a
 * private calendar feed of their passengers' trips.
 *
 * Settings are per user: which kinds each passenger's notifications they get, when the evening reminder comes,
 * how many minutes before the pickup the "car is near" alert comes, and whether the lock screen shows only
 * "Update about a trip". Subscriptions are per device (a browser's push endpoint), each of one user on one tenant.
 */

/** One switch per kind: every kind is named, so a client cannot leave one undefined. */
export const notificationSwitches = z.strictObject(
  Object.fromEntries(notificationKinds.map((kind) => [kind, z.boolean()])) as Record<
    NotificationKind,
    z.ZodBoolean
  >,
)
export type NotificationSwitches = z.infer<typeof notificationSwitches>

/** A time of day in the tenant's zone, HH:MM. */
export const timeOfDay = z.string().regex(timeOfDayPattern)

/**
 * The user's e-mail for notifications: none given, given but not yet confirmed by its link, confirmed, or refused
 * for good by a relay. Only a confirmed address gets notifications.
 */
export const emailAddressStates = ['none', 'unverified', 'verified', 'undeliverable'] as const
export type EmailAddressState = (typeof emailAddressStates)[number]

export const notificationSettings = z.object({
  /** When the evening reminder of tomorrow's trips comes, in the tenant's zone; 18:00 unless chosen. */
  reminderTime: timeOfDay,
  /** How many minutes before the pickup (by the operator's ETA) the "car is near" alert comes; 10 unless chosen. */
  etaMinutes: z.number().int().min(etaMinutesRange.min).max(etaMinutesRange.max),
  /** Lock-screen privacy: every notification says only "Update about a trip". */
  hideDetails: z.boolean(),
  /**
   * Every passenger granted to the user, with this user's push switches for them (all on unless turned off) and
   * e-mail switches (each kind's `emailDefaultOn` unless chosen).
   */
  passengers: z.array(
    z.object({ passengerId: id, switches: notificationSwitches, emailSwitches: notificationSwitches }),
  ),
  /**
   * E-mail as a channel: `available` false when the deployment sends none (EMAIL=off; the screen then hides its
   * switches), and the state of the user's address. The server's answer only: a save ignores it.
   */
  email: z.object({ available: z.boolean(), address: z.enum(emailAddressStates) }),
})
export type NotificationSettings = z.infer<typeof notificationSettings>

/** What a save sends: the settings without the e-mail's state, which only the server knows. */
export const notificationSettingsChange = notificationSettings.omit({ email: true })
export type NotificationSettingsChange = z.infer<typeof notificationSettingsChange>

/** The browser's family, read by the server from the User-Agent when the device subscribes. */
export const userAgentFamilies = ['chrome', 'edge', 'firefox', 'safari', 'samsung', 'other'] as const
export const userAgentFamily = z.enum(userAgentFamilies)

/** A push endpoint: an https URL of the browser's push service. */
export const pushEndpoint = z
  .url({ protocol: /^https?$/ })
  .max(textLimits.token)
  .regex(/^(?:[^\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/)

/** What `PushSubscription.toJSON()` gives, with the language notifications are to be written in. */
export const subscribeRequest = z.object({
  endpoint: pushEndpoint,
  keys: z.object({
    /** The browser's P-256 public key, base64url (65 bytes uncompressed: 87 characters). */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/),
    /** The 16-byte authentication secret, base64url. */
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/),
  }),
  locale: z.enum(['fi', 'sv', 'en']),
})
export type SubscribeRequest = z.infer<typeof subscribeRequest>

/** A device that receives notifications, as its user sees it (never its endpoint or keys). */
export const pushSubscription = z.object({
  id,
  userAgentFamily,
  locale: z.enum(['fi', 'sv', 'en']),
  createdAt: isoDateTime,
  lastDeliveredAt: isoDateTime.nullable(),
})
export type PushSubscriptionView = z.infer<typeof pushSubscription>

export const subscriptionParams = z.object({ id })

/** The VAPID public key (base64url, uncompressed P-256) that `PushManager.subscribe` needs. */
export const vapidKey = z.object({ publicKey: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/) })

/** A test notification to one of the user's devices. */
export const testNotificationRequest = z.object({ subscriptionId: id })

/** The user's private calendar feed: its URL (https) and the same as webcal://, for calendar apps. */
export const calendarFeed = z.object({
  url: text(textLimits.token),
  webcalUrl: text(textLimits.token),
  createdAt: isoDateTime,
})
export type CalendarFeed = z.infer<typeof calendarFeed>
