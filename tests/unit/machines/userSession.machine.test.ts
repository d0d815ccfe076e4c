import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import type { AuthStatus } from '../../../machines/auth/auth.machine'
import {
  clearingTimeoutMs,
  userSessionMachine,
  type ForgetRequest,
  type SessionInput,
  type UserSessionInput,
} from '../../../machines/userSession/userSession.machine'
import { settle } from './authHarness'

interface FakeSession extends SessionInput {
  /** Tokens pushed to it after it opened. */
  pushed: (string | null)[]
  closed: boolean
}

/** Starts the machine with fake sessions, a deletion that finishes when told, and spies for every effect. */
function start(input: Partial<UserSessionInput> = {}, waiting: () => Promise<number> = async () => 0) {
  const clock = new SimulatedClock()
  const sessions: FakeSession[] = []
  const deletions: { request: ForgetRequest; finish(): void }[] = []
  const effects = {
    storeRemembered: vi.fn(),
    endLogin: vi.fn(),
    land: vi.fn(),
    logOut: vi.fn(),
    leave: vi.fn(),
  }
  const countWaiting = vi.fn(waiting)
  const machine = userSessionMachine.provide({
    actors: {
      userSession: fromPromise<void, SessionInput>(({ input, signal }) => {
        const session: FakeSession = { ...input, pushed: [], closed: false }
        sessions.push(session)
        return new Promise<void>((closed) =>
          signal.addEventListener('abort', () => {
            session.closed = true
            closed()
          }),
        )
      }),
      forgetUserData: fromPromise<void, ForgetRequest>(
        ({ input: request }) => new Promise<void>((finish) => deletions.push({ request, finish })),
      ),
      countWaiting: fromPromise(countWaiting),
    },
    actions: {
      pushToken: (_, { token }) => sessions.at(-1)?.pushed.push(token),
      storeRemembered: (_, { userId }) => effects.storeRemembered(userId),
      endLogin: effects.endLogin,
      land: (_, { redirect }) => effects.land(redirect),
      logOut: effects.logOut,
      leave: (_, { leaveTo }) => effects.leave(leaveTo),
    },
  })
  const actor = createActor(machine, {
    clock,
    input: { lastUserId: null, adopted: false, login: null, ...input },
  }).start()
  const view = (status: AuthStatus, userId: string | null = null, token: string | null = null) =>
    actor.send({ type: 'auth.changed', view: { status, userId, token } })
  const open = () => sessions.filter((session) => !session.closed)
  const waitingQuestion = () => actor.getSnapshot().context.waiting
  return { actor, clock, sessions, open, deletions, effects, countWaiting, view, waitingQuestion }
}

describe('user session machine: the session follows the auth view', () => {
  it('takes over the remembered user’s session opened at start, without opening another', () => {
    const { sessions, view } = start({ lastUserId: 'u1', adopted: true })
    expect(sessions).toEqual([{ userId: 'u1', token: null, mayHaveData: true, pushed: [], closed: false }])
    view('resuming')
    view('offline', 'u1')
    expect(sessions).toHaveLength(1)
  })

  it('opens nothing while nobody is known, and a new user’s session with their token', () => {
    const { sessions, open, view } = start({ lastUserId: 'u1' })
    view('starting')
    view('anonymous')
    expect(sessions).toEqual([])
    view('authenticated', 'u2', 't1')
    expect(open()).toMatchObject([{ userId: 'u2', token: 't1', mayHaveData: false }])
  })

  it('opens the remembered user’s session while resuming, as the one that may have data stored', () => {
    const { open, view } = start({ lastUserId: 'u1' })
    view('resuming')
    expect(open()).toMatchObject([{ userId: 'u1', token: null, mayHaveData: true }])
  })

  it('pushes each new token to the open session, and keeps it open for the same user', () => {
    const { sessions, view } = start({ lastUserId: 'u1', adopted: true })
    view('authenticated', 'u1', 't1')
    view('authenticated', 'u1', 't1')
    view('offline', 'u1')
    view('authenticated', 'u1', 't2')
    expect(sessions).toHaveLength(1)
    expect(sessions[0]!.pushed).toEqual(['t1', null, 't2'])
  })

  it('closes one user’s session before opening the next one’s, and closes it when nobody is known', () => {
    const { sessions, open, view } = start()
    view('authenticated', 'u1', 't1')
    view('authenticated', 'u2', 't2')
    expect(sessions.map(({ userId, closed }) => [userId, closed])).toEqual([
      ['u1', true],
      ['u2', false],
    ])
    expect(open()[0]).toMatchObject({ token: 't2', pushed: [] })
    view('anonymous')
    expect(open()).toEqual([])
  })

  it('closes the session when the auth machine clears the local data', () => {
    const { open, actor } = start({ lastUserId: 'u1', adopted: true })
    actor.send({ type: 'session.clear', userId: 'u1', keepWork: true })
    expect(open()).toEqual([])
  })
})

describe('user session machine: forgetting local data', () => {
  it('forgets the previous user’s data but not their commands when another signs in, and remembers the new one', () => {
    const { actor, deletions, effects } = start({ lastUserId: 'u1' })
    actor.send({ type: 'session.remember', userId: 'u2' })
    expect(deletions.map(({ request }) => request)).toEqual([{ userId: 'u1', keepWork: true, endPush: true }])
    expect(effects.storeRemembered).toHaveBeenCalledWith('u2')
  })

  it('forgets nothing when the same user signs in again, however often', () => {
    const { actor, deletions, effects } = start({ lastUserId: 'u1' })
    actor.send({ type: 'session.remember', userId: 'u1' })
    actor.send({ type: 'session.remember', userId: 'u1' })
    expect(deletions).toEqual([])
    expect(effects.storeRemembered).toHaveBeenCalledTimes(2)
  })

  it('forgets the cleared user as asked, remembers nobody, and then forgets nobody at the next sign-in', () => {
    const { actor, deletions, effects } = start({ lastUserId: 'u1' })
    actor.send({ type: 'session.clear', userId: 'u1', keepWork: false })
    expect(effects.storeRemembered).toHaveBeenCalledWith(null)
    actor.send({ type: 'session.remember', userId: 'u2' })
    expect(deletions.map(({ request }) => request)).toEqual([
      { userId: 'u1', keepWork: false, endPush: true },
    ])
  })

  it('keeps the device’s push subscription when a session merely ended, and ends it at a logout', () => {
    const { actor, deletions } = start({ lastUserId: 'u1' })
    actor.send({ type: 'session.clear', userId: 'u1', keepWork: true })
    expect(deletions.map(({ request }) => request.endPush)).toEqual([false])
  })

  it('clears without a user forgets no data', () => {
    const { actor, deletions, effects } = start()
    actor.send({ type: 'session.clear', userId: null, keepWork: true })
    expect(deletions).toEqual([])
    expect(effects.storeRemembered).toHaveBeenCalledWith(null)
  })

  it('deletes one user’s data at a time, in order', async () => {
    const { actor, deletions } = start({ lastUserId: 'u1' })
    actor.send({ type: 'session.remember', userId: 'u2' })
    actor.send({ type: 'session.clear', userId: 'u2', keepWork: true })
    expect(deletions.map(({ request }) => request.userId)).toEqual(['u1'])
    deletions[0]!.finish()
    await settle()
    expect(deletions.map(({ request }) => request.userId)).toEqual(['u1', 'u2'])
  })
})

describe('user session machine: leaving for the server’s logout', () => {
  it('leaves once the data is deleted', async () => {
    const { actor, deletions, effects } = start({ lastUserId: 'u1', adopted: true })
    actor.send({ type: 'session.clear', userId: 'u1', keepWork: false })
    actor.send({ type: 'session.leave' })
    expect(effects.leave).not.toHaveBeenCalled()
    deletions[0]!.finish()
    await settle()
    expect(effects.leave).toHaveBeenCalledTimes(1)
  })

  it('leaves at once with nothing to delete, and only once', () => {
    const { actor, effects } = start()
    actor.send({ type: 'session.leave' })
    actor.send({ type: 'session.leave' })
    expect(effects.leave).toHaveBeenCalledTimes(1)
  })

  it('leaves after the clearing timeout when the deletion hangs', () => {
    const { actor, clock, effects } = start({ lastUserId: 'u1', adopted: true })
    actor.send({ type: 'session.clear', userId: 'u1', keepWork: false })
    actor.send({ type: 'session.leave' })
    clock.increment(clearingTimeoutMs - 1)
    expect(effects.leave).not.toHaveBeenCalled()
    clock.increment(1)
    expect(effects.leave).toHaveBeenCalledTimes(1)
  })
})

describe('user session machine: a logout with commands waiting', () => {
  it('logs out at once when nothing waits', async () => {
    const { actor, effects, waitingQuestion } = start({}, async () => 0)
    actor.send({ type: 'logout.request' })
    await settle()
    expect(effects.logOut).toHaveBeenCalledTimes(1)
    expect(waitingQuestion()).toBeNull()
  })

  it('asks first when commands wait, and logs out anyway when confirmed', async () => {
    const { actor, effects, waitingQuestion } = start({}, async () => 2)
    actor.send({ type: 'logout.request' })
    await settle()
    expect(effects.logOut).not.toHaveBeenCalled()
    expect(actor.getSnapshot().matches({ logout: 'confirming' })).toBe(true)
    expect(waitingQuestion()).toBe(2)
    actor.send({ type: 'logout.confirm' })
    expect(effects.logOut).toHaveBeenCalledTimes(1)
    expect(waitingQuestion()).toBeNull()
  })

  it('stays signed in when the question is cancelled, and counts again at the next logout', async () => {
    const { actor, effects, countWaiting, waitingQuestion } = start({}, async () => 1)
    actor.send({ type: 'logout.request' })
    await settle()
    actor.send({ type: 'logout.cancel' })
    expect(waitingQuestion()).toBeNull()
    expect(effects.logOut).not.toHaveBeenCalled()
    actor.send({ type: 'logout.request' })
    await settle()
    expect(countWaiting).toHaveBeenCalledTimes(2)
    expect(waitingQuestion()).toBe(1)
  })

  it('leaves for the page a logout names, and a later plain logout for the logout form', async () => {
    const { actor, effects } = start({}, async () => 1)
    const page = '/logoutandacceptinvite?code=abc&locale=fi'
    actor.send({ type: 'logout.request', leaveTo: page })
    await settle()
    actor.send({ type: 'logout.confirm' })
    actor.send({ type: 'session.leave' })
    expect(effects.leave).toHaveBeenCalledWith(page)

    const again = start({}, async () => 1)
    again.actor.send({ type: 'logout.request', leaveTo: page })
    await settle()
    again.actor.send({ type: 'logout.cancel' })
    again.actor.send({ type: 'logout.request' })
    await settle()
    again.actor.send({ type: 'logout.confirm' })
    again.actor.send({ type: 'session.leave' })
    expect(again.effects.leave).toHaveBeenCalledWith(null)
  })

  it('does not block a logout on a count that failed', async () => {
    const { actor, effects } = start({}, () => Promise.reject(new Error('closed')))
    actor.send({ type: 'logout.request' })
    await settle()
    expect(effects.logOut).toHaveBeenCalledTimes(1)
  })
})

describe('user session machine: the landing after a login', () => {
  it('lands once, at the first signed-in view after the start', () => {
    const { effects, view } = start({ lastUserId: 'u1', adopted: true, login: { redirect: '/trips' } })
    view('resuming')
    expect(effects.land).not.toHaveBeenCalled()
    view('authenticated', 'u1', 't1')
    view('offline', 'u1')
    view('authenticated', 'u1', 't2')
    expect(effects.land).toHaveBeenCalledTimes(1)
    expect(effects.land).toHaveBeenCalledWith('/trips')
    expect(effects.endLogin).toHaveBeenCalledTimes(1)
  })

  it('forgets the login without landing when the start settles signed out', () => {
    const { effects, view } = start({ login: { redirect: null } })
    view('starting')
    view('anonymous')
    view('authenticated', 'u1', 't1')
    expect(effects.endLogin).toHaveBeenCalledTimes(1)
    expect(effects.land).not.toHaveBeenCalled()
  })

  it('does nothing without a login to return from', () => {
    const { effects, view } = start()
    view('authenticated', 'u1', 't1')
    expect(effects.endLogin).not.toHaveBeenCalled()
    expect(effects.land).not.toHaveBeenCalled()
  })
})
