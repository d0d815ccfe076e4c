import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { appendCommand } from '../../../src/db/outbox'
import { pagesMoved, pagingAfterPull, pullsPageBefore } from '../../../src/db/messageStore'
import { openPortalDb, type PortalDb, type ReadModelPull } from '../../../src/db/portalDb'
import type { MessagePage } from '../../../src/contract'
import { account, messageOf, messagePageOf, passengerOf } from './samples'

const anna = passengerOf('p-anna', 'Anna')
const bertil = passengerOf('p-bertil', 'Bertil')

/** Page `page` holding messages numbered `from` to `to`, all Anna's. */
function pageOf(page: number, total: number, from: number, to: number, unseen = 0): MessagePage {
  const items = []
  for (let n = from; n <= to; n += 1) items.push(messageOf(`m${n}`, anna.id))
  return messagePageOf(page, total, items, unseen)
}

function pullOf(messages: MessagePage[], passengers = [anna, bertil]): ReadModelPull {
  return { account, passengers, places: {}, trips: {}, messages, syncedAt: '2026-11-21T12:00:00Z' }
}

const opened: PortalDb[] = []
function open(): PortalDb {
  const db = openPortalDb('espoo', `user-${opened.length}`)
  opened.push(db)
  return db
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete()
})

const ids = async (db: PortalDb) => (await db.listMessages()).map((row) => row.id)

/** Stored rows of messages `m{from}` to `m{to}`, each at its place in the server's order (m1 at 0). */
const stored = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, n) => ({ id: `m${from + n}`, position: from + n - 1 }))

describe('the stored messages', () => {
  it('keep the newest pages of a pull in the server order, the newest last', async () => {
    const db = open()
    await db.replaceReadModels(pullOf([pageOf(4, 4, 31, 34, 3), pageOf(3, 4, 21, 30, 3)]))
    expect(await ids(db)).toEqual(
      [21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34].map((n) => `m${n}`),
    )
    expect(await db.messagePaging()).toEqual({ oldestPage: 3, newestPage: 4, unseenCount: 3 })
    expect(await db.messageSummary(account.id)).toEqual({ total: 14, unseen: 3 })
  })

  it('put an older page above the stored ones without moving them', async () => {
    const db = open()
    await db.replaceReadModels(pullOf([pageOf(4, 4, 31, 34), pageOf(3, 4, 21, 30)]))
    expect(await db.saveOlderMessages([pageOf(3, 4, 21, 30), pageOf(2, 4, 11, 20)])).toBe('saved')
    expect((await ids(db)).slice(0, 11)).toEqual(
      [11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21].map((n) => `m${n}`),
    )
    expect((await db.messagePaging())?.oldestPage).toBe(2)
    // Pages already stored, or ones that arrive after the stored pages changed, change nothing.
    expect(await db.saveOlderMessages([pageOf(4, 4, 31, 34), pageOf(3, 4, 21, 30)])).toBe('outdated')
    expect((await db.listMessages()).length).toBe(24)
  })

  it('save nothing of an older page when the oldest stored one moved on the server', async () => {
    const db = open()
    await db.replaceReadModels(pullOf([pageOf(4, 4, 31, 34), pageOf(3, 4, 21, 30)]))
    // Two of the oldest were deleted: page 3 starts two later, and page 2 holds two of the stored ones.
    expect(await db.saveOlderMessages([pageOf(3, 4, 23, 32), pageOf(2, 4, 13, 22)])).toBe('moved')
    expect(await ids(db)).toEqual(
      [21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34].map((n) => `m${n}`),
    )
    expect((await db.messagePaging())?.oldestPage).toBe(3)
    await db.restartMessages([pageOf(4, 4, 33, 34), pageOf(3, 4, 23, 32)])
    expect(await ids(db)).toEqual([23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34].map((n) => `m${n}`))
    expect(await db.messagePaging()).toEqual({ oldestPage: 3, newestPage: 4, unseenCount: 0 })
  })

  it('keep the older pages when a later pull joins them, and drop them when it leaves a gap', async () => {
    const db = open()
    await db.replaceReadModels(pullOf([pageOf(3, 3, 21, 24), pageOf(2, 3, 11, 20)]))
    await db.saveOlderMessages([pageOf(2, 3, 11, 20), pageOf(1, 3, 1, 10)])
    await db.replaceReadModels(pullOf([pageOf(4, 4, 31, 31), pageOf(3, 4, 21, 30)]))
    expect((await ids(db)).length).toBe(31)
    expect((await db.messagePaging())?.oldestPage).toBe(1)

    await db.replaceReadModels(pullOf([pageOf(9, 9, 81, 90)]))
    expect(await ids(db)).toEqual([81, 82, 83, 84, 85, 86, 87, 88, 89, 90].map((n) => `m${n}`))
    expect(await db.messagePaging()).toEqual({ oldestPage: 9, newestPage: 9, unseenCount: 0 })
  })

  it("forget a passenger's messages once the passenger is no longer the user's", async () => {
    const db = open()
    const page = messagePageOf(1, 1, [messageOf('a1', anna.id), messageOf('b1', bertil.id)])
    await db.replaceReadModels(pullOf([page]))
    await db.replaceReadModels(pullOf([messagePageOf(1, 1, [messageOf('a1', anna.id)])], [anna]))
    expect(await ids(db)).toEqual(['a1'])
  })

  it('count as seen at once a message marked seen here, and take the answer when it is acked', async () => {
    const db = open()
    const page = messagePageOf(1, 1, [messageOf('m1', anna.id), messageOf('m2', anna.id)], 2)
    await db.replaceReadModels(pullOf([page]))
    await appendCommand(db, {
      id: 'c1',
      type: 'message.seen',
      payload: { id: 'm1' },
      createdAt: '2026-11-21T12:00:01Z',
    })
    expect(await db.messageSummary(account.id)).toEqual({ total: 2, unseen: 1 })
    await db.outbox.update('c1', { status: 'acked' })
    await db.applyMessageAnswer({ ...messageOf('m1', anna.id), seenAt: '2026-11-21T12:00:02Z' })
    expect(await db.messageSummary(account.id)).toEqual({ total: 2, unseen: 1 })
    expect((await db.messages.get('m1'))?.position).toBe(0)
    // The same answer again (a replay) counts nothing twice.
    await db.applyMessageAnswer({ ...messageOf('m1', anna.id), seenAt: '2026-11-21T12:00:02Z' })
    expect(await db.messageSummary(account.id)).toEqual({ total: 2, unseen: 1 })
  })
})

describe('whether the server’s pages moved under the stored messages', () => {
  it.each([
    ['nothing stored', [], [pageOf(4, 4, 31, 34)], false],
    [
      'the same ids at the places fetched',
      stored(21, 34),
      [pageOf(4, 4, 31, 34), pageOf(3, 4, 21, 30)],
      false,
    ],
    [
      'new messages after the stored ones',
      stored(21, 34),
      [pageOf(4, 4, 31, 38), pageOf(3, 4, 21, 30)],
      false,
    ],
    ['stored pages below the fetched ones are not looked at', stored(1, 34), [pageOf(4, 4, 31, 34)], false],
    ['five deleted before: the fetched places hold later ids', stored(21, 34), [pageOf(3, 3, 26, 34)], true],
    ['a passenger’s older ones came in: earlier ids', stored(21, 34), [pageOf(4, 5, 28, 37)], true],
    ['a stored message past the server’s last', stored(21, 34), [pageOf(4, 4, 31, 33)], true],
    ['every message gone: page 1 is empty', stored(1, 4), [messagePageOf(1, 1, [])], true],
    [
      'an older load: the oldest stored page again, unchanged',
      stored(21, 34),
      [pageOf(3, 4, 21, 30), pageOf(2, 4, 11, 20)],
      false,
    ],
    [
      'an older load: the oldest stored page holds other ids',
      stored(21, 34),
      [pageOf(3, 4, 23, 32), pageOf(2, 4, 13, 22)],
      true,
    ],
    [
      'an older load: the oldest stored page is past the end',
      stored(21, 34),
      [pageOf(3, 2, 1, 0), pageOf(2, 2, 11, 19)],
      true,
    ],
  ] as const)('%s', (_, rows, pages, moved) => {
    expect(pagesMoved(rows, pages)).toBe(moved)
  })
})

describe('the paging after a pull', () => {
  const paging = (oldestPage: number, newestPage: number) => ({ oldestPage, newestPage, unseenCount: 0 })
  it.each([
    ['nothing stored', null, [pageOf(4, 4, 31, 34), pageOf(3, 4, 21, 30)], paging(3, 4), false],
    [
      'the stored pages join and did not move: the older ones stay',
      { paging: paging(1, 4), rows: stored(21, 34) },
      [pageOf(4, 4, 31, 35), pageOf(3, 4, 21, 30)],
      paging(1, 4),
      true,
    ],
    [
      'a gap between the fetched pages and the stored ones',
      { paging: paging(1, 2), rows: [] },
      [pageOf(9, 9, 81, 90)],
      paging(9, 9),
      false,
    ],
    [
      'the stored pages moved',
      { paging: paging(1, 4), rows: stored(21, 34) },
      [pageOf(3, 3, 26, 34), pageOf(2, 3, 16, 25)],
      paging(2, 3),
      false,
    ],
  ] as const)('%s', (_, before, pages, after, keepsStored) => {
    expect(pagingAfterPull(pages, before)).toEqual({ paging: after, keepsStored })
  })
})

describe('a pull of messages', () => {
  const newestShort = pageOf(4, 4, 31, 34)
  const newestFull = pageOf(4, 4, 31, 40)

  it('fetches the page before a short newest page (spec section 4), and not before a full one', () => {
    expect(pullsPageBefore(newestShort, 1, newestShort, null)).toBe(true)
    expect(pullsPageBefore(newestFull, 1, newestFull, null)).toBe(false)
    expect(pullsPageBefore(pageOf(1, 1, 1, 3), 1, pageOf(1, 1, 1, 3), null)).toBe(false)
  })

  it('goes back until it reaches the stored pages, at most five pages', () => {
    const stored = { oldestPage: 1, newestPage: 2, unseenCount: 0 }
    const page3 = pageOf(3, 4, 21, 30)
    expect(pullsPageBefore(newestFull, 1, newestFull, stored)).toBe(true)
    expect(pullsPageBefore(page3, 2, newestFull, stored)).toBe(true)
    expect(pullsPageBefore(pageOf(2, 4, 11, 20), 3, newestFull, stored)).toBe(false)
    expect(pullsPageBefore(page3, 5, newestFull, stored)).toBe(false)
  })
})
