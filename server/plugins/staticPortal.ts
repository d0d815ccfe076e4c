import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isTenantId } from '../../tenants'

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

/**
 * With or without a tenant prefix left in the path (`/default/api/...`, which is never stripped): an API URL
 * must never be answered with the portal's HTML.
 */
function isServerPath(pathname: string): boolean {
  const first = pathname.split('/')[1] ?? ''
  const rest = isTenantId(first) ? pathname.slice(first.length + 1) : pathname
  return serverPaths.some((prefix) => rest === prefix || rest.startsWith(`${prefix}/`))
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
  await app.register(fastifyStatic, {
    root,
    index: ['index.html'],
    redirect: false,
    // The build writes .br and .gz beside each file (sw/precompress.ts); chosen by Accept-Encoding, with Vary.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath.slice(root.length).replaceAll('\\', '/')))
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
