import type { IncomingMessage, ServerResponse } from 'node:http'
import formbody from '@fastify/formbody'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type Provider from 'oidc-provider'
import { z } from 'zod'
import { isLocale, type Locale } from '../../../src/domain/locale'
import { testIdentities } from '../identities'
import type { ServerI18n } from '../../i18n/catalogs'
import { pageLocale } from '../../i18n/pageLocale'
import { renderInteractionPage } from './interactionPage'
import { testIdpMountPath } from './provider'

const everyHost = { tenant: false }
const uidParams = z.object({ uid: z.string().min(1).max(128) })
const identityForm = z.object({ identity: z.string().max(128) })

/** The first supported language of the authorization request's `ui_locales`. */
function uiLocale(params: Record<string, unknown>): Locale | null {
  const requested = typeof params.ui_locales === 'string' ? params.ui_locales.split(' ') : []
  return requested.find(isLocale) ?? null
}

/** Our own pages for the provider's login interaction; consent to the portal is granted without asking. */
async function interactionRoutes(scope: FastifyInstance, options: { provider: Provider; i18n: ServerI18n }) {
  const { provider, i18n } = options
  await scope.register(formbody)

  /** Finishes the interaction as `accountId`, granting the scopes the portal asked for. */
  async function finish(req: IncomingMessage, res: ServerResponse, accountId: string): Promise<string> {
    const details = await provider.interactionDetails(req, res)
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) })
    grant.addOIDCScope(String(details.params.scope ?? 'openid'))
    const grantId = await grant.save()
    return provider.interactionResult(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      {
        mergeWithLastSubmission: false,
      },
    )
  }

  scope.get(
    `${testIdpMountPath}/interaction/:uid`,
    { config: everyHost, schema: { params: uidParams } },
    async (request, reply) => {
      const { uid } = request.params as z.output<typeof uidParams>
      const details = await provider.interactionDetails(request.raw, reply.raw)
      if (details.prompt.name === 'consent' && details.session?.accountId) {
        return reply.redirect(await finish(request.raw, reply.raw, details.session.accountId), 303)
      }
      const locale = uiLocale(details.params) ?? pageLocale(request)
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderInteractionPage(i18n(locale), locale, uid))
    },
  )

  scope.post(
    `${testIdpMountPath}/interaction/:uid/login`,
    { config: everyHost, schema: { params: uidParams, body: identityForm } },
    async (request, reply) => {
      const { identity } = request.body as z.output<typeof identityForm>
      const known = testIdentities.find((candidate) => candidate.subject === identity)
      if (!known) return reply.code(400).type('text/plain; charset=utf-8').send('Unknown test identity')
      return reply.redirect(await finish(request.raw, reply.raw, known.subject), 303)
    },
  )

  scope.post(
    `${testIdpMountPath}/interaction/:uid/abort`,
    { config: everyHost, schema: { params: uidParams } },
    async (request, reply) => {
      const result = { error: 'access_denied', error_description: 'The user cancelled the identification' }
      const url = await provider.interactionResult(request.raw, reply.raw, result, {
        mergeWithLastSubmission: false,
      })
      return reply.redirect(url, 303)
    },
  )
}

/** The provider itself (Koa) under /idp, handed the untouched request: it parses its own bodies. */
async function providerRoutes(scope: FastifyInstance, options: { provider: Provider }) {
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null))
  const callback = options.provider.callback()
  scope.all(`${testIdpMountPath}/*`, { config: everyHost }, (request, reply) => {
    reply.hijack()
    const raw = request.raw as IncomingMessage & { originalUrl?: string }
    raw.originalUrl = request.url
    raw.url = request.url.slice(testIdpMountPath.length)
    void callback(raw, reply.raw)
  })
}

/**
 * The provider (Koa, `proxy` on) reads the client's protocol, host and address from X-Forwarded-*, taking the
 * first entry from any peer. It is handed exactly what Fastify made of them by TRUST_PROXY's rule
 * (server/net/clientAddress.ts), one value each, so it trusts no more than the rest of the server.
 */
function forwardFastifysView(request: FastifyRequest, _reply: unknown, done: () => void) {
  const { headers } = request.raw
  const [protocol, host, ip] = [request.protocol, request.host, request.ip]
  headers['x-forwarded-proto'] = protocol
  headers['x-forwarded-host'] = host
  headers['x-forwarded-for'] = ip
  done()
}

export async function registerTestIdp(
  app: FastifyInstance,
  provider: Provider,
  i18n: ServerI18n,
): Promise<void> {
  await app.register(async (idp) => {
    idp.addHook('onRequest', forwardFastifysView)
    await idp.register(interactionRoutes, { provider, i18n })
    await idp.register(providerRoutes, { provider })
  })
}
