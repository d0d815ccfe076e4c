import type { AuthHandle } from './authHandle'

/**
 * Resolves once auth has a token, or has settled without one (a call then fails as it would anyway): a screen
 * restored by a reload may call the API before the start's token has come, and a save tapped as the connection
 * returns, before the token fetched for it has.
 */
export function authSettled(auth: AuthHandle): Promise<void> {
  const ready = () => {
    const { token, status } = auth.view()
    return token !== null || (status !== 'starting' && status !== 'resuming' && status !== 'reconnecting')
  }
  if (ready()) return Promise.resolve()
  return new Promise((resolve) => {
    const stop = auth.subscribe(() => {
      if (!ready()) return
      stop()
      resolve()
    })
  })
}
