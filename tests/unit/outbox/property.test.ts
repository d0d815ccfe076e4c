import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { OutboxCommand } from '../../../src/commands/outboxCommand'
import { IdempotentServer } from './idempotentServer'
import { check, play, propertyNavigator, scenario, type Scenario } from './outboxProperty'

/**
 * The outbox property (outboxProperty.ts) against a fake server with the real idempotency semantics, fast enough
 * for many runs. tests/server/outboxProperty.test.ts runs the same property against the real API host.
 */

beforeAll(() => {
  vi.stubGlobal('navigator', propertyNavigator)
})
afterAll(() => {
  vi.unstubAllGlobals()
})

describe('outbox under faults (property)', () => {
  it('loses no command and applies none twice', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        check(await play(s, new IdempotentServer()))
      }),
      { numRuns: 200 },
    )
  }, 300_000)

  it('survives a kill on every request until the faults stop', async () => {
    const everyKill: Scenario = {
      commands: ([1, 2, 3] as const).map((n) => ({
        command: { type: 'trip.cancel' as const, trips: [n] },
        batch: 0,
      })),
      faults: ['killAfter', 'killBefore', 'killAfter', 'dropResponse', 'expireToken', 'killAfter'],
      pickups: [],
      releases: [],
      wakes: [],
      jitter: 0,
    }
    const result = await play(everyKill, new IdempotentServer())
    check(result)
    expect(result.commands.map((c: OutboxCommand) => c.status)).toEqual(['acked', 'acked', 'acked'])
  })

  it('does not send again, after weeks offline, a command whose answer was lost', async () => {
    const lostAnswerThenWeeks: Scenario = {
      commands: [
        { command: { type: 'trip.cancel', trips: [1] }, batch: 0 },
        { command: { type: 'trip.review', trip: 2 }, batch: 1 },
      ],
      faults: ['dropResponse'],
      pickups: [],
      releases: [],
      wakes: ['timer', 'weeks'],
      jitter: 0,
    }
    const result = await play(lostAnswerThenWeeks, new IdempotentServer())
    check(result)
    // The cancellation was applied, but its answer never came: it may have been; the review, never sent, goes.
    expect(result.commands.map((c: OutboxCommand) => [c.status, c.lastError?.code ?? null])).toEqual([
      ['rejected', 'command_unconfirmed'],
      ['acked', null],
    ])
  })

  it('refuses a row that does not match the contract in its place, and the commands around it go', async () => {
    const broken: Scenario = {
      commands: [
        { command: { type: 'trip.cancel', trips: [1] }, batch: 0 },
        { command: { type: 'broken', passenger: 'p1' }, batch: 0 },
        { command: { type: 'message.send', passenger: 'p1', text: 'Hello' }, batch: 0 },
      ],
      faults: ['dropResponse', 'ok', 'delay'],
      pickups: [],
      releases: [],
      wakes: [],
      jitter: 0,
    }
    const result = await play(broken, new IdempotentServer())
    check(result)
    expect(result.commands.map((c: OutboxCommand) => [c.status, c.lastError?.code ?? null])).toEqual([
      ['acked', null],
      ['rejected', 'command_invalid'],
      ['acked', null],
    ])
  })
})
