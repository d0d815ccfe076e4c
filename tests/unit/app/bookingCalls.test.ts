import { describe, expect, it, vi } from 'vitest'
import { createActor, toPromise, type AnyActorLogic } from 'xstate'
import type { ApiClient } from '../../../src/api/client'
import { ApiRequestError } from '../../../src/api/errors'
import { bookingEffects } from '../../../src/app/effects/bookingCalls'
import type { AuthHandle, AuthView } from '../../../src/app/session/authHandle'
import type { Platform } from '../../../src/app/platform'

const request = { transportationPermissionId: 'q1' } as never

const signedIn: AuthView = { status: 'authenticated', userId: 'u1', token: 't1' }

/** An auth handle whose view the test changes. */
function authWith(initial: AuthView) {
  let view = initial
  const listeners = new Set<() => void>()
  const auth: AuthHandle = {
    view: () => view,
    send: vi.fn(),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const change = (next: AuthView) => {
    view = next
    listeners.forEach((listener) => listener())
  }
  return { auth, change }
}

function effects(
  api: Platform['api'] = () => Promise.resolve({ call } as unknown as ApiClient),
  auth: AuthHandle = authWith(signedIn).auth,
) {
  const pullNow = vi.fn(() => Promise.resolve())
  const sessions = { getState: () => ({ session: { sync: { pullNow } } }) } as unknown as Platform['sessions']
  return { ...bookingEffects({ api, auth, sessions, locale: 'sv' }), pullNow }
}
const call = vi.fn((..._args: unknown[]) => Promise.resolve('answer'))

function run(logic: unknown, input: unknown) {
  return toPromise(createActor(logic as AnyActorLogic, { input }).start())
}

describe("the booking machine's calls", () => {
  it('sends the booking with its idempotency key, asking for a refusal in the portal language', async () => {
    const { actors } = effects()
    await expect(run(actors!.createBooking, { key: 'key-1', request })).resolves.toBe('answer')
    expect(call).toHaveBeenLastCalledWith('createBooking', {
      body: request,
      headers: { 'Accept-Language': 'sv', 'Idempotency-Key': 'key-1' },
    })
    await run(actors!.fetchEstimate, request)
    expect(call).toHaveBeenLastCalledWith('bookingEstimate', {
      body: request,
      headers: { 'Accept-Language': 'sv' },
    })
  })

  it('asks the quotas of the passenger on the date, and searches in the portal language', async () => {
    const { actors } = effects()
    await run(actors!.fetchQuotas, { passengerId: 'p1', date: '2026-11-21' })
    expect(call).toHaveBeenLastCalledWith('listQuotas', {
      params: { id: 'p1' },
      query: { date: '2026-11-21' },
    })
    await run(actors!.searchAddresses, { query: 'Koulutie' })
    expect(call).toHaveBeenLastCalledWith('searchAddresses', { query: { q: 'Koulutie', lang: 'sv' } })
  })

  it('waits for the start’s token before calling, as a wizard restored by a reload calls at once', async () => {
    const { auth, change } = authWith({ status: 'resuming', userId: null, token: null })
    const { actors } = effects(undefined, auth)
    call.mockClear()
    const quotas = run(actors!.fetchQuotas, { passengerId: 'p1', date: '2026-11-21' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(call).not.toHaveBeenCalled()
    change(signedIn)
    await quotas
    expect(call).toHaveBeenCalledTimes(1)
  })

  it('fails as offline when the client cannot load', async () => {
    const { actors } = effects(() => Promise.reject(new Error('chunk')))
    const failure = await run(actors!.fetchEstimate, request).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiRequestError)
    expect((failure as ApiRequestError).status).toBe(0)
  })

  it("has the passenger's trips pulled again after a save", () => {
    const { actions, pullNow } = effects()
    ;(actions!.reloadTrips as () => void)()
    expect(pullNow).toHaveBeenCalledTimes(1)
  })
})
