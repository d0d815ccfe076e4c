import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isTenantId } from '../../tenants'
import { sessionCookieName } from '../auth/sessions'
import { portalLocale } from '../i18n/portalLocale'
import { preloadLink, type StartPreloads } from '../net/startPreloads'

/** Paths the server answers itself; a navigation there that matched no route is a real 404, not the SPA. */
const serverPaths = ['/api', '/login', '/logout', '/idp', '/acceptinvite', '/logoutandacceptinvite']

const noCacheFiles = new Set(['index.html', 'sw.js'])

function cacheControlFor(urlPath: string): string {
  const file = urlPath.slice(urlPath.lastIndexOf('/') + 1)
  if (noCacheFiles.has(file)) return 'no-cache'
  // Vite puts content-hashed files under /assets: they never change.
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  return 'public, max-age=3600'
}

/** The path without a tenant prefix (`/default/trips` is `/trips`), which is never stripped from the URL. */
function withoutTenant(pathname: string): string {
  const first = pathname.split('/')[1] ?? ''
  return isTenantId(first) ? pathname.slice(first.length + 1) : pathname
}

/**
 * With or without a tenant prefix left in the path (`/default/api/...`): an API URL must never be answered with
 * the portal's HTML.
 */
function isServerPath(pathname: string): boolean {
  const rest = withoutTenant(pathname)
  return serverPaths.some((prefix) => rest === prefix || rest.startsWith(`${prefix}/`))
}

/** The build's start preloads (vite.startPreloads.ts); none from a build without them. */
function readStartPreloads(root: string): StartPreloads | null {
  const file = resolve(root, 'start-preloads.json')
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StartPreloads) : null
}

/** A client route: GET or HEAD of a path without a file extension (a missing file is a real 404). */
function isClientRoute(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  return !pathname.slice(pathname.lastIndexOf('/') + 1).includes('.')
}

export interface StaticPortal {
  /** Answers a client route that matched no server route with index.html (client-side routing); null if it is not one. */
  serveSpaFallback(request: FastifyRequest, reply: FastifyReply): FastifyReply | null
}

/** Serves the built portal (`dist/`): hashed assets cached for a year, index.html and sw.js revalidated. */
export async function registerStaticPortal(
  app: FastifyInstance,
  staticDir: string | null,
): Promise<StaticPortal> {
  const root = staticDir ? resolve(staticDir) : null
  if (!root || !existsSync(resolve(root, 'index.html'))) {
    if (root) app.log.warn({ root }, 'no built portal to serve (run npm run build)')
    return { serveSpaFallback: () => null }
  }
  const preloads = readStartPreloads(root)
  /** index.html names the entry's chunks; the `Link` header adds what this screen's start needs beyond them. */
  const addPreloads = (reply: FastifyReply) => {
    const { request } = reply
    const pathname = withoutTenant(request.url.split('?')[0] ?? '/')
    const signedIn = request.cookies[sessionCookieName(request)] !== undefined
    const link = preloads && preloadLink(preloads, pathname, { signedIn, locale: portalLocale(request) })
    if (link) reply.header('link', link)
  }
  await app.register(fastifyStatic, {
    root,
    index: ['index.html'],
    redirect: false,
    // The build writes .br and .gz beside each file (sw/precompress.ts); chosen by Accept-Encoding, with Vary.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      // The path of the file sent: a precompressed copy's ends in .br or .gz, the URL's file does not.
      const file = filePath
        .slice(root.length)
        .replaceAll('\\', '/')
        .replace(/\.(br|gz)$/, '')
      reply.header('cache-control', cacheControlFor(file))
      if (file === '/index.html') addPreloads(reply)
    },
  })
  return {
    serveSpaFallback(request, reply) {
      const pathname = request.url.split('?')[0] ?? '/'
      if (isServerPath(pathname) || !isClientRoute(request, pathname)) return null
      return reply.sendFile('index.html', root)
    },
  }
}
