import { z } from 'zod'
import {
  cancelReasonCodes,
  cancelReasonMaxLength,
  messageContentMaxLength,
  refusalReasonMaxLength,
  reviewCommentMaxLength,
} from './codes'
import { externalRef, id, isoDate, isoDateTime, text, textLimits, tripId } from './common'
import type { Endpoint } from './endpoints'

/**
 * What guardians do, told to the operator's dispatch system (docs/integration.md): every change is written in
 * the transaction that makes it, read in the change feed in commit order, sent as a signed webhook, and may be
 * acknowledged by the dispatch system, which the guardian then sees.
 */

export const changeTypes = [
  'trip.cancelled',
  'booking.requested',
  'booking.withdrawn',
  'series.requested',
  'series.withdrawn',
  'trip.reviewed',
  'message.sent',
  'message.confirmed',
  'trackingLink.created',
  'trackingLink.revoked',
  'passenger.added',
  'passenger.removed',
] as const
export type ChangeType = (typeof changeTypes)[number]

/** Where a cancellation was made: the trip's detail, the cancel wizard, or as a later ride of a series. */
export const changeCancelSources = ['detail', 'wizard', 'following'] as const
/** How a user came to hold a passenger. */
export const passengerAddedBy = ['accessCode', 'invitation', 'travelCard'] as const

/** Every change names what it concerns by the portal's id and the operator's reference (null: it has none). */
const passengerNamed = z.object({ id, ref: externalRef.nullable() })
const tripNamed = z.object({ id: tripId, date: isoDate, start: isoDateTime })
/** The user who made the change: a guardian, or the passenger on their own account. */
const actor = z.object({ userId: id, name: text(textLimits.name) })
const concerning = { passenger: passengerNamed, actor }

const cancelled = z.object({
  ...concerning,
  trip: tripNamed,
  source: z.enum(changeCancelSources),
  reasonCode: z.enum(cancelReasonCodes),
  reason: text(cancelReasonMaxLength),
})
const booking = z.object({
  ...concerning,
  trip: tripNamed,
  permission: z.object({ id, ref: externalRef.nullable() }).nullable(),
  /** The standing order it was booked in, if any. */
  seriesId: id.nullable(),
})
const series = z.object({
  ...concerning,
  seriesId: id,
  permission: z.object({ id, ref: externalRef.nullable() }).nullable(),
  trips: z.array(tripNamed),
})
const reviewed = z.object({
  ...concerning,
  trip: tripNamed,
  driverStars: z.number().int().min(1).max(5),
  experienceStars: z.number().int().min(1).max(5),
  comment: text(reviewCommentMaxLength),
})
const messageSent = z.object({
  ...concerning,
  message: z.object({ id, content: text(messageContentMaxLength) }),
})
const messageConfirmed = z.object({ ...concerning, message: z.object({ id }) })
/** A tracking link names its trip; never the link itself, which is its only secret. */
const trackingLinkChange = z.object({
  ...concerning,
  trip: tripNamed,
  linkId: id,
  validUntil: isoDateTime,
})
const passengerAdded = z.object({ ...concerning, by: z.enum(passengerAddedBy) })
const passengerRemoved = z.object({ ...concerning })

const envelope = <T extends ChangeType, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    /** Stable per change: the webhook's `webhook-id`, and what acknowledgements name. */
    id: z.uuid(),
    type: z.literal(type),
    /** When the change was made. */
    timestamp: isoDateTime,
    data,
  })

/** A change as the feed lists it and a webhook's body carries it (Standard Webhooks' `type`, `timestamp`, `data`). */
export const operatorChange = z.discriminatedUnion('type', [
  envelope('trip.cancelled', cancelled),
  envelope('booking.requested', booking),
  envelope('booking.withdrawn', booking),
  envelope('series.requested', series),
  envelope('series.withdrawn', series),
  envelope('trip.reviewed', reviewed),
  envelope('message.sent', messageSent),
  envelope('message.confirmed', messageConfirmed),
  envelope('trackingLink.created', trackingLinkChange),
  envelope('trackingLink.revoked', trackingLinkChange),
  envelope('passenger.added', passengerAdded),
  envelope('passenger.removed', passengerRemoved),
])
export type OperatorChange = z.infer<typeof operatorChange>
/** The data of a change of one type. */
export type ChangeData<T extends ChangeType> = Extract<OperatorChange, { type: T }>['data']

export { refusalReasonMaxLength } from './codes'

export const acknowledgementOutcomes = ['applied', 'refused'] as const
export type AcknowledgementOutcome = (typeof acknowledgementOutcomes)[number]

export const acknowledgement = z.object({
  outcome: z.enum(acknowledgementOutcomes),
  reason: text(refusalReasonMaxLength).nullable(),
  at: isoDateTime,
})

/** A change in the feed: as told, with its acknowledgement so far and its deadline. */
export const feedChange = z.intersection(
  operatorChange,
  z.object({
    /** Where a read that has handled this change goes on from. */
    cursor: z.string(),
    acknowledgement: acknowledgement.nullable(),
    /**
     * For a cancellation the guardian waits to hear of: when the guardian is told to call the operator if no
     * acknowledgement (or delivered webhook, for a tenant whose dispatch does not acknowledge) has come.
     */
    acknowledgeBy: isoDateTime.nullable(),
  }),
)
export type FeedChange = z.infer<typeof feedChange>

/** An opaque position in the feed. */
export const changeCursor = z
  .string()
  .regex(/^\d{1,20}_\d{1,20}$/, 'Not a cursor of this feed')
  .describe('The `cursor` of a change or of the last answer, as given')

export const changeFeedLimit = { default: 100, max: 500 } as const

export const changeFeedQuery = z.object({
  after: changeCursor.optional().describe('Go on after this cursor; from the oldest change kept without'),
  limit: z.coerce.number().int().min(1).max(changeFeedLimit.max).default(changeFeedLimit.default),
  types: z
    .string()
    .optional()
    .describe(`Comma-separated change types to list (${changeTypes.join(', ')}); all without`),
})

export const changeFeed = z.object({
  /** In commit order: a change committed later never comes before one committed earlier. */
  changes: z.array(feedChange),
  /** Where the next read goes on from: the last change's cursor, or `after` as given when nothing is new. */
  cursor: changeCursor.nullable(),
  hasMore: z.boolean(),
})
export type ChangeFeed = z.infer<typeof changeFeed>

export const acknowledgementRequest = z
  .object({
    outcome: z.enum(acknowledgementOutcomes),
    reason: text(refusalReasonMaxLength, { trim: true })
      .optional()
      .describe(
        "Why it was refused (required then), shown to the guardian as written: 'The car is already on its way'",
      ),
    at: isoDateTime.optional().describe('When the dispatch system received it; defaults to now'),
  })
  .superRefine((value, context) => {
    if (value.outcome === 'refused' && !value.reason)
      context.addIssue({ code: 'custom', path: ['reason'], message: 'A refusal needs its reason' })
  })

const changeParams = z.object({ id: z.uuid() })

export const operatorChangesEndpoints = {
  listChanges: {
    method: 'GET',
    path: '/api/operator/changes',
    summary:
      "What the tenant's guardians changed, each change once and in the order the changes committed, across every instance: after a cursor, up to `limit`. A change is listed only once every change that could commit before it has committed or failed, so a read never skips one. Kept for the feed's retention (30 days unless the operator configured otherwise); a cursor older than that is 410 cursor_expired",
    auth: 'apiKey',
    query: changeFeedQuery,
    response: changeFeed,
    errorStatuses: [410],
  },
  getChange: {
    method: 'GET',
    path: '/api/operator/changes/:id',
    summary: 'One change as the feed lists it, by its id (the webhook-id it was sent with)',
    auth: 'apiKey',
    params: changeParams,
    response: feedChange,
  },
  acknowledgeChange: {
    method: 'PUT',
    path: '/api/operator/changes/:id/acknowledgement',
    summary:
      "The dispatch system received a change: applied, or refused with a reason the guardian is shown. A cancellation's guardian sees when the transport service received it, or that it was refused and whom to call. The same acknowledgement again answers as the first; the other outcome after it is 409 already_acknowledged",
    auth: 'apiKey',
    params: changeParams,
    body: acknowledgementRequest,
    response: feedChange,
  },
} as const satisfies Record<string, Endpoint>
