import type { AuthStatus } from '../../machines/auth/auth.machine'

export type { AuthStatus } from '../../machines/auth/auth.machine'

/** What route guards may read; `status()` is read synchronously, after start-up has resolved auth. */
export interface RouterContext {
  auth: { status: () => AuthStatus }
  /** The catalog's parts the matched routes show beyond the first, which they wait for (src/app/startup/i18n.ts). */
  loadRouteMessages(routeIds: readonly unknown[]): Promise<void>
}
