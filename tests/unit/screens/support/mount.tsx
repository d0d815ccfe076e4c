import { createMemoryHistory, createRouter } from '@tanstack/react-router'
import { Dexie, liveQuery } from 'dexie'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { createRoot } from 'react-dom/client'
import { afterEach, vi } from 'vitest'
import { getTenant } from '../../../../tenants'
import type { ApiClient } from '../../../../src/api/client'
import type { AuthHandle } from '../../../../src/app/session/authHandle'
import { App } from '../../../../src/app/App'
import type { PortalEnvironment } from '../../../../src/app/environment'
import { activateCatalog } from '../../../../src/app/startup/i18n'
import type { NoticesHandle } from '../../../../src/app/session/noticesHandle'
import type { Platform } from '../../../../src/app/platform'
import { SessionStore, type UserSession } from '../../../../src/app/session/session'
import type { UserSessionHandle } from '../../../../src/app/session/userSessionHandle'
import type { ReadModelPull } from '../../../../src/db/portalDb'
import * as outbox from '../../../../src/db/outbox'
import { routeTree } from '../../../../src/routeTree.gen'
import { freshDb } from '../../outbox/harness'
import { textOf } from './text'

// liveQuery runs only where Dexie found an IndexedDB at load (happy-dom has none); each database still gets a
// factory of its own (freshDb).
Dexie.dependencies.indexedDB = new IDBFactory()
Dexie.dependencies.IDBKeyRange = IDBKeyRange

const environmentOf = (tenantId: string): PortalEnvironment => ({
  tenant: getTenant(tenantId),
  pathPrefix: '',
  hostname: `${tenantId}.localhost`,
  devHost: false,
  timeZone: 'Europe/Helsinki',
})

/**
 * A signed-in platform without a network: the user's session is a real Dexie database on fake IndexedDB,
 * filled with `data` as a pull would, under a sync worker that does nothing; auth is settled as `authenticated`.
 */
export async function fakePlatform(
  data: Omit<ReadModelPull, 'syncedAt'>,
  tenantId = 'espoo',
): Promise<Platform> {
  const db = freshDb()
  await db.replaceReadModels({ ...data, syncedAt: '2026-11-20T08:00:00Z' })
  const session: UserSession = {
    userId: data.account.id,
    db,
    sync: {
      setToken: vi.fn(),
      pullNow: vi.fn(async () => {}),
      replayNow: vi.fn(),
      loadOlderMessages: vi.fn(async () => false),
      call: vi.fn(() => Promise.reject(new Error('No network in screen tests'))),
      stop: vi.fn(),
    },
    live: liveQuery,
    outbox,
    close: () => db.close(),
  }
  const sessions = new SessionStore()
  sessions.setSession(session)
  const view = { status: 'authenticated', userId: data.account.id, token: 'token' } as const
  const auth: AuthHandle = { view: () => view, send: vi.fn(), subscribe: () => () => {} }
  const notices: NoticesHandle = { current: () => null, send: vi.fn(), subscribe: () => () => {} }
  const userSession: UserSessionHandle = {
    waiting: () => null,
    send: vi.fn(),
    subscribe: () => () => {},
    load: async () => {},
  }
  return {
    env: environmentOf(tenantId),
    locale: 'en',
    origin: `http://${tenantId}.localhost:8080`,
    auth,
    notices,
    sessions,
    userSession,
    api: () => Promise.reject(new Error('No network in screen tests')),
  }
}

/** The platform with its session's calls (what a signed-in screen sends through the sync worker) made by `call`. */
export function withSessionCalls(
  platform: Platform,
  call: (name: string, args?: never) => Promise<unknown>,
): Platform {
  const session = platform.sessions.getState().session!
  platform.sessions.setSession({ ...session, sync: { ...session.sync, call: call as ApiClient['call'] } })
  return platform
}

/**
 * An anonymous visitor's platform (a public screen such as a tracking link): no session, auth settled as
 * `anonymous`, and the API client given.
 */
export function publicPlatform(api: ApiClient, tenantId = 'espoo'): Platform {
  const view = { status: 'anonymous', userId: null, token: null } as const
  return {
    env: environmentOf(tenantId),
    locale: 'en',
    origin: `http://${tenantId}.localhost:8080`,
    auth: { view: () => view, send: vi.fn(), subscribe: () => () => {} },
    notices: { current: () => null, send: vi.fn(), subscribe: () => () => {} },
    sessions: new SessionStore(),
    userSession: { waiting: () => null, send: vi.fn(), subscribe: () => () => {}, load: async () => {} },
    api: () => Promise.resolve(api),
  }
}

const mounted = new Set<MountedScreen>()

// Each test's screens are unmounted after it, so the next test starts from an empty document.
afterEach(async () => {
  for (const screen of mounted) await screen.unmount()
})

export interface MountedScreen {
  /** The main area's text, whitespace collapsed. */
  text(): string
  main(): HTMLElement
  /** Unmounts, and lets React finish what it had scheduled; done after each test by itself. */
  unmount(): Promise<void>
}

/**
 * Renders the portal at `path`, in the platform's locale (English unless set), over `platform`: App with the routes in memory history. The test file
 * runs in happy-dom (`// @vitest-environment happy-dom` on its first line); the rest of the unit project is node.
 */
export async function mountScreen(platform: Platform, path: string): Promise<MountedScreen> {
  const catalog = activateCatalog(platform.locale)
  const i18n = await catalog.ready
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: {
      auth: { status: () => platform.auth.view().status },
      loadRouteMessages: catalog.loadRouteMessages,
    },
  })
  const container = document.body.appendChild(document.createElement('div'))
  const root = createRoot(container)
  root.render(<App platform={platform} router={router} i18n={i18n} />)
  const main = () => {
    const found = document.getElementById('main')
    if (!found) throw new Error('The shell has not rendered its main area')
    return found
  }
  const screen: MountedScreen = {
    main,
    text: () => textOf(main()),
    unmount: async () => {
      mounted.delete(screen)
      root.unmount()
      container.remove()
      await new Promise((resolve) => setTimeout(resolve, 0))
    },
  }
  mounted.add(screen)
  return screen
}

/** Waits until `screen` shows `expected` (the live queries and the screen's code load asynchronously). */
export async function waitForText(
  screen: MountedScreen,
  expected: string,
  timeoutMs = 10_000,
): Promise<string> {
  await vi.waitFor(
    () => {
      const shown = textOf(document.body)
      if (!document.getElementById('main') || !screen.text().includes(expected))
        throw new Error(`Not shown yet: ${expected}; the page shows: ${shown}`)
    },
    { timeout: timeoutMs, interval: 20 },
  )
  return screen.text()
}
