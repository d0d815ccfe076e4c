import { describe, expect, it } from 'vitest'
import {
  authStatus,
  reconnectIntervalMs,
  refreshMarginMs,
  type AuthEvent,
  type TokenResult,
} from '../../../machines/auth/auth.machine'
import { ignoredWhenAnonymous, settledView, startView } from '../../../src/app/session/authHandle'
import { settle, start, token } from './authHarness'

describe('auth machine', () => {
  it('is starting until the token endpoint answers', async () => {
    const { status } = start([token()])
    expect(status()).toBe('starting')
    await settle()
    expect(status()).toBe('authenticated')
  })

  it('is resuming while a remembered user starts, so their local data shows before the token comes', async () => {
    const { status } = start([token('u1')], 'u1')
    expect(status()).toBe('resuming')
    await settle()
    expect(status()).toBe('authenticated')
  })

  it('sends a resumed screen home when the session turns out to have ended', async () => {
    const { status, effects } = start([{ kind: 'none' }], 'u1')
    expect(status()).toBe('resuming')
    await settle()
    expect(status()).toBe('anonymous')
    expect(effects.noteSessionEnded).toHaveBeenCalledWith('u1')
    expect(effects.goHome).toHaveBeenCalledTimes(1)
  })

  it('keeps the token in context and remembers the user', async () => {
    const { actor, effects } = start([token('u7')])
    await settle()
    expect(actor.getSnapshot().context).toMatchObject({ token: 't-u7', userId: 'u7', expiresIn: 300 })
    expect(effects.rememberUser).toHaveBeenCalledWith('u7')
  })

  it('is anonymous without a session, and forgets a remembered user but not their unsent commands', async () => {
    const { status, effects, actor } = start([{ kind: 'none' }], 'u1')
    await settle()
    expect(status()).toBe('anonymous')
    expect(effects.clearLocalData).toHaveBeenCalledWith('u1', true)
    expect(actor.getSnapshot().context.userId).toBeNull()
  })

  it('refreshes 30 s before expiry, and not earlier', async () => {
    const { clock, fetchToken, actor } = start([token('u1', 120, 'first'), token('u1', 120, 'second')])
    await settle()
    clock.increment(120_000 - refreshMarginMs - 1)
    await settle()
    expect(fetchToken).toHaveBeenCalledTimes(1)
    clock.increment(1)
    await settle()
    expect(fetchToken).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().context.token).toBe('second')
  })

  it('schedules the next refresh from the new token', async () => {
    const { clock, fetchToken } = start([token('u1', 60), token('u1', 60), token('u1', 60)])
    await settle()
    clock.increment(30_000)
    await settle()
    clock.increment(30_000)
    await settle()
    expect(fetchToken).toHaveBeenCalledTimes(3)
  })

  it('expires when a refresh returns no token: signs out, clears data, goes home', async () => {
    const { clock, effects, status } = start([token('u1', 60), { kind: 'none' }])
    await settle()
    clock.increment(30_000)
    await settle()
    expect(status()).toBe('anonymous')
    expect(effects.clearLocalData).toHaveBeenCalledWith('u1', true)
    expect(effects.noteSessionEnded).toHaveBeenCalledWith('u1')
    expect(effects.goHome).toHaveBeenCalledTimes(1)
  })

  it('ignores a 401 while offline: local data stays readable', async () => {
    const { actor, effects, status } = start([{ kind: 'unreachable' }], 'u1')
    await settle()
    actor.send({ type: 'auth.unauthorized' })
    expect(status()).toBe('offline')
    expect(effects.clearLocalData).not.toHaveBeenCalled()
  })

  it('expires a token that outlives its refresh', async () => {
    const { clock, status, effects } = start([token('u1', 60), 'hang'])
    await settle()
    clock.increment(30_000)
    await settle()
    expect(status()).toBe('authenticated')
    clock.increment(30_000)
    await settle()
    expect(status()).toBe('anonymous')
    expect(effects.goHome).toHaveBeenCalled()
  })

  it('starts offline with a remembered user when the server cannot be reached', async () => {
    const { actor, status, effects } = start([{ kind: 'unreachable' }], 'u9')
    await settle()
    expect(status()).toBe('offline')
    expect(actor.getSnapshot().context).toMatchObject({ userId: 'u9', token: null })
    expect(effects.clearLocalData).not.toHaveBeenCalled()
  })

  it('treats a failing token fetch like an unreachable server', async () => {
    const { status } = start([], 'u9')
    await settle()
    expect(status()).toBe('offline')
  })

  it('starts anonymous offline when nobody is remembered, and checks again when back online', async () => {
    const { actor, status, fetchToken } = start([{ kind: 'unreachable' }, token('u2')])
    await settle()
    expect(status()).toBe('anonymous')
    actor.send({ type: 'auth.online' })
    await settle()
    expect(fetchToken).toHaveBeenCalledTimes(2)
    expect(status()).toBe('authenticated')
  })

  it('fetches a token when back online', async () => {
    const { actor, status } = start([{ kind: 'unreachable' }, token('u1')], 'u1')
    await settle()
    actor.send({ type: 'auth.online' })
    await settle()
    expect(status()).toBe('authenticated')
    expect(actor.getSnapshot().context.token).toBe('t-u1')
  })

  it('says it is reconnecting while the token asked for on the way back online is under way', async () => {
    const { actor, status } = start([token('u1'), { kind: 'unreachable' }, token('u1')])
    await settle()
    actor.send({ type: 'auth.offline' })
    actor.send({ type: 'auth.online' })
    expect(status()).toBe('reconnecting')
    await settle()
    expect(status()).toBe('offline')
    actor.send({ type: 'auth.online' })
    expect(status()).toBe('reconnecting')
    await settle()
    expect(status()).toBe('authenticated')
  })

  it('keeps trying an unreachable server while offline', async () => {
    const { clock, status, fetchToken } = start(
      [{ kind: 'unreachable' }, { kind: 'unreachable' }, token('u1')],
      'u1',
    )
    await settle()
    clock.increment(reconnectIntervalMs)
    await settle()
    expect(status()).toBe('offline')
    clock.increment(reconnectIntervalMs)
    await settle()
    expect(fetchToken).toHaveBeenCalledTimes(3)
    expect(status()).toBe('authenticated')
  })

  it('goes offline when the network drops, and expires if the session ended meanwhile', async () => {
    const { actor, status, effects } = start([token('u1'), { kind: 'none' }])
    await settle()
    actor.send({ type: 'auth.offline' })
    expect(status()).toBe('offline')
    expect(actor.getSnapshot().context.token).toBeNull()
    actor.send({ type: 'auth.online' })
    await settle()
    expect(status()).toBe('anonymous')
    expect(effects.clearLocalData).toHaveBeenCalledWith('u1', true)
  })

  it('goes offline when a refresh cannot reach the server', async () => {
    const { clock, status } = start([token('u1', 60), { kind: 'unreachable' }])
    await settle()
    clock.increment(30_000)
    await settle()
    expect(status()).toBe('offline')
  })

  it('logs out: clears local data with the outbox, then navigates to the logout page', async () => {
    const { actor, effects } = start([token('u1')])
    await settle()
    actor.send({ type: 'auth.logout' })
    expect(effects.clearLocalData).toHaveBeenCalledWith('u1', false)
    expect(effects.navigateToLogout).toHaveBeenCalledTimes(1)
    // The user ended it: no "your session has ended" for them.
    expect(effects.noteSessionEnded).not.toHaveBeenCalled()
    expect(effects.clearLocalData.mock.invocationCallOrder[0]!).toBeLessThan(
      effects.navigateToLogout.mock.invocationCallOrder[0]!,
    )
    expect(actor.getSnapshot().context.token).toBeNull()
  })

  it('logs out once, however often it is asked', async () => {
    const { actor, effects } = start([token('u1')])
    await settle()
    actor.send({ type: 'auth.logout' })
    actor.send({ type: 'auth.logout' })
    expect(effects.navigateToLogout).toHaveBeenCalledTimes(1)
  })

  it('starts a login only from anonymous', async () => {
    const anonymous = start([{ kind: 'none' }])
    await settle()
    anonymous.actor.send({ type: 'auth.login' })
    expect(anonymous.effects.navigateToLogin).toHaveBeenCalledTimes(1)
    const signedIn = start([token()])
    await settle()
    signedIn.actor.send({ type: 'auth.login' })
    expect(signedIn.effects.navigateToLogin).not.toHaveBeenCalled()
  })

  it('forgets local data for the logged-out page', async () => {
    const { actor, effects, status } = start([{ kind: 'unreachable' }], 'u3')
    await settle()
    actor.send({ type: 'auth.clear' })
    expect(effects.clearLocalData).toHaveBeenCalledWith('u3', true)
    expect(status()).toBe('anonymous')
    expect(actor.getSnapshot().context.lastUserId).toBeNull()
  })

  it('ignores the events the auth handle does not pass on while anonymous', async () => {
    const { actor, effects, fetchToken } = start([{ kind: 'none' }])
    await settle()
    const before = actor.getSnapshot()
    for (const effect of Object.values(effects)) effect.mockClear()
    const samples: AuthEvent[] = [
      { type: 'auth.online' },
      { type: 'auth.offline' },
      { type: 'auth.unauthorized', token: null },
    ]
    expect(new Set(samples.map((event) => event.type))).toEqual(ignoredWhenAnonymous)
    for (const event of samples) actor.send(event)
    await settle()
    expect(actor.getSnapshot().value).toEqual(before.value)
    expect(actor.getSnapshot().context).toEqual(before.context)
    expect(fetchToken).toHaveBeenCalledTimes(1)
    for (const effect of Object.values(effects)) expect(effect).not.toHaveBeenCalled()
  })

  it('settles its start where the auth handle says it does, with no local data to forget there', async () => {
    const answers: TokenResult[] = [token('u5'), { kind: 'none' }, { kind: 'unreachable' }]
    for (const lastUserId of [null, 'u4']) {
      for (const answer of answers) {
        const { actor, effects } = start([answer], lastUserId)
        expect(authStatus(actor.getSnapshot())).toBe(startView(lastUserId).status)
        await settle()
        const predicted = settledView(lastUserId, answer)
        if (!predicted) continue
        const { context } = actor.getSnapshot()
        expect({
          status: authStatus(actor.getSnapshot()),
          userId: context.userId,
          token: context.token,
        }).toEqual(predicted)
        for (const [userId] of effects.clearLocalData.mock.calls) expect(userId).toBeNull()
      }
    }
  })
})
