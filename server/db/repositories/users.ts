import { randomUUID } from 'node:crypto'
import { sql, type Selectable } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { Locale } from '../../../src/domain/locale'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'

export type UserRow = Selectable<ScopedDatabase['users']>

export interface NewUser {
  name: string
  userName?: string | null
  passwordHash?: string | null
  email?: string | null
  phone?: string | null
  identitySubject?: string | null
  identityVerified?: boolean
}

export function usersRepository(db: ScopedDb) {
  const users = () => db.selectFrom('users').selectAll()

  return {
    findById: (id: string): Promise<UserRow | undefined> => users().where('id', '=', id).executeTakeFirst(),

    /** Usernames are unique per tenant case-insensitively. */
    findByUserName: (userName: string): Promise<UserRow | undefined> =>
      users()
        .where(sql<string>`lower(user_name)`, '=', userName.toLowerCase())
        .executeTakeFirst(),

    hasAny: async (): Promise<boolean> =>
      (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined,

    findByIdentitySubject: (subject: string): Promise<UserRow | undefined> =>
      users().where('identity_subject', '=', subject).executeTakeFirst(),

    async create(user: NewUser): Promise<UserRow> {
      return db
        .insertInto('users')
        .values({
          id: randomUUID(),
          name: user.name,
          user_name: user.userName ?? null,
          password_hash: user.passwordHash ?? null,
          email: user.email ?? null,
          phone: user.phone ?? null,
          identity_subject: user.identitySubject ?? null,
          identity_verified: user.identityVerified ?? false,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    },

    async setCredentials(
      id: string,
      credentials: { userName: string; passwordHash: string; email?: string | undefined },
    ): Promise<UserRow> {
      return db
        .updateTable('users')
        .set({
          user_name: credentials.userName,
          password_hash: credentials.passwordHash,
          ...(credentials.email === undefined ? {} : { email: credentials.email }),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
    },

    /** A new address, not confirmed yet (nothing but its confirmation is sent to it) and not known refused. */
    async setUnconfirmedEmail(id: string, email: string): Promise<UserRow> {
      return db
        .updateTable('users')
        .set({ email, email_verified_at: null, email_undeliverable_at: null })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
    },

    /** Confirms the user's address when it is still `email`; answers whether it did. */
    async confirmEmail(id: string, email: string, now: Temporal.Instant): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ email_verified_at: now })
        .where('id', '=', id)
        .where('email', '=', email)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },

    /**
     * The language and portal root the user last used (their mails are written in it and link to it). Written only
     * when either differs, so that the portal's token refreshes do not write (and announce) each time.
     */
    async noteLocale(id: string, locale: Locale, portalUrl: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ locale, portal_url: portalUrl })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([eb('locale', 'is distinct from', locale), eb('portal_url', 'is distinct from', portalUrl)]),
        )
        .execute()
    },

    /** The users a password recovery request names: by username or by e-mail, both case-insensitively. */
    findByUserNameOrEmail: (identifier: string): Promise<UserRow[]> =>
      users()
        .where((eb) =>
          eb.or([
            eb(sql<string>`lower(user_name)`, '=', identifier.toLowerCase()),
            eb(sql<string>`lower(email)`, '=', identifier.toLowerCase()),
          ]),
        )
        .orderBy('user_name')
        .execute(),

    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute()
    },

    async markIdentityVerified(id: string): Promise<void> {
      await db.updateTable('users').set({ identity_verified: true }).where('id', '=', id).execute()
    },
  }
}

/** PostgreSQL's unique_violation: a concurrent request took the same username. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505'
}
