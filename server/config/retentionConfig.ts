import { passengerErasureMaxDays } from '../../src/contract/operatorLifecycle'

type Env = Record<string, string | undefined>

/** How long the trip event log and messages keep what they record (server/retention/, docs/operations.md). */
export interface RetentionConfig {
  /**
   * Days a trip's car positions are kept after the trip ends (RETENTION_POSITION_DAYS, 30); then the trip keeps
   * its other events. Null (`off`) keeps them for ever.
   */
  positionRetentionDays: number | null
  /** Days a message is kept after it was written (RETENTION_MESSAGE_DAYS); null (`off`, the default) keeps them. */
  messageRetentionDays: number | null
  /**
   * Days a push subscription is kept after its last delivery, or its creation when it had none
   * (RETENTION_PUSH_SUBSCRIPTION_DAYS, 120); null (`off`) keeps them.
   */
  pushSubscriptionRetentionDays: number | null
  /**
   * Days the change feed keeps a change, and the webhook its delivery (CHANGE_FEED_RETENTION_DAYS, 30; at least 7,
   * beyond the webhook's retries): the operator can replay from any cursor within it. Never `off`.
   */
  changeFeedRetentionDays: number
  /**
   * Days the mail outbox keeps a sent or failed mail as its log (EMAIL_RETENTION_DAYS, 30): the address it went to,
   * its kind and outcome, never its links. Never `off`: the log holds addresses.
   */
  emailRetentionDays: number
}

/** A number of whole days (0 and up), or `off`; anything else stops the server at start. */
function days(env: Env, name: string, fallback: number | null): number | null {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (raw === 'off') return null
  const value = Number(raw)
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value))
    throw new Error(`${name} must be a whole number of days or off, got "${raw}"`)
  return value
}

export function retentionConfigFrom(env: Env): RetentionConfig {
  return {
    positionRetentionDays: days(env, 'RETENTION_POSITION_DAYS', 30),
    messageRetentionDays: days(env, 'RETENTION_MESSAGE_DAYS', null),
    pushSubscriptionRetentionDays: days(env, 'RETENTION_PUSH_SUBSCRIPTION_DAYS', 120),
    changeFeedRetentionDays: changeFeedDays(env),
    emailRetentionDays: emailDays(env),
  }
}

function emailDays(env: Env): number {
  const value = days(env, 'EMAIL_RETENTION_DAYS', 30)
  if (value === null) throw new Error('EMAIL_RETENTION_DAYS must be a whole number of days')
  return value
}

/** The least the feed keeps: longer than the webhook retries a delivery (3 days by default). */
const changeFeedMinDays = 7

function changeFeedDays(env: Env): number {
  const value = days(env, 'CHANGE_FEED_RETENTION_DAYS', 30)
  if (value === null || value < changeFeedMinDays)
    throw new Error(
      `CHANGE_FEED_RETENTION_DAYS must be a whole number of days, at least ${changeFeedMinDays}`,
    )
  return value
}

/** How long an ended passenger's personal data stays by default (server/retention/passengerErasure.ts). */
export interface PassengerErasureConfig {
  /**
   * Days from a passenger's end to its erasure when the end's call names none (PASSENGER_ERASURE_DAYS, 365, at
   * most 3650); 0: at the next retention run. Never `off`: every ended passenger is erased.
   */
  passengerErasureDays: number
}

export function passengerErasureConfigFrom(env: Env): PassengerErasureConfig {
  const value = days(env, 'PASSENGER_ERASURE_DAYS', 365)
  if (value === null || value > passengerErasureMaxDays)
    throw new Error(`PASSENGER_ERASURE_DAYS must be a whole number of days up to ${passengerErasureMaxDays}`)
  return { passengerErasureDays: value }
}
