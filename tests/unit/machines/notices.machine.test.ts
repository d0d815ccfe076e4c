import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { noticesMachine, noticeTimeoutMs, type Notice } from '../../../machines/notices/notices.machine'

const notice = (message: string): Notice => ({ message, severity: 'info' })

function start() {
  const clock = new SimulatedClock()
  const actor = createActor(noticesMachine, { clock }).start()
  const current = () => actor.getSnapshot().context.current
  const push = (message: string) => actor.send({ type: 'notice.push', notice: notice(message) })
  return { actor, clock, current, push }
}

describe('notice queue', () => {
  it('shows a notice at once when none is showing', () => {
    const { current, push } = start()
    expect(current()).toBeNull()
    push('saved')
    expect(current()).toMatchObject({ message: 'saved', severity: 'info' })
  })

  it('queues a notice while another shows', () => {
    const { actor, current, push } = start()
    push('first')
    push('second')
    expect(current()?.message).toBe('first')
    expect(actor.getSnapshot().context.queue.map((n) => n.message)).toEqual(['second'])
  })

  it('hides a notice after 20 s, and not before', () => {
    const { clock, current, push } = start()
    push('only')
    clock.increment(noticeTimeoutMs - 1)
    expect(current()?.message).toBe('only')
    clock.increment(1)
    expect(current()).toBeNull()
  })

  it('shows the next one when the shown one times out, with its own 20 s', () => {
    const { clock, current, push } = start()
    push('first')
    clock.increment(5_000)
    push('second')
    clock.increment(noticeTimeoutMs - 5_000)
    expect(current()?.message).toBe('second')
    clock.increment(noticeTimeoutMs - 1)
    expect(current()?.message).toBe('second')
    clock.increment(1)
    expect(current()).toBeNull()
  })

  it('dismiss shows the next one and restarts the timer', () => {
    const { actor, clock, current, push } = start()
    push('first')
    push('second')
    clock.increment(15_000)
    actor.send({ type: 'notice.dismiss' })
    expect(current()?.message).toBe('second')
    clock.increment(15_000)
    expect(current()?.message).toBe('second')
    actor.send({ type: 'notice.dismiss' })
    expect(current()).toBeNull()
  })

  it('gives every notice its own id, also for equal messages', () => {
    const { actor, current, push } = start()
    push('same')
    const first = current()?.id
    push('same')
    actor.send({ type: 'notice.dismiss' })
    expect(current()?.id).toBeDefined()
    expect(current()?.id).not.toBe(first)
  })

  it('ignores a dismiss when nothing shows', () => {
    const { actor, current } = start()
    actor.send({ type: 'notice.dismiss' })
    expect(current()).toBeNull()
    expect(actor.getSnapshot().value).toBe('idle')
  })
})

describe('notice queue: news told two ways', () => {
  it('drops a notice whose key was pushed before, shown or waiting, and keeps those without a key', () => {
    const { actor, current } = start()
    const keyed = (message: string, key: string) =>
      actor.send({ type: 'notice.push', notice: { ...notice(message), key } })
    keyed('picked up (tracking)', 'pickup:t1')
    keyed('picked up (pull)', 'pickup:t1')
    expect(current()?.message).toBe('picked up (tracking)')
    expect(actor.getSnapshot().context.queue).toEqual([])
    keyed('dropped off', 'dropoff:t1')
    actor.send({ type: 'notice.push', notice: notice('saved') })
    actor.send({ type: 'notice.push', notice: notice('saved') })
    actor.send({ type: 'notice.dismiss' })
    expect(current()?.message).toBe('dropped off')
    actor.send({ type: 'notice.dismiss' })
    keyed('picked up again', 'pickup:t1')
    expect(actor.getSnapshot().context.queue.map((n) => n.message)).toEqual(['saved'])
    expect(current()?.message).toBe('saved')
  })
})
