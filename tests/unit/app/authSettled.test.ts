import { describe, expect, it } from 'vitest'
import type { AuthView } from '../../../machines/auth/auth.machine'
import type { AuthHandle } from '../../../src/app/session/authHandle'
import { authSettled } from '../../../src/app/session/authSettled'
import { Listeners } from '../../../src/app/session/runningActor'

/** A handle whose view the test moves by hand. */
function handle(first: AuthView) {
  const listeners = new Listeners()
  let view = first
  const auth: AuthHandle = { view: () => view, send: () => {}, subscribe: listeners.subscribe }
  return {
    auth,
    move(next: AuthView) {
      view = next
      listeners.notify()
    },
  }
}

/** Whether the promise has settled once pending microtasks have run. */
async function isSettled(promise: Promise<void>): Promise<boolean> {
  let settled = false
  void promise.then(() => (settled = true))
  await new Promise((resolve) => setTimeout(resolve, 0))
  return settled
}

const offline: AuthView = { status: 'offline', userId: 'u1', token: null }

describe('authSettled', () => {
  it('lets a call go at once with a token, and offline with none (it then fails as unreachable)', async () => {
    expect(
      await isSettled(authSettled(handle({ status: 'authenticated', userId: 'u1', token: 't' }).auth)),
    ).toBe(true)
    expect(await isSettled(authSettled(handle(offline).auth))).toBe(true)
  })

  it('holds a call made as the connection returns until the token fetched for it has come', async () => {
    const { auth, move } = handle({ status: 'reconnecting', userId: 'u1', token: null })
    const call = authSettled(auth)
    expect(await isSettled(call)).toBe(false)
    move({ status: 'authenticated', userId: 'u1', token: 't' })
    expect(await isSettled(call)).toBe(true)
  })

  it('lets a held call go when the reconnection finds no server after all', async () => {
    const { auth, move } = handle({ status: 'reconnecting', userId: 'u1', token: null })
    const call = authSettled(auth)
    move(offline)
    expect(await isSettled(call)).toBe(true)
  })
})
