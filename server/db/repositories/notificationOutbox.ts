import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { NotificationKind } from '../../../src/contract'
import { jsonb } from '../json'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'
import {
  confirmedAddress,
  mailable,
  mailColumns,
  mailDeliveryColumns,
  type QueuedNotificationMail,
} from './emailAudience'

/** What the settings' defaults are when a user has no `notification_settings` row (migration 0018). */
export const defaultReminderTime = '18:00'
export const defaultEtaMinutes = 10

/** One notification as the outbox stores it for each device it goes to, and for each address (null: push only). */
export interface QueuedNotification {
  kind: string
  data: unknown
  topic: string | null
  urgency: 'very-low' | 'low' | 'normal' | 'high'
  expiresAt: Temporal.Instant
  mail: QueuedNotificationMail | null
}

/** Whose devices get a notification about a passenger: the guardians with its switch on, but the actor. */
export interface Audience {
  passengerId: string
  /** The user's switch that lets it through; null: always (a test). */
  switchKind: NotificationKind | null
  /** The user whose own action caused it: never notified of it. */
  actorUserId: string | null
}

/** A trip of tomorrow for the evening reminder, with the user it is for and the channels it goes by. */
export interface ReminderTripRow {
  userId: string
  passengerId: string
  passengerName: string
  tripId: string
  start: Temporal.Instant
  /** The user has a device and the passenger's reminder switch on. */
  push: boolean
  /** The user has a confirmed address and the passenger's reminder e-mail switch on. */
  email: boolean
}

type Eb = ExpressionBuilder<ScopedDatabase, 'passenger_grants'>

/**
 * The push outbox's producers' side (server/outbox/): rows of `push_deliveries` written in the transaction
 * of the event that causes them, and the once-only marks. The sender claims and deletes the rows.
 */
export function notificationOutboxRepository(db: ScopedDb) {
  /** The delivery's own columns, the same for every device; `sql` casts, as a select list's parameters are untyped. */
  const columns = (notification: QueuedNotification) =>
    [
      sql<string>`${notification.kind}::text`.as('kind'),
      jsonb(notification.data).as('data'),
      sql<string | null>`${notification.topic}::text`.as('topic'),
      sql<string>`${notification.urgency}::text`.as('urgency'),
      sql<Temporal.Instant>`${notification.expiresAt.toString()}::timestamptz`.as('expires_at'),
    ] as const
  const deliveryColumns = ['subscription_id', 'kind', 'data', 'topic', 'urgency', 'expires_at'] as const

  /** The grant's user has not turned `kind` off for its passenger (no row: on). */
  const switchedOn = (eb: Eb, kind: NotificationKind | null) =>
    kind === null
      ? sql<boolean>`true`
      : eb.not(
          eb.exists(
            eb
              .selectFrom('notification_switches')
              .whereRef('notification_switches.user_id', '=', 'passenger_grants.user_id')
              .whereRef('notification_switches.passenger_id', '=', 'passenger_grants.passenger_id')
              .where('notification_switches.kind', '=', kind)
              .where('notification_switches.enabled', '=', false)
              .select('notification_switches.user_id'),
          ),
        )

  /** The guardians of the audience's passenger, the actor excepted. */
  const guardians = (audience: Audience) =>
    db
      .selectFrom('passenger_grants')
      .where('passenger_grants.passenger_id', '=', audience.passengerId)
      .$if(audience.actorUserId !== null, (query) =>
        query.where('passenger_grants.user_id', '<>', audience.actorUserId!),
      )

  /** The guardians of the audience's passenger who are to hear of it by push. */
  const listeners = (audience: Audience) =>
    guardians(audience).where((eb) => switchedOn(eb, audience.switchKind))

  /** The user has a push device. */
  const hasDevice = (eb: Eb) =>
    eb.exists(
      eb
        .selectFrom('push_subscriptions')
        .whereRef('push_subscriptions.user_id', '=', 'passenger_grants.user_id')
        .select('push_subscriptions.id'),
    )

  /** The guardians' ids who are to hear of it by mail, by `byMail`. */
  const mailListeners = (audience: Audience, byMail: (eb: Eb) => Expression<SqlBool>) =>
    guardians(audience).where(byMail).select('passenger_grants.user_id')

  /** The reminder by push: a device, and the passenger's reminder switch on. */
  const byPush = (eb: Eb) => eb.and([switchedOn(eb, 'reminder'), hasDevice(eb)])

  /** The kind's mail, if it has one (never a test's). */
  const mailOf = (notification: QueuedNotification, audience: Audience) =>
    notification.mail && audience.switchKind ? { mail: notification.mail, kind: audience.switchKind } : null

  /** Writes one mail per user `users` selects (never one without a confirmed address); answers how many. */
  async function mailUsers(
    notification: QueuedNotification,
    mail: QueuedNotificationMail,
    users: (eb: ExpressionBuilder<ScopedDatabase, 'users'>) => Expression<SqlBool>,
  ): Promise<number> {
    const result = await db
      .insertInto('email_deliveries')
      .columns(mailDeliveryColumns)
      .expression(
        db
          .selectFrom('users')
          .where(confirmedAddress)
          .where(users)
          .select((eb) => mailColumns(eb, notification.data, mail)),
      )
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0n)
  }

  /** One mail to each guardian of the audience's passenger who is `mailable`, the actor excepted. */
  async function mailGuardians(notification: QueuedNotification, audience: Audience): Promise<number> {
    const mail = mailOf(notification, audience)
    if (!mail) return 0
    return mailUsers(notification, mail.mail, (eb) =>
      eb(
        'users.id',
        'in',
        mailListeners(audience, (grant) => mailable(grant, mail.kind)),
      ),
    )
  }

  return {
    /**
     * Queues `notification` for every device of every guardian of the audience's passenger whose switch lets it
     * through, the actor excepted: one statement, however many guardians and devices. Answers the rows queued.
     */
    async enqueue(notification: QueuedNotification, audience: Audience): Promise<number> {
      const mailed = await mailGuardians(notification, audience)
      const result = await db
        .insertInto('push_deliveries')
        .columns(deliveryColumns)
        .expression(
          db
            .selectFrom('push_subscriptions')
            .where('push_subscriptions.user_id', 'in', listeners(audience).select('passenger_grants.user_id'))
            .select(['push_subscriptions.id as subscription_id', ...columns(notification)]),
        )
        .executeTakeFirst()
      return mailed + Number(result.numInsertedOrUpdatedRows ?? 0n)
    },

    /**
     * As `enqueue`, but only to the guardians whose own "car is near" minutes (default 10) reach `minutesLeft`,
     * and once per `mark` and user: the mark is inserted in the same statement, and only users whose mark it
     * inserted get the notification. Users without a device get no mark, so a device added later still hears.
     */
    async enqueueOnceWithin(
      notification: QueuedNotification,
      audience: Audience,
      mark: string,
      minutesLeft: number,
    ): Promise<number> {
      const mail = mailOf(notification, audience)
      const byMail = (eb: Eb) => (mail ? mailable(eb, mail.kind) : sql<boolean>`false`)
      // Without a mail `byMail` selects nobody, so these are never written.
      const mailValues = mail?.mail ?? {
        expiresAt: notification.expiresAt,
        locale: 'en' as const,
        portalUrl: '',
      }
      const row = await db
        .with('marked', (creator) =>
          creator
            .insertInto('notification_marks')
            .columns(['user_id', 'mark'])
            .expression(
              guardians(audience)
                .leftJoin(
                  'notification_settings',
                  'notification_settings.user_id',
                  'passenger_grants.user_id',
                )
                .where((eb) =>
                  eb(
                    eb.fn.coalesce('notification_settings.eta_minutes', eb.val(defaultEtaMinutes)),
                    '>=',
                    minutesLeft,
                  ),
                )
                .where((eb) =>
                  eb.or([eb.and([switchedOn(eb, audience.switchKind), hasDevice(eb)]), byMail(eb)]),
                )
                .select(['passenger_grants.user_id', sql<string>`${mark}::text`.as('mark')]),
            )
            .onConflict((conflict) => conflict.columns(['user_id', 'mark']).doNothing())
            .returning('user_id'),
        )
        .with('pushed', (creator) =>
          creator
            .insertInto('push_deliveries')
            .columns(deliveryColumns)
            .expression((eb) =>
              eb
                .selectFrom('push_subscriptions')
                .innerJoin('marked', 'marked.user_id', 'push_subscriptions.user_id')
                .where(
                  'push_subscriptions.user_id',
                  'in',
                  listeners(audience).select('passenger_grants.user_id'),
                )
                .select(['push_subscriptions.id as subscription_id', ...columns(notification)]),
            )
            .returning('subscription_id'),
        )
        .with('mailed', (creator) =>
          creator
            .insertInto('email_deliveries')
            .columns(mailDeliveryColumns)
            .expression((eb) =>
              eb
                .selectFrom('users')
                .innerJoin('marked', 'marked.user_id', 'users.id')
                .where('users.id', 'in', mailListeners(audience, byMail))
                .select((inner) => mailColumns(inner, notification.data, mailValues)),
            )
            .returning('user_id'),
        )
        .selectFrom('pushed')
        .select((eb) => [
          eb.fn.countAll<string>().as('pushed'),
          eb
            .selectFrom('mailed')
            .select((sub) => sub.fn.countAll<string>().as('n'))
            .as('mailed'),
        ])
        .executeTakeFirstOrThrow()
      return Number(row.pushed) + Number(row.mailed)
    },

    /** Sets a once-only mark of the user; false when it was already there (another run or instance was first). */
    async mark(userId: string, mark: string): Promise<boolean> {
      const inserted = await db
        .insertInto('notification_marks')
        .values({ user_id: userId, mark })
        .onConflict((conflict) => conflict.columns(['user_id', 'mark']).doNothing())
        .returning('mark')
        .executeTakeFirst()
      return inserted !== undefined
    },

    /** Queues `notification`'s mail to one user with a confirmed address (the evening reminder). */
    mailUser: (notification: QueuedNotification, userId: string): Promise<number> =>
      notification.mail
        ? mailUsers(notification, notification.mail, (eb) => eb('users.id', '=', userId))
        : Promise.resolve(0),

    /** Queues `notification` for every device of one user (the evening reminder). */
    async enqueueForUser(notification: QueuedNotification, userId: string): Promise<number> {
      const result = await db
        .insertInto('push_deliveries')
        .columns(deliveryColumns)
        .expression(
          db
            .selectFrom('push_subscriptions')
            .where('push_subscriptions.user_id', '=', userId)
            .select(['push_subscriptions.id as subscription_id', ...columns(notification)]),
        )
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0n)
    },

    /**
     * The evening reminder's work in one query: trips starting in [from, to) (tomorrow), shown to their
     * passengers and not cancelled, of passengers whose guardian has a device and the reminder switch on for
     * them, or a confirmed address and the reminder's e-mail switch on for them (each row says which), a
     * reminder time (default 18:00) at or before `timeOfDay`, and no `mark` yet; by user, then start.
     */
    async reminderTrips(
      from: Temporal.Instant,
      to: Temporal.Instant,
      timeOfDay: string,
      mark: string,
    ): Promise<ReminderTripRow[]> {
      return db
        .selectFrom('passenger_grants')
        .innerJoin('passengers', 'passengers.id', 'passenger_grants.passenger_id')
        .innerJoin('trips', 'trips.passenger_id', 'passenger_grants.passenger_id')
        .leftJoin('notification_settings', 'notification_settings.user_id', 'passenger_grants.user_id')
        .where('trips.start_time', '>=', from)
        .where('trips.start_time', '<', to)
        .where('trips.cancelled_at', 'is', null)
        .where((eb) => eb.or([eb('trips.approval', 'is', null), eb('trips.approval', '=', 'approved')]))
        .where((eb) => eb.or([byPush(eb), mailable(eb, 'reminder')]))
        .where((eb) =>
          eb(
            eb.fn.coalesce('notification_settings.reminder_time', eb.val(defaultReminderTime)),
            '<=',
            timeOfDay,
          ),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('notification_marks')
                .whereRef('notification_marks.user_id', '=', 'passenger_grants.user_id')
                .where('notification_marks.mark', '=', mark)
                .select('notification_marks.user_id'),
            ),
          ),
        )
        .select([
          'passenger_grants.user_id as userId',
          'passengers.id as passengerId',
          'passengers.name as passengerName',
          'trips.id as tripId',
          'trips.start_time as start',
          (eb) => byPush(eb).$castTo<boolean>().as('push'),
          (eb) => mailable(eb, 'reminder').$castTo<boolean>().as('email'),
        ])
        .orderBy('passenger_grants.user_id')
        .orderBy('trips.start_time')
        .orderBy('trips.id')
        .execute()
    },
  }
}
