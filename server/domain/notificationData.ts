import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { NotificationKind } from '../../src/contract'

/**
 * What a queued notification (`push_deliveries.data`) is about, in no language: the sender writes it in the
 * subscriber's language when it sends (server/notifications/payload.ts), so a device that changes language
 * gets the next one in the new one. Only what the payload may show: a first name, a time, a reason code,
 * the operator's name; never an address, a phone number or a message's text.
 */
const trip = {
  passengerId: z.string(),
  firstName: z.string(),
  tripId: z.string(),
  /** The trip's date (YYYY-MM-DD), which with its id names it. */
  date: z.string(),
}

export const notificationData = z.discriminatedUnion('kind', [
  /** The car is on its way, about `minutes` from the pickup at `at` (the operator's ETD). */
  z.object({ kind: z.literal('eta'), ...trip, at: z.string(), minutes: z.number().int() }),
  z.object({ kind: z.literal('waiting'), ...trip, at: z.string() }),
  z.object({ kind: z.literal('pickedUp'), ...trip, at: z.string() }),
  z.object({ kind: z.literal('droppedOff'), ...trip, at: z.string() }),
  z.object({ kind: z.literal('noShow'), ...trip, at: z.string() }),
  /** The operator cancelled the trip that was to start at `startAt`. */
  z.object({ kind: z.literal('tripCancelled'), ...trip, startAt: z.string() }),
  /** The operator moved the trip's start from `previousStartAt` to `startAt`. */
  z.object({ kind: z.literal('tripTimeChanged'), ...trip, startAt: z.string(), previousStartAt: z.string() }),
  z.object({ kind: z.literal('bookingApproved'), ...trip, startAt: z.string() }),
  /** A guardian's cancellation of the trip at `startAt` was not received by its deadline: call, or the car comes. */
  z.object({ kind: z.literal('cancellationUnreceived'), ...trip, startAt: z.string() }),
  /** The transport service refused a guardian's cancellation (its reason is on the trip's screen, not here). */
  z.object({ kind: z.literal('cancellationRefused'), ...trip, startAt: z.string() }),
  /** `reason` is a booking refusal code (`bookingRefusalCodes`) or null when the operator gave none. */
  z.object({
    kind: z.literal('bookingRefused'),
    ...trip,
    startAt: z.string(),
    reason: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('message'),
    passengerId: z.string(),
    firstName: z.string(),
    messageId: z.string(),
    operatorName: z.string(),
    confirmationRequested: z.boolean(),
  }),
  /** Tomorrow's trips of the user's passengers, earliest first. */
  z.object({
    kind: z.literal('reminder'),
    date: z.string(),
    trips: z.array(z.object({ ...trip, startAt: z.string() })),
  }),
  z.object({ kind: z.literal('test') }),
])
export type NotificationData = z.infer<typeof notificationData>
export type NotificationDataKind = NotificationData['kind']

/** Which of the user's switches (per passenger) lets each kind through; a test is always sent. */
export const switchOf: Record<NotificationDataKind, NotificationKind | null> = {
  eta: 'eta',
  waiting: 'waiting',
  pickedUp: 'pickedUp',
  droppedOff: 'droppedOff',
  noShow: 'noShow',
  tripCancelled: 'tripChanged',
  tripTimeChanged: 'tripChanged',
  cancellationUnreceived: 'tripChanged',
  cancellationRefused: 'tripChanged',
  bookingApproved: 'booking',
  bookingRefused: 'booking',
  message: 'message',
  reminder: 'reminder',
  test: null,
}

export interface DeliveryPolicy {
  /** How long the push service and our outbox may hold it before it is pointless. */
  ttlSeconds: number
  urgency: 'very-low' | 'low' | 'normal' | 'high'
}

/**
 * TTL and urgency per kind. A trip's live alerts are worth nothing late (a pickup alert older than 10 minutes is
 * dropped, not sent); decisions and messages keep a day; the reminder until the morning.
 */
export const deliveryPolicy: Record<NotificationDataKind, DeliveryPolicy> = {
  eta: { ttlSeconds: 10 * 60, urgency: 'high' },
  waiting: { ttlSeconds: 10 * 60, urgency: 'high' },
  pickedUp: { ttlSeconds: 10 * 60, urgency: 'high' },
  droppedOff: { ttlSeconds: 10 * 60, urgency: 'normal' },
  noShow: { ttlSeconds: 30 * 60, urgency: 'high' },
  tripCancelled: { ttlSeconds: 12 * 60 * 60, urgency: 'high' },
  tripTimeChanged: { ttlSeconds: 12 * 60 * 60, urgency: 'high' },
  cancellationUnreceived: { ttlSeconds: 2 * 60 * 60, urgency: 'high' },
  cancellationRefused: { ttlSeconds: 2 * 60 * 60, urgency: 'high' },
  bookingApproved: { ttlSeconds: 24 * 60 * 60, urgency: 'normal' },
  bookingRefused: { ttlSeconds: 24 * 60 * 60, urgency: 'normal' },
  message: { ttlSeconds: 24 * 60 * 60, urgency: 'normal' },
  reminder: { ttlSeconds: 12 * 60 * 60, urgency: 'normal' },
  test: { ttlSeconds: 10 * 60, urgency: 'normal' },
}

/**
 * The push service's topic (RFC 8030, at most 32 URL-safe characters): one per trip and date for a trip's live
 * alerts, so a newer one replaces an older one still queued for an offline device; none for the others.
 */
export function topicOf(data: NotificationData): string | null {
  if (!liveKinds.has(data.kind) || !('tripId' in data)) return null
  // base64url of a SHA-256 cut to 32 characters: within one device's queue a collision is negligible.
  return createHash('sha256').update(`${data.tripId}:${data.date}`).digest('base64url').slice(0, 32)
}

const liveKinds: ReadonlySet<NotificationDataKind> = new Set([
  'eta',
  'waiting',
  'pickedUp',
  'droppedOff',
  'noShow',
])
