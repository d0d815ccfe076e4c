import { describe, expect, it } from 'vitest'
import { threadOf } from '../../../../src/commands/messageThread'
import type { OutboxCommand } from '../../../../src/commands/outboxCommand'
import { confirmable, messagePassenger, sendProblems } from '../../../../src/domain/messages/rules'
import { pendingRow } from '../../../../src/db/outbox'
import { messageOf } from '../../db/samples'

describe('the send form rules (spec section 5)', () => {
  it('require text, not only spaces, and a passenger', () => {
    expect(sendProblems(' \n ', 'p1')).toEqual(['contentRequired'])
    expect(sendProblems('Hi', null)).toEqual(['passengerRequired'])
    expect(sendProblems('x'.repeat(2001), 'p1')).toEqual(['contentTooLong'])
    expect(sendProblems(' Hi ', 'p1')).toEqual([])
  })

  it('choose the only passenger by itself, and keep a choice only while it is the user’s', () => {
    expect(messagePassenger(['p1'], null)).toBe('p1')
    expect(messagePassenger(['p1', 'p2'], null)).toBeNull()
    expect(messagePassenger(['p1', 'p2'], 'p2')).toBe('p2')
    expect(messagePassenger(['p1', 'p2'], 'p9')).toBeNull()
  })

  it('confirm only another’s message that asks and is not confirmed yet', () => {
    const asks = { confirmation: { confirmedAt: null, confirmedBy: null } }
    expect(confirmable(asks, false)).toBe(true)
    expect(confirmable(asks, true)).toBe(false)
    expect(confirmable({ confirmation: null }, false)).toBe(false)
    expect(
      confirmable({ confirmation: { confirmedAt: '2026-11-20T10:00:00Z', confirmedBy: null } }, false),
    ).toBe(false)
  })
})

function command<T extends OutboxCommand['type']>(
  seq: number,
  type: T,
  payload: OutboxCommand<T>['payload'],
  change: Partial<OutboxCommand> = {},
): OutboxCommand {
  return {
    ...pendingRow({ id: `c${seq}`, type, payload, createdAt: '2026-11-21T10:00:00Z' }, seq),
    ...change,
  }
}

describe('the thread', () => {
  const stored = [messageOf('m1', 'p1'), messageOf('m2', 'p1', { fromUser: 'me' }), messageOf('m3', 'p1')]

  it('shows messages written here below the stored ones: pending, then sent until a pull brings them', () => {
    const commands = [
      command(2, 'message.send', { passengerId: 'p1', content: 'Second' }),
      command(
        1,
        'message.send',
        { passengerId: 'p1', content: 'First' },
        { status: 'acked', response: { id: 'm9' } },
      ),
    ]
    const entries = threadOf(stored, commands, 'me')
    expect(entries.map((entry) => entry.kind)).toEqual([
      'message',
      'message',
      'message',
      'outgoing',
      'outgoing',
    ])
    expect(entries.slice(3).map((entry) => (entry.kind === 'outgoing' ? entry.state : null))).toEqual([
      'sent',
      'pending',
    ])
    const pulled = threadOf([...stored, messageOf('m9', 'p1', { fromUser: 'me' })], commands, 'me')
    expect(pulled.filter((entry) => entry.kind === 'outgoing').length).toBe(1)
  })

  it('shows a refused message with its reason until it is dismissed', () => {
    const error = { status: 404, code: 'not_found' }
    const refused = command(
      1,
      'message.send',
      { passengerId: 'p1', content: 'x' },
      { status: 'rejected', lastError: error },
    )
    expect(threadOf([], [refused], 'me')).toEqual([{ kind: 'refused', command: refused, error }])
    expect(threadOf([], [{ ...refused, dismissed: true }], 'me')).toEqual([])
  })

  it('counts seen marks and confirmations made here at once, and the user’s own messages as seen', () => {
    const commands = [command(1, 'message.seen', { id: 'm1' }), command(2, 'message.confirm', { id: 'm3' })]
    const entries = threadOf(stored, commands, 'me')
    expect(
      entries.map((entry) => (entry.kind === 'message' ? [entry.seen, entry.own, entry.confirming] : null)),
    ).toEqual([
      [true, false, false],
      [true, true, false],
      [true, false, true],
    ])
  })
})
