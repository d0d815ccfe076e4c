import formbody from '@fastify/formbody'
import type { FastifyInstance } from 'fastify'
import { registerInvitationPages } from './invitationPages'
import type { KeyStore } from '../../auth/accessTokens'
import { registerLoginRoutes, type LoginPageDeps } from './loginRoutes'
import { registerLogoutRoutes } from './logoutRoutes'
import type { StrongAuthClient } from '../../auth/oidcClient'
import { registerStrongAuthRoutes } from './strongAuthRoutes'

export interface LoginScopeOptions extends Omit<LoginPageDeps, 'strongAuth'> {
  keys: KeyStore
  strongAuth: StrongAuthClient | null
}

/** The browser-facing sign-in pages: their own scope, the only one that parses HTML form posts. */
export async function loginScope(scope: FastifyInstance, options: LoginScopeOptions): Promise<void> {
  await scope.register(formbody)
  const pageDeps = { config: options.config, i18n: options.i18n, strongAuth: options.strongAuth !== null }
  registerLoginRoutes(scope, pageDeps)
  registerLogoutRoutes(scope, pageDeps)
  registerInvitationPages(scope, pageDeps)
  if (options.strongAuth)
    registerStrongAuthRoutes(scope, { ...pageDeps, client: options.strongAuth, keys: options.keys })
}
