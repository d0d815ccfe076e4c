/**
 * How long a session lives (docs/auth.md): it ends `idleSeconds` after the user was last active, and never later
 * than `maxSeconds` after sign-in (SESSION_TTL_SECONDS and SESSION_MAX_SECONDS).
 */
export interface SessionLifetime {
  idleSeconds: number
  maxSeconds: number
}
