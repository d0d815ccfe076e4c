import { randomUUID } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Kysely } from 'kysely'
import type { TenantId } from '../../../tenants'
import { Temporal } from 'temporal-polyfill'
import { buildApp } from '../../../server/app'
import { issueAccessToken } from '../../../server/auth/accessTokens'
import { loadConfig, type ServerConfig } from '../../../server/config/config'
import type { Database } from '../../../server/db/schema'
import { tenantDb } from '../../../server/db/tenantDb'
import { seedDemoData } from '../../../server/demo/seed'
import { createTestDatabase, type Backend } from './database'

export const testPort = 9137

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({ PORT: String(testPort), STATIC_DIR: 'none', PGLITE_DIR: 'memory', DEMO: 'true' }),
    logLevel: 'silent',
    ...overrides,
  }
}

export interface TestApp {
  app: FastifyInstance
  db: Kysely<Database>
  /** The test's own PostgreSQL schema; null on PGlite. */
  schema: string | null
  /** A second instance of the app on the same data, with its own connections (see `connectAgain`). */
  secondInstance(config?: Partial<ServerConfig>): Promise<FastifyInstance>
  /** Another handle on the same data, as a second instance has (PGlite: the same one); closed with the app. */
  connectAgain(): Promise<Kysely<Database>>
  close(): Promise<void>
}

/** The app over a fresh database, seeded with the demo data of `seed` tenants. */
export async function createTestApp(
  backend: Backend,
  options: { seed?: readonly TenantId[]; config?: Partial<ServerConfig> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(backend)
  if (options.seed?.length) await seedDemoData(database.db, undefined, options.seed)
  const app = await buildApp({ config: testConfig(options.config), db: database.db })
  const instances: FastifyInstance[] = []
  return {
    app,
    db: database.db,
    schema: database.schema,
    secondInstance: async (config = {}) => {
      const instance = await buildApp({
        config: testConfig({ ...options.config, ...config }),
        db: await database.connectAgain(),
      })
      instances.push(instance)
      return instance
    },
    connectAgain: () => database.connectAgain(),
    close: async () => {
      for (const instance of instances) await instance.close()
      await app.close()
      await database.drop()
    },
  }
}

/** The whole Set-Cookie header of a response for cookie `name`, or undefined. */
export function setCookieHeader(response: LightMyRequestResponse, name: string): string | undefined {
  const header = response.headers['set-cookie']
  const all = Array.isArray(header) ? header : header ? [header] : []
  return all.find((cookie) => cookie.startsWith(`${name}=`))
}

/** The `name=value` part of a response's Set-Cookie for `name`, to send back as a Cookie header. */
export function cookieFrom(response: LightMyRequestResponse, name: string): string | undefined {
  return setCookieHeader(response, name)?.split(';')[0]
}

/** Logs in with the login form; returns the session cookie (`name=value`). */
export async function logIn(
  app: FastifyInstance,
  tenant: TenantId,
  userName: string,
  password: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/login',
    headers: { host: `${tenant}.localhost:${testPort}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: userName, password }).toString(),
  })
  const cookie = cookieFrom(response, `portal_session_${tenant}`)
  if (response.statusCode !== 303 || !cookie)
    throw new Error(`Login as ${userName} failed: ${response.statusCode}`)
  return cookie
}

/** An access token for a session cookie. */
export async function accessToken(app: FastifyInstance, tenant: TenantId, cookie: string): Promise<string> {
  const response = await app.inject({
    url: '/api/auth/access_token',
    headers: { host: `${tenant}.localhost:${testPort}`, cookie },
  })
  const token = (response.json() as { accessToken: string | null }).accessToken
  if (!token) throw new Error('No access token')
  return token
}

/**
 * A fresh session of a user and a bearer token of it, with the session's stored id hash and public id (to end it
 * as a logout would). Also for users who have no password (they normally arrive by strong authentication).
 */
export async function sessionFor(db: Kysely<Database>, tenant: TenantId, userId: string, ttlSeconds = 60) {
  const data = tenantDb(db, tenant)
  const idHash = randomUUID()
  const sid = randomUUID()
  const expiresAt = Temporal.Now.instant().add({ seconds: ttlSeconds })
  await data.sessions.create(idHash, sid, userId, expiresAt)
  const token = await issueAccessToken(
    await data.signingKeys.getOrCreate(),
    tenant,
    { userId, sessionId: sid },
    ttlSeconds,
  )
  return { token, idHash, sid }
}

/** A bearer token of a fresh session of a user. */
export async function sessionTokenFor(
  db: Kysely<Database>,
  tenant: TenantId,
  userId: string,
  ttlSeconds = 60,
) {
  return (await sessionFor(db, tenant, userId, ttlSeconds)).token
}

/** Logs in and returns a bearer token. */
export async function tokenFor(app: FastifyInstance, tenant: TenantId, userName: string, password: string) {
  return accessToken(app, tenant, await logIn(app, tenant, userName, password))
}

/** An API call on the tenant's host with a bearer token; `payload` objects are sent as JSON. */
export function api(
  app: FastifyInstance,
  tenant: TenantId,
  token: string | null,
  request: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
    url: string
    payload?: unknown
    headers?: Record<string, string>
  },
) {
  return app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    headers: {
      host: `${tenant}.localhost:${testPort}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...request.headers,
    },
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
  })
}
