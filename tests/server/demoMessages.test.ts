import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Message, MessagePage } from '../../src/contract/messages'
import { tenantDb, type TenantDb } from '../../server/db/tenantDb'
import type { MessageRecord } from '../../server/db/repositories/messages'
import { seedDemoData } from '../../server/demo/seed'
import { sendUserMessage } from '../../server/messages/userMessages'
import { noticeEvery, replyAfter } from '../../server/simulator/guardianMessages'
import { startDemoSimulator } from '../../server/simulator/simulator'
import { createTestApp, tokenFor, type TestApp } from './support/app'
import { backends, createTestDatabase, type TestDatabase } from './support/database'
import { messagesOf } from './support/messages'
import { simulatedClock } from './support/simulatedClock'

const silent = { info: () => undefined, error: () => undefined }

describe.each(backends)('the demo’s messages on $name', (backend) => {
  let test: TestApp
  const seededAt = Temporal.Now.instant()

  /** Every page of a signed-in demo user's messages, the last one first as the portal asks. */
  async function thread(userName: 'guardian' | 'single') {
    const token = await tokenFor(test.app, 'espoo', userName, `demo-${userName}-2026`)
    const calls = messagesOf(test.app, 'espoo', token)
    const last = (await calls.page()).json<MessagePage>()
    const pages = []
    for (let page = 1; page <= last.totalPages; page++)
      pages.push((await calls.page(page)).json<MessagePage>())
    return { last, pages, items: pages.flatMap((page) => page.items) }
  }

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'] })
  })
  afterAll(() => test.close())

  it('gives the guardian four pages over six weeks, the last short, about each of their passengers', async () => {
    const { last, pages, items } = await thread('guardian')
    expect(last).toMatchObject({ page: 4, totalPages: 4, hasPreviousPage: true })
    expect(pages.map((page) => page.items.length)).toEqual([10, 10, 10, 4])
    expect(last.items).toEqual(pages[3]!.items)
    const times = items.map((item) => Temporal.Instant.from(item.createdAt))
    expect(
      times.every((time, index) => index === 0 || Temporal.Instant.compare(times[index - 1]!, time) < 0),
    ).toBe(true)
    expect(Temporal.Instant.compare(times.at(-1)!, seededAt)).toBeLessThan(0)
    expect(seededAt.since(times[0]!).total('days')).toBeGreaterThan(35)
    expect(new Set(items.map((item) => item.passengerId)).size).toBe(3)
    expect(new Set(items.map((item) => item.from.kind))).toEqual(new Set(['user', 'operator']))
    // Each passenger's newest is the operator's, so the simulator has nothing to answer at the start.
    const newest = new Map(items.map((item) => [item.passengerId, item.from.kind]))
    expect([...newest.values()]).toEqual(['operator', 'operator', 'operator'])
  })

  it('leaves the newest of the operator’s unseen, and asks for confirmations, some given and some not', async () => {
    const { last, items } = await thread('guardian')
    const fromOperator = items.filter((item) => item.from.kind === 'operator')
    const unseen = fromOperator.filter((item) => item.seenAt === null)
    expect(last.unseenCount).toBe(unseen.length)
    expect(unseen.length).toBeGreaterThanOrEqual(3)
    // The unseen are the newest, and reach into the page before the last.
    expect(fromOperator.slice(-unseen.length)).toEqual(unseen)
    expect(items.slice(20, 30).some((item) => unseen.includes(item))).toBe(true)
    const asking = items.filter((item) => item.confirmation !== null)
    expect(asking.every((item) => item.from.kind === 'operator')).toBe(true)
    const given = asking.filter((item) => item.confirmation?.confirmedAt !== null)
    expect(given.length).toBeGreaterThanOrEqual(2)
    expect(asking.length - given.length).toBeGreaterThanOrEqual(2)
    expect(
      given.every((item) => item.seenAt !== null && item.confirmation?.confirmedBy?.kind === 'user'),
    ).toBe(true)
    expect(
      asking.some((item: Message) => item.seenAt === null && item.confirmation?.confirmedAt === null),
    ).toBe(true)
  })

  it('gives the single user no messages', async () => {
    const { last } = await thread('single')
    expect(last).toEqual({ items: [], page: 1, totalPages: 1, hasPreviousPage: false, unseenCount: 0 })
  })
})

describe.each(backends)('the demo simulator’s messages on $name', (backend) => {
  let database: TestDatabase
  let db: TenantDb
  const t0 = Temporal.ZonedDateTime.from('2026-11-24T12:00:00[Europe/Helsinki]').toInstant()
  let written: Awaited<ReturnType<typeof sendUserMessage>>
  let after: MessageRecord[]
  let before: number

  beforeAll(async () => {
    database = await createTestDatabase(backend)
    await seedDemoData(database.db, t0, ['espoo'])
    db = tenantDb(database.db, 'espoo')
    const guardian = (await db.users.findByUserName('guardian'))!
    const [passenger] = await db.passengers.listGranted(guardian.id)
    before = (await db.messages.countForUser(guardian.id)).total
    const clock = simulatedClock(t0)
    const simulator = startDemoSimulator({
      db: database.db,
      clock,
      lockDatabaseUrl: null,
      log: silent,
      tenants: ['espoo'],
    })
    await clock.advance({ minutes: 5 })
    written = await sendUserMessage(
      db,
      guardian.id,
      { passengerId: passenger!.id, content: 'Onko auto tulossa?' },
      clock.now(),
    )
    await clock.advance({ hours: 3, minutes: 15 })
    await simulator.stop()
    expect(clock.pending).toBe(0)
    after = (await db.messages.pageForUser(guardian.id, 0, 100)).slice(before)
  }, 240_000)
  afterAll(() => database.drop())

  it('answers a guardian’s message a minute after it arrives, on the simulated clock', () => {
    const answer = after[1]!
    expect(after[0]!.id).toBe(written!.id)
    expect(answer).toMatchObject({
      passengerId: written!.passengerId,
      from: { kind: 'operator', name: 'Espoon asiointiliikenne' },
      confirmationRequested: false,
    })
    const waited = written!.createdAt.until(answer.createdAt)
    expect(Temporal.Duration.compare(waited, replyAfter)).toBeGreaterThanOrEqual(0)
    expect(waited.total('seconds')).toBeLessThanOrEqual(replyAfter.total('seconds') + 15)
  })

  it('writes a notice when the operator has been silent for three hours, and nothing more meanwhile', async () => {
    const notices = after.slice(2)
    expect(notices).toHaveLength(1)
    const due = after[1]!.createdAt.add(noticeEvery)
    expect(notices[0]!.createdAt.since(due).total('seconds')).toBeGreaterThanOrEqual(0)
    expect(notices[0]!.createdAt.since(due).total('seconds')).toBeLessThanOrEqual(15)
    expect(notices[0]!.from.kind).toBe('operator')
    expect(before).toBe(34)
  })
})
