import { afterEach, describe, expect, it, vi } from 'vitest'
import { queueCancel } from '../../../src/app/commands'
import { installPlatform, type Platform } from '../../../src/app/platform'
import * as outbox from '../../../src/db/outbox'
import { replayOutbox } from '../../../workers/outbox'
import { json } from '../api/fakeServer'
import { apiOver, cancelOf, freshDb, queue, replayDeps, scriptedServer, tripNo } from '../outbox/harness'

/** A platform whose signed-in session is a real outbox on fake IndexedDB, in a browser without a service worker. */
function signedIn() {
  vi.stubGlobal('navigator', {})
  const db = freshDb()
  const replayNow = vi.fn()
  installPlatform({
    sessions: { ready: async () => ({ db, outbox, sync: { replayNow } }) },
  } as unknown as Platform)
  return { db, replayNow }
}

afterEach(() => {
  installPlatform(null)
  vi.unstubAllGlobals()
})

describe('queueing a cancellation says which screen it comes from', () => {
  it('stores the source with the command and sends it, so the server judges each by its own rule', async () => {
    const { db, replayNow } = signedIn()
    const fromWizard = await queueCancel('wizard', cancelOf(1))
    const fromDetail = await queueCancel('detail', cancelOf(2))
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
