import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClient } from '../../src/api/client'
import { openPortalDb, type PortalDb } from '../../src/db/portalDb'
import { tenantDb } from '../../server/db/tenantDb'
import { runRetention } from '../../server/retention/retention'
import { loadOlderMessages, pullInto } from '../../workers/pull'
import { createTestApp, type TestApp } from './support/app'
import { backends } from './support/database'
import { newGuardian } from './support/messages'
import { listen } from './support/tracking'

/**
 * The portal's stored message pages (src/db/messageStore.ts, workers/pull.ts) against the real API host: data
 * retention deletes a guardian's oldest messages, which moves every page of their thread, and the portal's next
 * pull shows the thread as the server has it, with none of the deleted.
 */
describe.each(backends)('the portal’s stored messages after data retention on $name', (backend) => {
  let test: TestApp
  let origin: string

  beforeAll(async () => {
    test = await createTestApp(backend)
    origin = await listen(test.app)
  })
  afterAll(() => test.close())

  it('start over at the next pull once retention deleted the oldest messages', async () => {
    const guardian = await newGuardian(test.db, 'espoo', 'Muistava Huoltaja')
    const passengerId = guardian.passengerIds[0]!
    // Thirty-four messages from the operator, a day apart, the oldest five past 30 days.
    const now = Temporal.Now.instant()
    const written = Array.from({ length: 34 }, () => randomUUID())
    await tenantDb(test.db, 'espoo').messages.insertHistory(
      written.map((id, n) => ({
        id,
        passengerId,
        from: { operatorName: 'Espoon asiointiliikenne' },
        content: `Viesti ${n + 1}`,
        createdAt: now.subtract({ hours: 24 * (34 - n) }),
        confirmationRequested: false,
      })),
      [],
    )

    const api: ApiClient = createApiClient({
      origin,
      tenantId: 'espoo',
      token: () => guardian.token,
      onUnauthorized: () => undefined,
    })
    const db: PortalDb = openPortalDb('espoo', guardian.userId)
    const pull = () => pullInto(db, api, Temporal.Now.instant().toString())
    const storedIds = async () => (await db.listMessages()).map((row) => row.id)
    const readAll = async () => {
      while (await loadOlderMessages(db, api));
    }
    try {
      await pull()
      await readAll()
      expect(await storedIds()).toEqual(written)

      const counts = await runRetention(test.db, {
        positionRetentionDays: null,
        messageRetentionDays: 30,
        pushSubscriptionRetentionDays: null,
        changeFeedRetentionDays: 30,
        emailRetentionDays: 30,
      })
      expect(counts.messages).toBe(5)

      // The newest page holds 9 now, so the pull brings the one before it too, and nothing older stays.
      await pull()
      expect(await storedIds()).toEqual(written.slice(15))
      expect((await db.listMessages()).map((row) => row.position)).toEqual(
        Array.from({ length: 19 }, (_, n) => 10 + n),
      )
      await readAll()
      expect(await storedIds()).toEqual(written.slice(5))
    } finally {
      await db.delete()
    }
  })
})
