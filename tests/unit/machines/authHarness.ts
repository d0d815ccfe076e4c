import { vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import { authMachine, authStatus, type TokenResult } from '../../../machines/auth/auth.machine'

export const token = (userId = 'u1', expiresIn = 300, value = `t-${userId}`): TokenResult => ({
  kind: 'token',
  token: value,
  expiresIn,
  userId,
  sessionEndsIn: 3600,
})

/** Starts the machine with a scripted token endpoint and spies for every side effect. */
export function start(results: (TokenResult | 'hang')[], lastUserId: string | null = null) {
  const clock = new SimulatedClock()
  const fetchToken = vi.fn(async (): Promise<TokenResult> => {
    const next = results.shift()
    if (!next) throw new Error('no more scripted answers')
    return next === 'hang' ? new Promise<never>(() => {}) : next
  })
  const effects = {
    rememberUser: vi.fn(),
    clearLocalData: vi.fn(),
    noteSessionEnded: vi.fn(),
    goHome: vi.fn(),
    navigateToLogin: vi.fn(),
    navigateToLogout: vi.fn(),
  }
  const machine = authMachine.provide({
    actors: { fetchToken: fromPromise(fetchToken) },
    actions: {
      rememberUser: (_, params) => effects.rememberUser(params.userId),
      clearLocalData: (_, params) => effects.clearLocalData(params.userId, params.keepWork),
      noteSessionEnded: (_, params) => effects.noteSessionEnded(params.userId),
      goHome: effects.goHome,
      navigateToLogin: effects.navigateToLogin,
      navigateToLogout: effects.navigateToLogout,
    },
  })
  const actor = createActor(machine, { clock, input: { lastUserId } }).start()
  return { actor, clock, fetchToken, effects, status: () => authStatus(actor.getSnapshot()) }
}

/** Lets the promise actors settle. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
