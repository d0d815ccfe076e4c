import type { ApiClient } from '../../api/client'
import { ApiRequestError } from '../../api/errors'
import { authSettled } from './authSettled'
import type { Platform } from '../platform'

/** Calls of the contract, as the page's client or the session's sync worker makes them. */
export type ApiCaller = Pick<ApiClient, 'call'>

export type SessionCalls = Pick<Platform, 'auth' | 'sessions'>

/**
 * The signed-in user's calls, made by the session's sync worker once the start's token has come: a screen that
 * calls through it loads neither the API client nor the contract's schemas on the main thread (the worker has
 * them already). No session opening counts as out of reach (status 0).
 */
export async function sessionClient(platform: SessionCalls): Promise<ApiCaller> {
  await authSettled(platform.auth)
  const session = await platform.sessions.ready()
  if (!session) throw new ApiRequestError(0, null)
  return session.sync
}
