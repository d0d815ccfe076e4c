import { randomUUID } from 'node:crypto'
import { sql, type Selectable } from 'kysely'
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

    async setEmail(id: string, email: string): Promise<UserRow> {
      return db
        .updateTable('users')
        .set({ email })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
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
