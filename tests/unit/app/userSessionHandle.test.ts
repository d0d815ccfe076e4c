import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import type { AuthView } from '../../../machines/auth/auth.machine'
import type { SessionInput } from '../../../machines/userSession/userSession.machine'
import { createUserSessionActor, type UserSessionEffects } from '../../../src/app/effects/userSessionActor'
import { SessionStore, type UserSession } from '../../../src/app/session/session'
import { createUserSessionHandle } from '../../../src/app/session/userSessionHandle'
import { settle } from '../machines/authHarness'

function fakeSession(userId: string) {
  return { userId, sync: { setToken: vi.fn() }, close: vi.fn() } as unknown as UserSession & {
    sync: { setToken: ReturnType<typeof vi.fn> }
    close: ReturnType<typeof vi.fn>
  }
}

/** A handle over the real machine, with sessions that open when told and spies for the other effects. */
function handleFor(lastUserId: string | null = null) {
  const sessions = new SessionStore()
  const openings: { input: SessionInput; open(): void; session: ReturnType<typeof fakeSession> }[] = []
  const effects: UserSessionEffects = {
    openSession: vi.fn((input: SessionInput, signal: AbortSignal) => {
      const session = fakeSession(input.userId)
      return new Promise<UserSession | null>((resolve) =>
        openings.push({ input, session, open: () => resolve(signal.aborted ? null : session) }),
      )
    }),
    land: vi.fn(),
    logOut: vi.fn(),
    leave: vi.fn(),
  }
  const attach = vi.fn(async () =>
    createUserSessionActor({
      input: { lastUserId, adopted: lastUserId !== null, login: null },
      tenantId: 'demo',
      sessions,
      effects,
    }),
  )
  const pushToken = vi.fn()
  const handle = createUserSessionHandle({ lastUserId, adopted: lastUserId !== null, pushToken, attach })
  const view = (status: AuthView['status'], userId: string | null = null, token: string | null = null) =>
    handle.send({ type: 'auth.changed', view: { status, userId, token } })
  return { handle, effects, sessions, openings, attach, view, pushToken }
}

describe('the user session handle', () => {
  it('loads no machine for an anonymous visit, even one that clears nobody’s data', async () => {
    const { attach, handle, view } = handleFor()
    view('anonymous')
    handle.send({ type: 'session.clear', userId: null, keepWork: true })
    await settle()
    expect(attach).not.toHaveBeenCalled()
  })

  it('loads no machine for a remembered user’s offline start: the session opened at start serves it', async () => {
    const { attach, view, pushToken } = handleFor('u1')
    view('offline', 'u1')
    await settle()
    expect(attach).not.toHaveBeenCalled()
    expect(pushToken).not.toHaveBeenCalled()
  })

  it('gives the session opened at start its tokens itself while the same user stays, loading no machine', async () => {
    const { attach, handle, view, pushToken } = handleFor('u1')
    view('authenticated', 'u1', 't1')
    handle.send({ type: 'session.remember', userId: 'u1' })
    view('offline', 'u1')
    view('authenticated', 'u1', 't2')
    await settle()
    expect(attach).not.toHaveBeenCalled()
    expect(pushToken.mock.calls).toEqual([['t1'], ['t2']])
  })

  it('has the machine take over the session opened at start with the latest token once it must load', async () => {
    const { handle, view, openings, sessions, pushToken } = handleFor('u1')
    view('authenticated', 'u1', 't1')
    view('authenticated', 'u1', 't2')
    handle.send({ type: 'logout.request' })
    await settle()
    expect(openings.map(({ input }) => input)).toEqual([{ userId: 'u1', token: null, mayHaveData: true }])
    openings[0]!.open()
    await settle()
    expect(openings[0]!.session.sync.setToken).toHaveBeenLastCalledWith('t2')
    expect(sessions.getState().session).toBe(openings[0]!.session)
    // From now on the machine gives the tokens.
    view('authenticated', 'u1', 't3')
    expect(openings[0]!.session.sync.setToken).toHaveBeenLastCalledWith('t3')
    expect(pushToken).toHaveBeenCalledTimes(2)
  })

  it('loads the machine at once for another user than the one remembered', async () => {
    const { attach, view, openings } = handleFor('u1')
    view('authenticated', 'u2', 't1')
    await settle()
    expect(attach).toHaveBeenCalledTimes(1)
    openings[0]?.open()
    await settle()
    expect(openings.at(-1)?.input).toEqual({ userId: 'u2', token: 't1', mayHaveData: false })
  })

  it('loads the machine at once for a user whose session must open, which opens it', async () => {
    const { attach, view, openings, sessions } = handleFor()
    view('authenticated', 'u2', 't1')
    await settle()
    expect(attach).toHaveBeenCalledTimes(1)
    expect(openings.map(({ input }) => input)).toEqual([{ userId: 'u2', token: 't1', mayHaveData: false }])
    openings[0]!.open()
    await settle()
    expect(sessions.getState().session).toBe(openings[0]!.session)
    // The token it opened with stays its token.
    expect(openings[0]!.session.sync.setToken).toHaveBeenLastCalledWith('t1')
  })

  it('closes a session that opens only after the machine let it go, and shows none', async () => {
    const { view, openings, sessions } = handleFor()
    view('authenticated', 'u1', 't1')
    await settle()
    view('anonymous')
    openings[0]!.open()
    await settle()
    expect(sessions.getState().session).toBeNull()
    expect(openings).toHaveLength(1)
  })

  it('gives the machine the events sent while it loaded, in order', async () => {
    const { handle, effects, view, openings } = handleFor('u1')
    handle.send({ type: 'session.clear', userId: 'u1', keepWork: false })
    view('anonymous')
    handle.send({ type: 'session.leave' })
    await settle()
    expect(openings.map(({ input }) => input.userId)).toEqual(['u1'])
    await vi.waitFor(() => expect(effects.leave).toHaveBeenCalledTimes(1))
  })

  it('shows the logout question while commands wait', async () => {
    const { handle, sessions } = handleFor()
    const outbox = { countWaiting: async () => 3 }
    sessions.setSession({ ...fakeSession('u1'), db: {}, outbox } as unknown as UserSession)
    const changed = vi.fn()
    handle.subscribe(changed)
    handle.send({ type: 'logout.request' })
    await settle()
    expect(handle.waiting()).toBe(3)
    expect(changed).toHaveBeenCalled()
    handle.send({ type: 'logout.cancel' })
    expect(handle.waiting()).toBeNull()
  })

  it('tries again with the next event when the machine’s chunk did not load, keeping the first', async () => {
    const { handle, attach, effects, openings, view } = handleFor()
    attach.mockImplementationOnce(() => Promise.reject(new Error('offline')))
    vi.spyOn(console, 'error').mockImplementationOnce(() => {})
    handle.send({ type: 'session.leave' })
    await settle()
    expect(effects.leave).not.toHaveBeenCalled()
    view('authenticated', 'u2', 't1')
    await settle()
    expect(attach).toHaveBeenCalledTimes(2)
    expect(effects.leave).toHaveBeenCalledTimes(1)
    expect(openings.map(({ input }) => input.userId)).toEqual(['u2'])
  })
})
