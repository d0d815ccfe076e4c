import { describe, expect, it } from 'vitest'
import { refreshMarginMs } from '../../../machines/auth/auth.machine'
import { settle, start, token } from './authHarness'

type Actor = ReturnType<typeof start>['actor']

/** A call came back 401 with `refused`; the promise actors then settle. */
async function refuse(actor: Actor, refused?: string) {
  actor.send({ type: 'auth.unauthorized', token: refused })
  await settle()
}

/** Spec section 4 with the design brief: a 401 while online first tries one refresh; only no token expires. */
describe('auth machine on a 401', () => {
  it('refreshes once and stays signed in when the session cookie is still valid', async () => {
    const { actor, fetchToken, effects, status } = start([token('u1', 300, 'old'), token('u1', 300, 'new')])
    await settle()
    await refuse(actor, 'old')
    expect(fetchToken).toHaveBeenCalledTimes(2)
    expect(status()).toBe('authenticated')
    expect(actor.getSnapshot().context.token).toBe('new')
    expect(effects.clearLocalData).not.toHaveBeenCalled()
    expect(effects.goHome).not.toHaveBeenCalled()
  })

  it('expires when the refresh returns no token, keeping the unsent commands', async () => {
    const { actor, effects, status } = start([token('u1', 300, 'old'), { kind: 'none' }])
    await settle()
    await refuse(actor, 'old')
    expect(status()).toBe('anonymous')
    expect(actor.getSnapshot().context.token).toBeNull()
    expect(effects.clearLocalData).toHaveBeenCalledWith('u1', true)
    expect(effects.goHome).toHaveBeenCalledTimes(1)
  })

  it('expires at once on a 401 for the token that the refresh just gave', async () => {
    const { actor, fetchToken, status, effects } = start([token('u1', 300, 'old'), token('u1', 300, 'new')])
    await settle()
    await refuse(actor, 'old')
    actor.send({ type: 'auth.unauthorized', token: 'new' })
    expect(fetchToken).toHaveBeenCalledTimes(2)
    expect(status()).toBe('anonymous')
    expect(effects.clearLocalData).toHaveBeenCalledWith('u1', true)
  })

  it('ignores a 401 for a token already replaced', async () => {
    const { actor, fetchToken, status } = start([token('u1', 300, 'old'), token('u1', 300, 'new')])
    await settle()
    await refuse(actor, 'old')
    // A request that left with the old token comes back late.
    await refuse(actor, 'old')
    expect(fetchToken).toHaveBeenCalledTimes(2)
    expect(status()).toBe('authenticated')
    expect(actor.getSnapshot().context.token).toBe('new')
  })

  it('asks for one refresh however many 401s arrive while it runs', async () => {
    const { actor, fetchToken, status } = start([token('u1', 300, 'old'), token('u1', 300, 'new')])
    await settle()
    actor.send({ type: 'auth.unauthorized', token: 'old' })
    actor.send({ type: 'auth.unauthorized', token: 'old' })
    actor.send({ type: 'auth.unauthorized' })
    await settle()
    expect(fetchToken).toHaveBeenCalledTimes(2)
    expect(status()).toBe('authenticated')
  })

  it('gives a 401 after a scheduled refresh its own refresh again', async () => {
    const { actor, clock, fetchToken, status } = start([
      token('u1', 120, 'a'),
      token('u1', 120, 'b'),
      token('u1', 120, 'c'),
      token('u1', 120, 'd'),
    ])
    await settle()
    await refuse(actor, 'a')
    clock.increment(120_000 - refreshMarginMs)
    await settle()
    expect(actor.getSnapshot().context.token).toBe('c')
    await refuse(actor, 'c')
    expect(fetchToken).toHaveBeenCalledTimes(4)
    expect(status()).toBe('authenticated')
    expect(actor.getSnapshot().context.token).toBe('d')
  })

  it('goes offline when the refresh cannot reach the server, keeping the local data', async () => {
    const { actor, effects, status } = start([token('u1', 300, 'old'), { kind: 'unreachable' }])
    await settle()
    await refuse(actor, 'old')
    expect(status()).toBe('offline')
    expect(effects.clearLocalData).not.toHaveBeenCalled()
  })
})
