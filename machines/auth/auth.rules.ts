// Apart from the machine, so that the page's entry reads them without loading XState.

/**
 * `offline` means a remembered user's local data is readable without a network; it counts as signed in.
 * `resuming` is the start with a remembered user, while the token is asked for: their local data shows at once
 * (the first signed-in paint never waits for the network), and the answer then settles it like any start.
 * `reconnecting` is offline, with a token fetch under way since the connection came back; a call made now waits
 * for it (src/app/session/authSettled.ts), since without it the call would go without a token and be refused.
 */
export type AuthStatus = 'starting' | 'resuming' | 'authenticated' | 'anonymous' | 'offline' | 'reconnecting'

/** Offline for auth: the remembered user's data is readable, but no call can carry a token yet. */
export const isOfflineStatus = (status: AuthStatus): boolean =>
  status === 'offline' || status === 'reconnecting'
