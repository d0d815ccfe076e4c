import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApiClient } from '../../../src/api/client'
import type { Message } from '../../../src/contract'
import { threadOf } from '../../../src/commands/messageThread'
import { appendCommand, listCommands } from '../../../src/db/outbox'
import { openPortalDb, type PortalDb } from '../../../src/db/portalDb'
import { loadOlderMessages, pullInto } from '../../../workers/pull'
import { fakeFetch, json } from '../api/fakeServer'
import { account, messageOf, messagePageOf, passengerOf } from '../db/samples'

/**
 * The stored message pages when the server's pages move under them (src/db/messageStore.ts): data retention
 * deletes the oldest messages, and a passenger newly granted to the user brings their older messages into the
 * thread where they belong. Whatever moved, the stored thread is always the server's own from some message to
 * the newest: no deleted message, no duplicate, no gap, each at its place in the server's order.
 */

const anna = passengerOf('p1', 'Anna')
const bertil = passengerOf('p2', 'Bertil')

/** The tenant's messages in the server's order (Anna's 34, Bertil's 12 among hers), and who is granted. */
function serverState() {
  const annas = Array.from({ length: 34 }, (_, n) => messageOf(`a${n + 1}`, anna.id))
  const bertils = Array.from({ length: 12 }, (_, n) => messageOf(`b${n + 1}`, bertil.id))
  // Bertil's come one after each of a11 to a22.
  const all = annas.flatMap((message, n) => (n >= 10 && n < 22 ? [message, bertils[n - 10]!] : [message]))
  return { all, granted: [anna] }
}
type ServerState = ReturnType<typeof serverState>

/** The user's thread on the server: the granted passengers' messages, in order. */
const threadOnServer = (state: ServerState): Message[] =>
  state.all.filter((message) => state.granted.some((passenger) => passenger.id === message.passengerId))

function apiFor(state: ServerState) {
  const page = (path: string) => {
    const thread = threadOnServer(state)
    const totalPages = Math.max(1, Math.ceil(thread.length / 10))
    const number = Number(new URL(path, 'http://portal.test').searchParams.get('page') ?? totalPages)
    return json(200, messagePageOf(number, totalPages, thread.slice((number - 1) * 10, number * 10)))
  }
  const server = fakeFetch({
    'GET /api/account': () => json(200, account),
    'GET /api/passenger/reads': () =>
      json(
        200,
        state.granted.map((passenger) => ({ passenger, places: [], trips: [], bookings: [] })),
      ),
    'GET /api/message': (request) => page(request.path),
  })
  return createApiClient({
    origin: 'http://portal.test',
    tenantId: 'espoo',
    token: () => 'tok',
    onUnauthorized: () => undefined,
    fetch: server.fetch,
  })
}

let db: PortalDb
beforeEach(() => {
  db = openPortalDb('espoo', 'user-1')
})
afterEach(async () => {
  await db.delete()
})

const pull = (api: ReturnType<typeof apiFor>) => pullInto(db, api, '2026-11-21T10:00:00Z')

/** Scrolls up to the oldest message. */
async function loadAll(api: ReturnType<typeof apiFor>): Promise<void> {
  while (await loadOlderMessages(db, api));
}

/**
 * The stored thread is the server's own from some message to the newest, each message at its place in the
 * server's order (which later pages join by); answers how many it holds.
 */
async function expectTrueTail(state: ServerState): Promise<number> {
  const thread = threadOnServer(state)
  const stored = await db.listMessages()
  const tail = thread.slice(thread.length - stored.length)
  expect(stored.map((row) => row.id)).toEqual(tail.map((message) => message.id))
  expect(stored.map((row) => row.position)).toEqual(tail.map((message) => thread.indexOf(message)))
  return stored.length
}

/** The thread stored now is a true tail, and once scrolled up to the oldest, the server's whole `total`. */
async function expectJoinsAgain(state: ServerState, api: ReturnType<typeof apiFor>, total: number) {
  await expectTrueTail(state)
  await loadAll(api)
  expect(await expectTrueTail(state)).toBe(total)
}

/** A portal that pulled once, and scrolled up to the oldest when `readAll`, over a server of its own. */
async function portal(readAll: boolean) {
  const state = serverState()
  const api = apiFor(state)
  await pull(api)
  if (readAll) await loadAll(api)
  await expectTrueTail(state)
  return { state, api }
}

/** Retention deletes the tenant's `count` oldest messages, granted to the user or not. */
function deleteOldest(state: ServerState, count: number): void {
  state.all = state.all.slice(count)
}

describe('the stored message pages, when the server deletes the oldest messages', () => {
  it('start over at the pull that finds the stored ids at other places, and join again on scrolling', async () => {
    const { state, api } = await portal(true)
    deleteOldest(state, 5)
    await pull(api)
    // The newest page holds 9 now, so the pull took the one before it too; the older ones load again.
    expect(await expectTrueTail(state)).toBe(19)
    expect(await db.messagePaging()).toMatchObject({ oldestPage: 2, newestPage: 3 })
    await expectJoinsAgain(state, api, 29)
  })

  it('start over when an older page loaded on scrolling does not join the stored ones', async () => {
    const { state, api } = await portal(false)
    // More than a page goes before the next pull: the page before the stored ones now holds some of them.
    deleteOldest(state, 12)
    expect(await loadOlderMessages(db, api)).toBe(true)
    await expectJoinsAgain(state, api, 23)
  })

  it('keep what waits in the outbox over the thread when they start over', async () => {
    const { state, api } = await portal(true)
    await appendCommand(db, {
      id: 'c1',
      type: 'message.send',
      payload: { passengerId: anna.id, content: 'Kiitos' },
      createdAt: '2026-11-21T10:00:30Z',
    })
    await appendCommand(db, {
      id: 'c2',
      type: 'message.seen',
      payload: { id: 'a34' },
      createdAt: '2026-11-21T10:00:31Z',
    })
    deleteOldest(state, 5)
    await pull(api)
    await expectTrueTail(state)
    const entries = threadOf(await db.listMessages(), await listCommands(db), account.id)
    expect(entries.at(-1)).toMatchObject({ kind: 'outgoing', state: 'pending' })
    expect(entries.at(-2)).toMatchObject({ kind: 'message', seen: true })
    expect(await db.messageSummary(account.id)).toMatchObject({ total: 19 })
  })

  it('empty the thread when every message is deleted', async () => {
    const { state, api } = await portal(false)
    deleteOldest(state, state.all.length)
    await pull(api)
    expect(await db.listMessages()).toEqual([])
  })
})

describe('the stored message pages, when a newly granted passenger brings older messages', () => {
  it('start over at the next pull, and join again on scrolling', async () => {
    const { state, api } = await portal(true)
    state.granted = [anna, bertil]
    await pull(api)
    await expectJoinsAgain(state, api, 46)
    // And no longer granted, Bertil's go again.
    state.granted = [anna]
    await pull(api)
    await expectJoinsAgain(state, api, 34)
  })

  it('start over when an older page loaded on scrolling does not join the stored ones', async () => {
    const { state, api } = await portal(false)
    state.granted = [anna, bertil]
    expect(await loadOlderMessages(db, api)).toBe(true)
    await expectJoinsAgain(state, api, 46)
  })

  it('start over even when as many of the oldest went as the passenger brought, so nothing later moved', async () => {
    const { state, api } = await portal(true)
    // Bertil has three messages, after a11 to a13, and Anna's first three go: from a14 on, all keep their place.
    state.all = state.all.filter((message) => message.passengerId === anna.id || /^b[123]$/.test(message.id))
    deleteOldest(state, 3)
    state.granted = [anna, bertil]
    expect(threadOnServer(state).findIndex((message) => message.id === 'a14')).toBe(13)
    await pull(api)
    await expectJoinsAgain(state, api, 34)
  })
})
