import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import { messagesMachine } from '../../../machines/messages/messages.machine'

function start(
  options: {
    queueSend?: (input: { passengerId: string; content: string }) => Promise<string>
    loadOlder?: () => Promise<boolean>
  } = {},
) {
  const clock = new SimulatedClock()
  const markSeen = vi.fn()
  const confirm = vi.fn()
  const queueSend = vi.fn(options.queueSend ?? (async () => 'c1'))
  const loadOlder = vi.fn(options.loadOlder ?? (async () => true))
  const machine = messagesMachine.provide({
    actors: {
      queueSend: fromPromise(({ input }: { input: { passengerId: string; content: string } }) =>
        queueSend(input),
      ),
      loadOlder: fromPromise(() => loadOlder()),
    },
    actions: {
      markSeen: (_, params) => markSeen(params.id),
      confirm: (_, params) => confirm(params.id),
    },
  })
  const actor = createActor(machine, { clock }).start()
  return { actor, clock, markSeen, confirm, queueSend, loadOlder }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the messages machine', () => {
  it('marks another’s message seen after 4 s on screen, once, and not if it left the screen before', () => {
    const { actor, clock, markSeen } = start()
    actor.send({ type: 'message.shown', id: 'm1' })
    actor.send({ type: 'message.shown', id: 'm2' })
    clock.increment(3999)
    expect(markSeen).not.toHaveBeenCalled()
    actor.send({ type: 'message.hidden', id: 'm2' })
    clock.increment(1)
    expect(markSeen.mock.calls).toEqual([['m1']])
    // Shown again later: it was marked already.
    actor.send({ type: 'message.shown', id: 'm1' })
    clock.increment(10_000)
    expect(markSeen.mock.calls).toEqual([['m1']])
    // m2 shown again counts its 4 s from the start.
    actor.send({ type: 'message.shown', id: 'm2' })
    clock.increment(4000)
    expect(markSeen.mock.calls).toEqual([['m1'], ['m2']])
  })

  it('confirms a clicked message and then never marks it seen separately', () => {
    const { actor, clock, markSeen, confirm } = start()
    actor.send({ type: 'message.shown', id: 'm1' })
    actor.send({ type: 'message.confirm', id: 'm1' })
    clock.increment(5000)
    expect(confirm.mock.calls).toEqual([['m1']])
    expect(markSeen).not.toHaveBeenCalled()
  })

  it('shows why the form cannot be sent: no text, and no passenger chosen among several', () => {
    const { actor, queueSend } = start()
    actor.send({ type: 'passengers', ids: ['p1', 'p2'] })
    actor.send({ type: 'content.change', content: '   ' })
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().context.problems).toEqual(['contentRequired', 'passengerRequired'])
    actor.send({ type: 'content.change', content: 'Hello' })
    expect(actor.getSnapshot().context.problems).toEqual(['passengerRequired'])
    expect(queueSend).not.toHaveBeenCalled()
  })

  it('queues the trimmed text for the only passenger and clears the form', async () => {
    const { actor, queueSend } = start()
    actor.send({ type: 'passengers', ids: ['p1'] })
    actor.send({ type: 'content.change', content: '  Hello  ' })
    actor.send({ type: 'submit' })
    await settle()
    expect(queueSend).toHaveBeenCalledWith({ passengerId: 'p1', content: 'Hello' })
    expect(actor.getSnapshot().context).toMatchObject({ content: '', problems: [] })
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true)
  })

  it('keeps the text when the message could not be stored', async () => {
    const { actor } = start({ queueSend: () => Promise.reject(new Error('quota')) })
    actor.send({ type: 'passengers', ids: ['p1'] })
    actor.send({ type: 'content.change', content: 'Hello' })
    actor.send({ type: 'submit' })
    await settle()
    expect(actor.getSnapshot().matches({ form: 'failed' })).toBe(true)
    expect(actor.getSnapshot().context.content).toBe('Hello')
  })

  it('loads an older page at the top only while one exists, and tries again after it could not', async () => {
    let online = false
    const { actor, loadOlder } = start({ loadOlder: async () => online })
    actor.send({ type: 'top.reached' })
    expect(loadOlder).not.toHaveBeenCalled()
    actor.send({ type: 'paging', hasOlder: true })
    actor.send({ type: 'top.reached' })
    await settle()
    expect(actor.getSnapshot().matches({ older: 'unavailable' })).toBe(true)
    online = true
    actor.send({ type: 'top.reached' })
    await settle()
    expect(loadOlder).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().matches({ older: 'idle' })).toBe(true)
  })
})
