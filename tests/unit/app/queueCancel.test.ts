import { afterEach, describe, expect, it, vi } from 'vitest'
import { queueCancel } from '../../../src/app/data/commands'
import type { SessionStore } from '../../../src/app/session/session'
import * as outbox from '../../../src/db/outbox'
import { replayOutbox } from '../../../workers/outbox/replay'
import { json } from '../api/fakeServer'
import { apiOver, cancelOf, freshDb, queue, replayDeps, scriptedServer, tripNo } from '../outbox/harness'

/** A signed-in session whose outbox is real, on fake IndexedDB, in a browser without a service worker. */
function signedIn() {
  vi.stubGlobal('navigator', {})
  const db = freshDb()
  const replayNow = vi.fn()
  const sessions = {
    ready: async () => ({ db, outbox, sync: { replayNow } }),
  } as unknown as SessionStore
  return { db, replayNow, sessions }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('queueing a cancellation says which screen it comes from', () => {
  it('stores the source with the command and sends it, so the server judges each by its own rule', async () => {
    const { db, replayNow, sessions } = signedIn()
    const fromWizard = await queueCancel(sessions, 'wizard', cancelOf(1))
    const fromDetail = await queueCancel(sessions, 'detail', cancelOf(2))
    expect(replayNow).toHaveBeenCalledTimes(2)
    expect((await outbox.getCommand(db, fromWizard))?.payload).toMatchObject({ source: 'wizard' })
    const server = scriptedServer([json(200, [tripNo(1)]), json(200, [tripNo(2)])])
    await replayOutbox(replayDeps(db, apiOver(server.fetch)))
    expect(server.seen.map((request) => [request.key, request.body])).toEqual([
      [fromWizard, { trips: cancelOf(1).trips, reason: 'Sick', source: 'wizard' }],
      [fromDetail, { trips: cancelOf(2).trips, reason: 'Sick', source: 'detail' }],
    ])
  })

  it('replays a command queued before the source existed without one', async () => {
    const db = freshDb()
    const old = await queue(db, 'trip.cancel', cancelOf(3))
    const server = scriptedServer([json(200, [tripNo(3)])])
    await replayOutbox(replayDeps(db, apiOver(server.fetch)))
    expect(server.seen).toHaveLength(1)
    expect(server.seen[0]).toMatchObject({ key: old.id, body: { trips: cancelOf(3).trips, reason: 'Sick' } })
    expect(server.seen[0]!.body).not.toHaveProperty('source')
  })
})
