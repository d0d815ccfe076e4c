import fc from 'fast-check'
import { afterAll, beforeAll, describe, it, vi } from 'vitest'
import { check, play, propertyNavigator, scenario, type Scenario } from '../unit/outbox/outboxProperty'
import { createTestApp, type TestApp } from './support/app'
import { backends } from './support/database'
import { outboxAppServer } from './support/outboxAppServer'

/**
 * The outbox property of tests/unit/outbox/ (same scenarios, same checks) against the real API host instead of
 * the fake with its idempotency semantics: the portal's replayer on fake IndexedDB, the fault-injecting network,
 * and the Fastify app with its idempotency keys, trips and messages on PGlite (and PostgreSQL when
 * TEST_DATABASE_URL is set). Fewer runs than the fake's, each with a fresh guardian.
 */

/** Always run too: a message whose answer is lost, then weeks offline, longer than the server keeps its key. */
const lostAnswerThenWeeks: Scenario = {
  commands: [
    { command: { type: 'message.send', passenger: 'p1', text: 'Hello' }, batch: 0 },
    { command: { type: 'trip.cancel', trips: [1] }, batch: 0 },
  ],
  faults: ['dropResponse'],
  pickups: [],
  releases: [],
  wakes: ['timer', 'weeks'],
  jitter: 0,
}

describe.each(backends)('the outbox against the real API host on $name (property)', (backend) => {
  let test: TestApp

  beforeAll(async () => {
    vi.stubGlobal('navigator', propertyNavigator)
    test = await createTestApp(backend, { seed: ['espoo'] })
  })
  afterAll(async () => {
    vi.unstubAllGlobals()
    await test.close()
  })

  it('loses no command and applies none twice', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        check(await play(s, await outboxAppServer(test.app, test.db, 'espoo')))
      }),
      { numRuns: 25, examples: [[lostAnswerThenWeeks]] },
    )
  }, 600_000)
})
