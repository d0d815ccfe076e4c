import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SyncCallbacks } from '../../../workers/sync.worker'

/** What the page configured each worker with: the callbacks it handed over, by worker. */
const configured = new Map<object, SyncCallbacks>()

vi.mock('comlink', () => ({
  proxy: <T>(value: T) => value,
  wrap: (worker: object) => ({
    configure: (_config: unknown, callbacks: SyncCallbacks) => {
      configured.set(worker, callbacks)
      return Promise.resolve()
    },
  }),
}))

class FakeWorker {
  terminated = false
  terminate() {
    this.terminated = true
  }
}

const config = {
  origin: 'http://espoo.localhost',
  tenantId: 'espoo',
  userId: 'u1',
  scope: { permissions: true },
  token: 't',
}

beforeEach(() => {
  vi.resetModules()
  configured.clear()
  vi.stubGlobal('Worker', FakeWorker)
  vi.stubGlobal('navigator', { onLine: true })
  vi.stubGlobal('document', { visibilityState: 'visible' })
})
afterEach(() => vi.unstubAllGlobals())

const status = (syncing: boolean) => ({ syncing, lastSyncedAt: null, lastError: null })

describe('the warm sync worker', () => {
  it('is started once, configured at once, and taken over by that user’s session with what it reported', async () => {
    const { warmSyncWorker, takeWarmWorker } = await import('../../../src/app/session/syncWorker')
    warmSyncWorker(config)
    warmSyncWorker({ ...config, userId: 'u2' })
    const warm = await takeWarmWorker('u1')
    expect(warm).not.toBeNull()
    expect([...configured.keys()]).toEqual([warm!.worker])
    const reports = configured.get(warm!.worker)!
    reports.onStatus(status(true))
    reports.onUnauthorized('t')
    reports.onAnswer(false)
    const session = { onStatus: vi.fn(), onUnauthorized: vi.fn(), onMilestones: vi.fn(), onAnswer: vi.fn() }
    warm!.attach(session)
    expect(session.onStatus).toHaveBeenCalledWith(status(true))
    expect(session.onUnauthorized).toHaveBeenCalledWith('t')
    expect(session.onAnswer).toHaveBeenCalledWith(false)
    reports.onStatus(status(false))
    expect(session.onStatus).toHaveBeenLastCalledWith(status(false))
    // Only the first session takes it.
    expect(await takeWarmWorker('u1')).toBeNull()
  })

  it('is stopped when another user’s session opens, which starts its own', async () => {
    const { warmSyncWorker, takeWarmWorker } = await import('../../../src/app/session/syncWorker')
    warmSyncWorker(config)
    expect(await takeWarmWorker('u2')).toBeNull()
    const [worker] = [...configured.keys()] as FakeWorker[]
    expect(worker!.terminated).toBe(true)
  })
})
