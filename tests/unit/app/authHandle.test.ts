import { describe, expect, it, vi } from 'vitest'
import type { TokenResult } from '../../../machines/auth/auth.machine'
import { createAuthActor } from '../../../src/app/effects/actors'
import { createAuthHandle, type AuthView } from '../../../src/app/session/authHandle'
import { settle, token } from '../machines/authHarness'

/** A handle over the real auth actor, with spies for its effects and for loading the actor's chunk. */
function handleFor(firstToken: Promise<TokenResult>, options: { lastUserId?: string } = {}) {
  const effects = {
    rememberUser: vi.fn(),
    clearLocalData: vi.fn(),
    noteSessionEnded: vi.fn(),
    goHome: vi.fn(),
    navigateToLogin: vi.fn(),
    navigateToLogout: vi.fn(),
  }
  const fetchToken = vi.fn(async (): Promise<TokenResult> => ({ kind: 'none' }))
  const attach = vi.fn(async () =>
    createAuthActor({ lastUserId: options.lastUserId ?? null, firstToken, fetchToken, effects }),
  )
  /** Tasks left for the page's idle time; `idle()` runs them. */
  const idleTasks: (() => void)[] = []
  const handle = createAuthHandle({
    firstToken,
    lastUserId: options.lastUserId ?? null,
    whenIdle: (task) => void idleTasks.push(task),
    attach,
  })
  const seen: AuthView['status'][] = []
  handle.subscribe(() => seen.push(handle.view().status))
  const idle = () => idleTasks.splice(0).forEach((task) => task())
  return { handle, effects, fetchToken, attach, seen, idle }
}

describe('the auth handle', () => {
  it('says anonymous without loading the machine when there is no session and nobody is remembered', async () => {
    const { handle, attach } = handleFor(Promise.resolve({ kind: 'none' }))
    expect(handle.view().status).toBe('starting')
    await settle()
    expect(handle.view()).toEqual({ status: 'anonymous', userId: null, token: null })
    handle.send({ type: 'auth.online' })
    handle.send({ type: 'auth.offline' })
    handle.send({ type: 'auth.unauthorized', token: null })
    await settle()
    expect(attach).not.toHaveBeenCalled()
  })

  it('loads the machine for a login, which it gets once the machine is anonymous too', async () => {
    const { handle, attach, effects, fetchToken, seen } = handleFor(Promise.resolve({ kind: 'none' }))
    await settle()
    handle.send({ type: 'auth.login' })
    await settle()
    expect(attach).toHaveBeenCalledTimes(1)
    expect(effects.navigateToLogin).toHaveBeenCalledTimes(1)
    // The machine replayed the start from the same answer, without asking again or showing the spinner again.
    expect(fetchToken).not.toHaveBeenCalled()
    expect(seen).toEqual(['anonymous'])
    handle.send({ type: 'auth.login' })
    expect(effects.navigateToLogin).toHaveBeenCalledTimes(2)
  })

  it('says a signed-in answer at once and runs the machine on it once the page is idle', async () => {
    const { handle, attach, effects, fetchToken, seen, idle } = handleFor(Promise.resolve(token('u1')), {
      lastUserId: 'u1',
    })
    // A remembered user's start is `resuming` (their local data shows) until the answer settles it.
    expect(handle.view().status).toBe('resuming')
    await settle()
    expect(handle.view()).toEqual({ status: 'authenticated', userId: 'u1', token: 't-u1' })
    expect(attach).not.toHaveBeenCalled()
    idle()
    await settle()
    expect(attach).toHaveBeenCalledTimes(1)
    expect(effects.rememberUser).toHaveBeenCalledWith('u1')
    expect(fetchToken).not.toHaveBeenCalled()
    expect(seen).toEqual(['authenticated'])
  })

  it('says a remembered user is resuming, and where the answer settles it, before the machine has loaded', async () => {
    let load: () => void = () => {}
    const loaded = new Promise<void>((resolve) => (load = resolve))
    const offline = handleFor(Promise.resolve({ kind: 'unreachable' }), { lastUserId: 'u1' })
    const signedIn = handleFor(Promise.resolve(token('u2')))
    for (const { attach } of [offline, signedIn]) {
      const create = attach.getMockImplementation()!
      attach.mockImplementation(() => loaded.then(create))
    }
    expect(offline.handle.view().status).toBe('resuming')
    await settle()
    expect(offline.handle.view()).toEqual({ status: 'offline', userId: 'u1', token: null })
    expect(signedIn.handle.view()).toEqual({ status: 'authenticated', userId: 'u2', token: 't-u2' })
    // A logout meanwhile waits for the machine, which replays the start without going back to it.
    signedIn.handle.send({ type: 'auth.logout' })
    load()
    await settle()
    expect(signedIn.effects.rememberUser).toHaveBeenCalledWith('u2')
    expect(signedIn.effects.navigateToLogout).toHaveBeenCalledTimes(1)
    expect(signedIn.seen).toEqual(['authenticated', 'anonymous'])
    offline.idle()
    await settle()
    expect(offline.attach).toHaveBeenCalledTimes(1)
    expect(offline.seen).toEqual(['offline'])
  })

  it('runs the machine for any answer but "no session"', async () => {
    const signedIn = handleFor(Promise.resolve(token('u2')))
    const unreachable = handleFor(Promise.resolve({ kind: 'unreachable' }))
    await settle()
    expect(signedIn.handle.view().status).toBe('authenticated')
    expect(unreachable.handle.view().status).toBe('anonymous')
    // Only the machine keeps trying an unreachable server: it loads at once, not when the page is idle.
    expect(unreachable.attach).toHaveBeenCalledTimes(1)
    signedIn.idle()
    expect(signedIn.attach).toHaveBeenCalledTimes(1)
  })

  it('gives an event sent while starting to the machine while it is starting', async () => {
    let answer: (result: TokenResult) => void = () => {}
    const { handle, effects } = handleFor(new Promise((resolve) => (answer = resolve)))
    handle.send({ type: 'auth.clear' })
    await settle()
    expect(effects.clearLocalData).toHaveBeenCalledWith(null, true)
    expect(handle.view().status).toBe('anonymous')
    // The start was left for the clear: its late answer changes nothing.
    answer(token('u1'))
    await settle()
    expect(handle.view().status).toBe('anonymous')
  })

  it('tries again with the next event when the machine’s chunk did not load', async () => {
    const { handle, attach, effects } = handleFor(Promise.resolve({ kind: 'none' }))
    await settle()
    const loaded = attach.getMockImplementation()!
    attach.mockImplementationOnce(() => Promise.reject(new Error('offline')))
    vi.spyOn(console, 'error').mockImplementationOnce(() => {})
    handle.send({ type: 'auth.login' })
    await settle()
    expect(effects.navigateToLogin).not.toHaveBeenCalled()
    attach.mockImplementation(loaded)
    handle.send({ type: 'auth.login' })
    await settle()
    // Both clicks reach the machine, in order.
    expect(effects.navigateToLogin).toHaveBeenCalledTimes(2)
  })
})
