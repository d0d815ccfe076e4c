import type { FastifyInstance } from 'fastify'
import type { Readiness } from './readiness'

/** Probes and scrapes come every few seconds: their requests are not logged at `info`. */
export const quietRoute = { config: { tenant: false }, logLevel: 'warn' } as const

/**
 * `GET /health` (the process answers) and `GET /ready` (200 when it can serve, else 503), on any host and
 * before tenant resolution, for load balancers. `detail` adds which check failed: only on the operations
 * listener, since the tenants' port says nothing about the inside.
 */
export function registerHealthRoutes(app: FastifyInstance, readiness: Readiness, detail: boolean): void {
  app.get('/health', quietRoute, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return { status: 'ok' }
  })
  app.get('/ready', quietRoute, async (_request, reply) => {
    const { ready, checks } = await readiness.check()
    reply.code(ready ? 200 : 503).header('cache-control', 'no-store')
    return { status: ready ? 'ready' : 'not_ready', ...(detail ? { checks } : {}) }
  })
}
