import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { emailConfirmationMachine } from '../../../machines/forms/emailConfirmation.machine'

const apiFailure = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status, body: null })

/** The machine with a resend call answering each press from `answers` in turn. */
function resender(answers: (() => Promise<unknown>)[]) {
  let calls = 0
  const machine = emailConfirmationMachine.provide({
    actors: {
      resend: fromPromise(() => {
        calls += 1
        return answers.shift()!()
      }),
    },
  })
  const actor = createActor(machine).start()
  const press = async () => {
    actor.send({ type: 'resend' })
    return (await waitFor(actor, (snapshot) => snapshot.matches('idle'))).context.outcome
  }
  return { actor, press, calls: () => calls }
}

describe('emailConfirmation machine', () => {
  it('says what each press came to: sent, refused for now, offline, or failed', async () => {
    const { press } = resender([
      () => Promise.resolve({}),
      () => Promise.reject(apiFailure(429)),
      () => Promise.reject(apiFailure(0)),
      () => Promise.reject(apiFailure(500)),
    ])
    expect(await press()).toBe('sent')
    expect(await press()).toBe('limited')
    expect(await press()).toBe('offline')
    expect(await press()).toBe('failed')
  })

  it('makes one call at a time and forgets the last outcome while sending', async () => {
    let answer: (value: unknown) => void = () => {}
    const { actor, calls } = resender([() => new Promise((resolve) => (answer = resolve))])
    actor.send({ type: 'resend' })
    actor.send({ type: 'resend' })
    expect(actor.getSnapshot().matches('sending')).toBe(true)
    expect(actor.getSnapshot().context.outcome).toBeNull()
    answer({})
    await waitFor(actor, (snapshot) => snapshot.matches('idle'))
    expect(calls()).toBe(1)
  })
})
