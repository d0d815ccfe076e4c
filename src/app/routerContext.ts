import type { AuthStatus } from '../../machines/auth.machine'

export type { AuthStatus } from '../../machines/auth.machine'

/** What route guards may read; `status()` is read synchronously, after start-up has resolved auth. */
export interface RouterContext {
  auth: { status: () => AuthStatus }
  /** The catalog's second part, which every screen but home waits for (src/app/i18n.ts). */
  loadScreenMessages(): Promise<void>
}
