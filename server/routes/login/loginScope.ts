import formbody from '@fastify/formbody'
import type { FastifyInstance } from 'fastify'
import { registerInvitationPages } from './invitationPages'
import type { KeyStore } from '../../auth/accessTokens'
import { registerLoginRoutes, type LoginPageDeps } from './loginRoutes'
import { registerLogoutRoutes } from './logoutRoutes'
import { registerRecoveryRoutes } from './recoveryRoutes'
import { registerEmailConfirmationRoutes } from './emailConfirmationRoutes'
import type { StrongAuthClient } from '../../auth/oidcClient'
import { registerStrongAuthRoutes } from './strongAuthRoutes'

export interface LoginScopeOptions extends Omit<LoginPageDeps, 'strongAuth' | 'mail'> {
  keys: KeyStore
  strongAuth: StrongAuthClient | null
}

/**
 * The browser-facing sign-in pages, password recovery and the address's confirmation: their own scope, the only
 * one that parses HTML form posts.
 */
export async function loginScope(scope: FastifyInstance, options: LoginScopeOptions): Promise<void> {
  await scope.register(formbody)
  const pageDeps = {
    config: options.config,
    i18n: options.i18n,
    strongAuth: options.strongAuth !== null,
    mail: options.config.email.mode !== 'off',
  }
  registerLoginRoutes(scope, pageDeps)
  registerLogoutRoutes(scope, pageDeps)
  registerInvitationPages(scope, pageDeps)
  // With e-mail off (EMAIL=off) there is nothing to confirm and no way to recover a password.
  if (pageDeps.mail) {
    registerRecoveryRoutes(scope, pageDeps)
    registerEmailConfirmationRoutes(scope, pageDeps)
  }
  if (options.strongAuth)
    registerStrongAuthRoutes(scope, { ...pageDeps, client: options.strongAuth, keys: options.keys })
}
