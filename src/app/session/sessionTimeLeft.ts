import type { TokenResult } from '../../../machines/auth/auth.machine'

/**
 * How long the server's session has left, as its last token answer said (`sessionEndsIn`), for what the page
 * keeps of the user no longer than the session: the start snapshot. Unknown (null) until a token came in this
 * page's life, and after an answer of no session; an unreachable server leaves the last known one. Counted on
 * the page's monotonic clock, not the wall clock, and free of Temporal: the entry loads it, before a browser
 * without Temporal has its polyfill.
 */
let noted: { seconds: number; at: number } | null = null

export function noteSessionEnd(result: TokenResult): void {
  if (result.kind === 'unreachable') return
  noted =
    result.kind === 'token' && result.sessionEndsIn !== null
      ? { seconds: result.sessionEndsIn, at: performance.now() }
      : null
}

/** Whole seconds the session has left now, or null when unknown. */
export function sessionSecondsLeft(): number | null {
  return noted && Math.max(0, Math.floor(noted.seconds - (performance.now() - noted.at) / 1000))
}
