import type { ColumnType, Generated, Kysely, RawBuilder } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { TenantId } from '../../tenants'
import type { TripBody } from '../domain/tripView'
import type { TripApproval } from '../domain/tripProjection'
import type { TripSeries } from '../../src/contract/series'

/** timestamptz, as Temporal.Instant both ways (see temporalPlugin.ts). */
export type Timestamp = Temporal.Instant
/** A timestamptz the database fills with now() unless given. */
export type CreatedAt = ColumnType<Temporal.Instant, Temporal.Instant | undefined, never>
/** jsonb: read as T, written through `jsonb()` so pg and PGlite both send text. */
export type Jsonb<T> = ColumnType<T, RawBuilder<T>, RawBuilder<T>>

/** Set on insert by default, and by every update. */
type UpdatedAt = ColumnType<Temporal.Instant, Temporal.Instant | undefined, Temporal.Instant>
type Tenant = ColumnType<TenantId, TenantId, never>

export interface UsersTable {
  tenant_id: Tenant
  id: string
  name: string
  user_name: string | null
  email: string | null
  phone: string | null
  /** argon2id PHC string; null for users who log in only with strong authentication. */
  password_hash: string | null
  /** `sub` of the strong-authentication identity. */
  identity_subject: string | null
  identity_verified: Generated<boolean>
  /** The language the user last used the portal in: mails are written in it (migration 0028); null: never said. */
  locale: ColumnType<'fi' | 'sv' | 'en' | null, 'fi' | 'sv' | 'en' | null | undefined>
  /** The portal root (server/net/portalUrl.ts) the user last signed in on: their mails' links open it. */
  portal_url: ColumnType<string | null, string | null | undefined>
  /** When the e-mail was confirmed by its link; null: nothing but the confirmation is sent to it. */
  email_verified_at: ColumnType<Temporal.Instant | null, Temporal.Instant | null | undefined>
  /** When a relay refused the address for good (5xx): nothing is sent to it until it is changed. */
  email_undeliverable_at: ColumnType<Temporal.Instant | null, Temporal.Instant | null | undefined>
  /** Bumped with every change of the user's passenger list (migration 0007, server/reads/); bigint as text. */
  passengers_read_version: ColumnType<string, never, never>
  created_at: CreatedAt
}

export interface SessionsTable {
  tenant_id: Tenant
  /** SHA-256 of the session id; the id itself exists only in the browser's cookie. */
  id_hash: string
  /** Public id of the session, named by its access tokens (`sid`); revoking the session revokes them. */
  sid: string
  user_id: string
  created_at: CreatedAt
  expires_at: Timestamp
}

/** The login throttle's counters: one per address, one per address and lower-cased username. */
export interface LoginThrottlesTable {
  tenant_id: Tenant
  kind: 'address' | 'pair'
  /** The address, or the address and the username after a space. */
  subject: string
  failures: number
  counted_since: Timestamp
  next_allowed_at: Timestamp
}

export interface SigningKeysTable {
  tenant_id: Tenant
  kid: string
  /** base64url of 32 random bytes (HS256). */
  secret: string
  created_at: CreatedAt
}

export interface PassengersTable {
  tenant_id: Tenant
  id: string
  name: string
  phone: string | null
  avatar_text: string
  /** The operator's own reference (migration 0025), unique in the tenant; null for none. */
  external_ref: string | null
  language: 'fi' | 'sv' | 'en' | null
  /** The operator ended the passenger (eligibility over): no trips, no guardians from then on. */
  ended_at: Timestamp | null
  end_reason: string | null
  /** When the passenger's personal data goes (server/retention); null while not ended. */
  erase_after: Timestamp | null
  erased_at: Timestamp | null
  /** Bumped with every change of the row or its trips (migration 0007, server/reads/); bigint as text. */
  read_version: ColumnType<string, never, never>
  created_at: CreatedAt
}

export interface PassengerGrantsTable {
  tenant_id: Tenant
  user_id: string
  passenger_id: string
  granted_at: CreatedAt
}

export interface AccessCodesTable {
  tenant_id: Tenant
  /** Names the code in the operator API (migration 0025). */
  id: string
  /** SHA-256 (hex) of the code as compared (`normalizeAccessCode`): the code itself is not kept. */
  token: string
  /** The code's last characters, to tell codes apart in a list. */
  hint: string
  passenger_id: string
  expires_at: Timestamp
  used_at: Timestamp | null
  used_by_user_id: string | null
  created_at: CreatedAt
}

export interface PlacesTable {
  tenant_id: Tenant
  id: string
  passenger_id: string
  alias: string | null
  display: string
  address: string
  streetnumber: string | null
  postalcode: string | null
  city: string | null
  latitude: number | null
  longitude: number | null
  is_home: boolean
  is_pickup: boolean
  is_via_point: boolean
  is_main: boolean
  is_secondary_place: boolean
  source: string
  sort_order: number
  /** The operator's own reference (migration 0025), unique per passenger; null for none. */
  external_ref: string | null
}

export interface TripEventsTable {
  tenant_id: Tenant
  trip_id: string
  /** 1, 2, 3... per trip: the order the projection applies them in. */
  seq: number
  type: string
  payload: Jsonb<Record<string, unknown>>
  occurred_at: Timestamp
  recorded_at: CreatedAt
}

export interface StoredAddress {
  alias: string | null
  address: string
  lat: number | null
  lng: number | null
}

export interface StoredViaPoint {
  address: StoredAddress
  placeId: string | null
  /** ISO instant (jsonb has no time type). */
  time: string | null
  waitMinutes: number
}

export interface StoredReview {
  comment: string
  driverStars: number
  experienceStars: number
  userId: string
  /** ISO instant. */
  at: string
}

/** The projection of a trip's events (server/domain/tripProjection.ts); never written any other way. */
export interface TripsTable {
  tenant_id: Tenant
  id: string
  passenger_id: string
  booked_at: Timestamp
  start_time: Timestamp
  end_time: Timestamp
  start_place_id: string | null
  end_place_id: string | null
  start_address: Jsonb<StoredAddress>
  end_address: Jsonb<StoredAddress>
  via_points: Jsonb<StoredViaPoint[]>
  car_name: string | null
  car_register_number: string | null
  car_phone_number: string | null
  driver_name: string | null
  deductible_cents: number | null
  note: string | null
  cancelled_at: Timestamp | null
  cancel_reason: string | null
  cancelled_by_user_id: string | null
  /** A cancellation in the portal: its receipt's deadline and whom to call (migration 0027). */
  cancel_acknowledge_by: Timestamp | null
  cancel_phone: string | null
  /** The transport service's answer to it, when, and why refused. */
  cancel_receipt: 'received' | 'refused' | null
  cancel_receipt_at: Timestamp | null
  cancel_refusal_reason: string | null
  pickup_time: Timestamp | null
  dropoff_time: Timestamp | null
  no_show_time: Timestamp | null
  allow_eta_query: boolean
  allow_review: boolean
  status_code: number
  eta: Timestamp | null
  etd: Timestamp | null
  ata: Timestamp | null
  car_latitude: number | null
  car_longitude: number | null
  reviews: Jsonb<StoredReview[]>
  /** The trip as the API shows it in Europe/Helsinki (server/db/tripRows.ts); null on trips stored before. */
  view: Jsonb<TripBody | null>
  /** A portal booking's approval (migration 0009); null for a trip the operator booked. */
  approval: TripApproval | null
  /** The standing order a portal booking was made in (migration 0022), its id apart to find its trips by. */
  series_id: string | null
  series: Jsonb<TripSeries> | null
  /** Sequence number of the last event applied. */
  version: number
}

/**
 * The first answer to a state-changing call with an Idempotency-Key, per tenant, principal and key
 * (server/idempotency/). `in_flight` while the first request runs; `done` holds the answer to replay.
 */
export interface IdempotencyKeysTable {
  tenant_id: Tenant
  /** `user:{id}` or `operator:{key id}`. */
  principal: string
  key: string
  /** SHA-256 of method, path and body. */
  request_hash: string
  state: 'in_flight' | 'done'
  /** The run holding an in-flight key; only it may complete or release the key. */
  lease: string | null
  claimed_at: Timestamp
  status_code: number | null
  content_type: string | null
  /** The answer's body exactly as it was sent. */
  body: string | null
  created_at: CreatedAt
}

/** Operator integration API keys: only a SHA-256 of each key is kept. */
export interface OperatorApiKeysTable {
  tenant_id: Tenant
  id: string
  name: string
  key_hash: string
  created_at: CreatedAt
  revoked_at: Timestamp | null
}

/** A calendar date (PostgreSQL `date`), read and written as YYYY-MM-DD (see connect.ts). */
export type IsoDate = string

export interface StoredExtra {
  extraId: string
  name: string
  selected: boolean
}

export interface StoredArea {
  polygon: { latitude: number; longitude: number }[]
}

/** A passenger's transportation permission (migration 0008); its periods and place groups are rows of their own. */
export interface TransportationPermissionsTable {
  tenant_id: Tenant
  id: string
  passenger_id: string
  name: string
  /** VPL, SHL or another decision. */
  decision_type: string
  note: string | null
  /** 0 to 5, spec section 3. */
  trip_destinations: number
  allow_via_points: boolean
  /** Metres. */
  via_point_max_deviation: number | null
  /** Minutes. */
  express_quota_time_limit: number | null
  start_date: IsoDate
  end_date: IsoDate
  extras: Jsonb<StoredExtra[]>
  allowed_area: Jsonb<StoredArea | null>
  /** The operator's own reference (migration 0025), unique in the tenant; null for none. */
  external_ref: string | null
  created_at: CreatedAt
}

export interface PermissionPeriodsTable {
  tenant_id: Tenant
  permission_id: string
  start_date: IsoDate
  end_date: IsoDate
  total_quota: number
  used_quota: Generated<number>
  total_express_quota: Generated<number>
  used_express_quota: Generated<number>
  saved_to_next: Generated<number>
  borrowed: Generated<number>
}

/** The places of a permission's place groups, in the operator's order. */
export interface PermissionPlacesTable {
  tenant_id: Tenant
  permission_id: string
  group_index: number
  group_name: string
  place_index: number
  place_id: string
}

/** A trip shared with a drivers' office (migration 0010); its window follows the trip. */
export interface TrackingLinksTable {
  tenant_id: Tenant
  /** base64url of 16 random bytes: the link's only secret. */
  link: string
  trip_id: string
  date: IsoDate
  /** The guardian who shared it; null when the operator did. */
  created_by_user_id: string | null
  /** The operator API key that made it; null when a guardian did. */
  created_by_operator_key_id: string | null
  created_at: CreatedAt
  revoked_at: Timestamp | null
}

/** A message between a passenger's guardians and the operator (migration 0012). */
export interface MessagesTable {
  tenant_id: Tenant
  id: string
  /** The order messages arrived in (bigint identity, read as text). */
  seq: ColumnType<string, never, never>
  passenger_id: string
  sender: 'user' | 'operator'
  /** The writer when a user wrote it; null for the operator. */
  sender_user_id: string | null
  /** The operator's signature; null when a user wrote it (their name is their user row's). */
  sender_name: string | null
  content: string
  created_at: Timestamp
  confirmation_requested: boolean
  confirmed_at: Timestamp | null
  confirmed_by_user_id: string | null
}

/** When a user saw another's message. */
export interface MessageSeenTable {
  tenant_id: Tenant
  message_id: string
  user_id: string
  seen_at: Timestamp
}

/** An invitation (migration 0013): its code grants its passengers to the one user who accepts it in time. */
export interface InvitationsTable {
  tenant_id: Tenant
  /** base64url of 16 random bytes (the demo's are readable): the invitation's only secret. */
  code: string
  expires_at: Timestamp
  accepted_at: Timestamp | null
  accepted_by_user_id: string | null
  /** The travel card that made it (migration 0016), whose acceptance is judged by server/invitations/. */
  travel_card_number: string | null
  created_at: CreatedAt
}

export interface InvitationPassengersTable {
  tenant_id: Tenant
  code: string
  passenger_id: string
}

/** A travel card of a passenger (migration 0013), registered by its holder's name and number. */
export interface TravelCardsTable {
  tenant_id: Tenant
  /** Without spaces or dashes, upper-cased (`normalizeCardNumber`). */
  card_number: string
  holder_name: string
  passenger_id: string
  created_at: CreatedAt
}

/**
 * Failed travel card registrations (migration 0016): one counter per card number and one per holder name, each
 * identified by a SHA-256 of its normalized value, counting since its first failure in the window.
 */
export interface TravelCardThrottlesTable {
  tenant_id: Tenant
  kind: 'card' | 'name'
  subject: string
  failures: number
  counted_since: Timestamp
}

/** The deployment's VAPID key pair (migration 0018): one row, across tenants. */
export interface VapidKeysTable {
  id: 1
  /** base64url, uncompressed P-256 point. */
  public_key: string
  /** base64url, the 32-byte private scalar. */
  private_key: string
  created_at: CreatedAt
}

/** A device's push subscription (migration 0018), of one user on one tenant. */
export interface PushSubscriptionsTable {
  tenant_id: Tenant
  id: string
  user_id: string
  /** The push service's URL for this device; unique across tenants. */
  endpoint: string
  p256dh: string
  auth: string
  locale: 'fi' | 'sv' | 'en'
  user_agent_family: 'chrome' | 'edge' | 'firefox' | 'safari' | 'samsung' | 'other'
  created_at: CreatedAt
  last_delivered_at: Timestamp | null
  /** Failed sends since the last delivery. */
  failures: Generated<number>
  /** The portal's root as this device reached it (migration 0020), which notifications open; '' if unknown. */
  portal_url: Generated<string>
}

/** A user's notification choices (migration 0018); no row: the defaults. */
export interface NotificationSettingsTable {
  tenant_id: Tenant
  user_id: string
  /** HH:MM in the tenant's zone. */
  reminder_time: Generated<string>
  eta_minutes: Generated<number>
  hide_details: Generated<boolean>
  /** Set by each save. */
  updated_at: ColumnType<Temporal.Instant, Temporal.Instant | undefined, Temporal.Instant>
}

/** A kind of notification a user turned off (or on again) for one passenger; no row: on. */
export interface NotificationSwitchesTable {
  tenant_id: Tenant
  user_id: string
  passenger_id: string
  kind: string
  enabled: boolean
}

/** The push outbox (migration 0018): one notification to one device, sent once. */
export interface PushDeliveriesTable {
  tenant_id: Tenant
  /** bigint identity, read as text. */
  id: ColumnType<string, never, never>
  subscription_id: string
  kind: string
  /** What the notification is about, in no language (server/domain/notificationData.ts). */
  data: Jsonb<unknown>
  /** The push service replaces a queued message of the same topic (a newer ETA replaces an older one). */
  topic: string | null
  urgency: 'very-low' | 'low' | 'normal' | 'high'
  created_at: CreatedAt
  /** Not sent after this (a pickup alert older than 10 minutes is dropped). */
  expires_at: Timestamp
  attempts: Generated<number>
  next_attempt_at: ColumnType<Temporal.Instant, Temporal.Instant | undefined, Temporal.Instant>
}

/** Something notified once only, per user: `eta:{tripId}:{date}`, `reminder:{date}`. */
export interface NotificationMarksTable {
  tenant_id: Tenant
  user_id: string
  mark: string
  created_at: CreatedAt
}

/** A user's private calendar feed (migration 0019); renewing revokes the one before. */
export interface CalendarFeedsTable {
  tenant_id: Tenant
  /** base64url of 16 random bytes: the feed's only secret; unique across tenants. */
  token: string
  user_id: string
  /** The portal's language when the feed was made: the calendar's name is written in it. */
  locale: 'fi' | 'sv' | 'en'
  created_at: CreatedAt
  revoked_at: Timestamp | null
}

/** The change feed (migration 0026): what guardians changed, told to the operator. */
export interface OperatorChangesTable {
  tenant_id: Tenant
  /** bigint identity, read as text. */
  id: ColumnType<string, never, never>
  /** The change's id to the operator: its webhook-id. */
  change_id: ColumnType<string, never, never>
  /** The writing transaction's id (xid8), read as text: the feed's order. */
  txid: ColumnType<string, never, never>
  type: string
  occurred_at: Timestamp
  passenger_id: string | null
  trip_id: string | null
  /** The change's `data` as the contract tells it (src/contract/operatorChanges.ts). */
  data: Jsonb<unknown>
  /** When the guardian is told to call unless the change was received (a cancellation's). */
  acknowledge_by: Timestamp | null
  ack_outcome: 'applied' | 'refused' | null
  ack_reason: string | null
  acknowledged_at: Timestamp | null
  /** When the change was received: acknowledged, or delivered by the webhook where dispatch does not acknowledge. */
  received_at: Timestamp | null
  /** When the passenger's guardians were told to call, the deadline having passed unreceived. */
  overdue_told_at: Timestamp | null
  created_at: CreatedAt
}

/** How far retention has removed a tenant's feed: the last (txid, id) removed. */
export interface OperatorChangeHorizonsTable {
  tenant_id: Tenant
  txid: string
  id: string
}

/** A tenant's webhook (migration 0026). */
export interface WebhookEndpointsTable {
  tenant_id: Tenant
  url: string
  enabled: Generated<boolean>
  /** `whsec_` and base64: Standard Webhooks' form. */
  secret: string
  /** The secret before the last rotation, signing beside `secret` until `previous_secret_until`. */
  previous_secret: string | null
  previous_secret_until: Timestamp | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

/** The webhook outbox and delivery log (migration 0026): one change to the tenant's webhook. */
export interface WebhookDeliveriesTable {
  tenant_id: Tenant
  /** bigint identity, read as text. */
  id: ColumnType<string, never, never>
  /** The change's `operator_changes.id`, as text. */
  change_id: string
  state: ColumnType<'pending' | 'delivered' | 'failed', 'pending' | 'delivered' | 'failed' | undefined>
  attempts: Generated<number>
  next_attempt_at: ColumnType<Temporal.Instant, Temporal.Instant | undefined, Temporal.Instant>
  last_attempt_at: Timestamp | null
  last_status: number | null
  last_error: string | null
  delivered_at: Timestamp | null
  created_at: CreatedAt
}

/** How a tenant's dispatch system confirms changes (migration 0026); no row: the defaults. */
export interface DispatchSettingsTable {
  tenant_id: Tenant
  acknowledges: Generated<boolean>
  acknowledge_by_minutes: Generated<number>
  phone: string | null
  updated_at: UpdatedAt
}

/** A single-use, time-limited link of a mail (migration 0028): only its token's SHA-256. */
export interface EmailTokensTable {
  tenant_id: Tenant
  token_hash: string
  user_id: string
  purpose: 'verify' | 'reset'
  /** The address the link was sent to: a confirmation confirms only that address. */
  email: string
  created_at: CreatedAt
  expires_at: Timestamp
  used_at: Timestamp | null
}

/** A user's e-mail choice for a passenger and kind where it differs from the kind's default (migration 0028). */
export interface EmailSwitchesTable {
  tenant_id: Tenant
  user_id: string
  passenger_id: string
  kind: string
  enabled: boolean
}

export type EmailDeliveryState = 'pending' | 'sent' | 'failed'

/** The mail outbox (migration 0028): one mail to one address, sent once, kept as the log until retention. */
export interface EmailDeliveriesTable {
  tenant_id: Tenant
  /** bigint identity, read as text; with the tenant it makes the mail's Message-ID. */
  id: ColumnType<string, never, never>
  /** Null for a mail to an address rather than a user (password recovery). */
  user_id: string | null
  to_address: string
  locale: 'fi' | 'sv' | 'en'
  kind: string
  /** What the mail says, in no language (server/domain/mailData.ts). */
  data: Jsonb<unknown>
  /** The portal root the mail's links open. */
  portal_url: string
  state: ColumnType<EmailDeliveryState, EmailDeliveryState | undefined, EmailDeliveryState>
  attempts: Generated<number>
  next_attempt_at: ColumnType<Temporal.Instant, Temporal.Instant | undefined, Temporal.Instant>
  /** Not sent after this: a reminder or a reset link that comes late is worse than none. */
  expires_at: Timestamp
  last_error: string | null
  sent_at: Timestamp | null
  created_at: CreatedAt
}

/** The password recovery's counters (migration 0028): per client address, per e-mail address. */
export interface EmailThrottlesTable {
  tenant_id: Tenant
  kind: 'address' | 'email'
  subject: string
  count: number
  counted_since: Timestamp
}

/** A mail the demo kept instead of sending it (demo mode without SMTP settings). */
export interface DemoMailsTable {
  tenant_id: Tenant
  id: ColumnType<string, never, never>
  to_address: string
  subject: string
  text: string
  html: string
  created_at: CreatedAt
}

/** The deployment's one key that signs unsubscribe links (migration 0028; global). */
export interface EmailLinkKeysTable {
  id: 1
  /** base64url, 32 random bytes. */
  key: string
  created_at: CreatedAt
}

export interface Database {
  users: UsersTable
  sessions: SessionsTable
  login_throttles: LoginThrottlesTable
  signing_keys: SigningKeysTable
  passengers: PassengersTable
  passenger_grants: PassengerGrantsTable
  access_codes: AccessCodesTable
  places: PlacesTable
  trip_events: TripEventsTable
  trips: TripsTable
  idempotency_keys: IdempotencyKeysTable
  operator_api_keys: OperatorApiKeysTable
  transportation_permissions: TransportationPermissionsTable
  permission_periods: PermissionPeriodsTable
  permission_places: PermissionPlacesTable
  tracking_links: TrackingLinksTable
  messages: MessagesTable
  message_seen: MessageSeenTable
  invitations: InvitationsTable
  invitation_passengers: InvitationPassengersTable
  travel_cards: TravelCardsTable
  travel_card_throttles: TravelCardThrottlesTable
  vapid_keys: VapidKeysTable
  push_subscriptions: PushSubscriptionsTable
  notification_settings: NotificationSettingsTable
  notification_switches: NotificationSwitchesTable
  push_deliveries: PushDeliveriesTable
  notification_marks: NotificationMarksTable
  calendar_feeds: CalendarFeedsTable
  operator_changes: OperatorChangesTable
  operator_change_horizons: OperatorChangeHorizonsTable
  webhook_endpoints: WebhookEndpointsTable
  webhook_deliveries: WebhookDeliveriesTable
  dispatch_settings: DispatchSettingsTable
  email_tokens: EmailTokensTable
  email_switches: EmailSwitchesTable
  email_deliveries: EmailDeliveriesTable
  email_throttles: EmailThrottlesTable
  demo_mails: DemoMailsTable
  email_link_keys: EmailLinkKeysTable
}

/** The database or a transaction on it: repositories accept either. */
export type Db = Kysely<Database>
