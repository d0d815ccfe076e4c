import { z } from 'zod'
import { isoDateTime, text, textLimits } from './common'
import type { Endpoint } from './endpoints'
import { changeCursor, changeTypes } from './operatorChanges'

/**
 * The tenant's webhook (docs/integration.md): every change of the feed is also sent to one https endpoint,
 * signed as the Standard Webhooks specification says, at least once, with the change's id as its `webhook-id`;
 * and how the dispatch system confirms what guardians change.
 */

/** Standard Webhooks' secret form: `whsec_` and the base64 of the key (24 random bytes). */
export const webhookSecret = z.string().regex(/^whsec_[A-Za-z0-9+/]{32}$/)

/** How long, at most, a rotated-out secret still signs beside the new one. */
export const secretOverlapHours = { min: 0, max: 168, default: 24 } as const

export const webhookRequest = z.object({
  url: z
    .url()
    .max(2000)
    .describe(
      'https on an allowed port (443 unless the portal was configured otherwise) of a public host name; else 400 validation_failed naming url',
    ),
  enabled: z.boolean().default(true).describe('While false, changes are not sent (nor queued)'),
})

export const webhook = z.object({
  url: z.url(),
  enabled: z.boolean(),
  /** The last four characters of the signing secret, to tell secrets apart. */
  secretHint: text(textLimits.code),
  /** Until when the secret before the last rotation still signs beside it; null: only one signs. */
  previousSecretUntil: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
})
export type Webhook = z.infer<typeof webhook>

/** A webhook just made or a secret just rotated: the secret is in this answer only. */
export const webhookWithSecret = webhook.extend({ secret: webhookSecret })

export const secretRotationRequest = z.object({
  overlapHours: z
    .number()
    .int()
    .min(secretOverlapHours.min)
    .max(secretOverlapHours.max)
    .default(secretOverlapHours.default)
    .describe('How long the old secret still signs beside the new one, so receivers can switch'),
})

export const deliveryStates = ['pending', 'delivered', 'failed'] as const

/** One change's delivery to the webhook, as the log lists it. */
export const webhookDelivery = z.object({
  /** The change's id: the `webhook-id` of every attempt. */
  webhookId: z.uuid(),
  type: z.enum(changeTypes),
  cursor: changeCursor,
  state: z.enum(deliveryStates),
  attempts: z.number().int().min(0),
  lastAttemptAt: isoDateTime.nullable(),
  /** The receiver's HTTP status at the last attempt; null for none (no answer, refused by the address policy). */
  lastStatus: z.number().int().nullable(),
  lastError: text(textLimits.note).nullable(),
  nextAttemptAt: isoDateTime.nullable(),
  deliveredAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
})
export type WebhookDelivery = z.infer<typeof webhookDelivery>

export const deliveryLogQuery = z.object({
  state: z.enum(deliveryStates).optional(),
  after: changeCursor.optional().describe("The `cursor` of the last answer's last delivery"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
})

export const deliveryLog = z.object({
  deliveries: z.array(webhookDelivery),
  cursor: changeCursor.nullable(),
  hasMore: z.boolean(),
})

export const replayRequest = z
  .object({
    after: changeCursor
      .optional()
      .describe('Send again every change after this cursor (of the feed or the log)'),
    webhookIds: z.array(z.uuid()).min(1).max(500).optional().describe('Or these changes'),
  })
  .refine((value) => (value.after === undefined) !== (value.webhookIds === undefined), {
    message: 'Either after or webhookIds',
    path: ['after'],
  })

export const replayResult = z.object({
  /** Deliveries queued again, each with its change's webhook-id. */
  queued: z.number().int().min(0),
})

/** Minutes before the pickup by which the guardian must hear that a cancellation was received. */
export const acknowledgeByMinutes = { min: 0, max: 720, default: 30 } as const

export const dispatchSettings = z.object({
  acknowledges: z
    .boolean()
    .describe(
      'Whether the dispatch system acknowledges changes (PUT changes/{id}/acknowledgement). When false, a change counts as received once the webhook delivered it; with neither, guardians are not told when it was received',
    ),
  acknowledgeByMinutes: z
    .number()
    .int()
    .min(acknowledgeByMinutes.min)
    .max(acknowledgeByMinutes.max)
    .describe(
      "How long before a cancelled trip's pickup the guardian is told to call if it was not received",
    ),
  phone: text(textLimits.phone)
    .nullable()
    .describe('The number guardians are told to call when a change was refused or not received in time'),
})
export type DispatchSettings = z.infer<typeof dispatchSettings>

export const operatorWebhookEndpoints = {
  getWebhook: {
    method: 'GET',
    path: '/api/operator/webhook',
    summary: "The tenant's webhook, without its secret; 404 when it has none",
    auth: 'apiKey',
    response: webhook,
  },
  putWebhook: {
    method: 'PUT',
    path: '/api/operator/webhook',
    summary:
      'Set the endpoint changes are sent to. The first call makes the signing secret and answers it (only then); later calls keep it',
    auth: 'apiKey',
    body: webhookRequest,
    response: webhookWithSecret.partial({ secret: true }),
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/api/operator/webhook',
    summary: 'Stop sending changes: the webhook, its secrets and its queued deliveries go; the feed stays',
    auth: 'apiKey',
    response: z.null(),
  },
  rotateWebhookSecret: {
    method: 'POST',
    path: '/api/operator/webhook/secret',
    summary:
      'Make a new signing secret, answered once. The old one signs beside it (two signatures in webhook-signature) for overlapHours',
    auth: 'apiKey',
    idempotencyKeyRequired: true,
    body: secretRotationRequest,
    response: webhookWithSecret,
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/api/operator/webhook/deliveries',
    summary:
      'The delivery log: each change sent to the webhook, in feed order, with its attempts and the last answer. Kept as long as the feed keeps the change',
    auth: 'apiKey',
    query: deliveryLogQuery,
    response: deliveryLog,
  },
  replayWebhookDeliveries: {
    method: 'POST',
    path: '/api/operator/webhook/replay',
    summary:
      'Send changes again, each with its own webhook-id (receivers that kept it ignore it): those after a cursor, or those named',
    auth: 'apiKey',
    idempotencyKeyRequired: true,
    body: replayRequest,
    response: replayResult,
  },
  getDispatchSettings: {
    method: 'GET',
    path: '/api/operator/dispatch',
    summary: 'How the dispatch system confirms changes, and the number guardians are told to call',
    auth: 'apiKey',
    response: dispatchSettings,
  },
  putDispatchSettings: {
    method: 'PUT',
    path: '/api/operator/dispatch',
    summary:
      'Set how the dispatch system confirms changes and the number guardians call; applies to changes made from now on',
    auth: 'apiKey',
    body: dispatchSettings,
    response: dispatchSettings,
  },
} as const satisfies Record<string, Endpoint>
