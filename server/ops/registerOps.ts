import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/schema'
import { registerDatabaseMetrics } from './databaseMetrics'
import { registerHealthRoutes } from './healthRoutes'
import { createMetrics, type Metrics } from './metrics'
import { createReadiness, type Readiness } from './readiness'

export interface Ops {
  readiness: Readiness
  /** null without an operations listener (OPS_PORT): then nothing is measured, since nobody could read it. */
  metrics: Metrics | null
}

declare module 'fastify' {
  interface FastifyInstance {
    ops: Ops
  }
}

/** Marks a request Fastify answered with no route (a 404, the portal's fallback). */
export const unmatchedRoute = '(unmatched)'

/**
 * Health and readiness on the tenants' port; with `measure`, metrics of every request Fastify answers (one
 * histogram observation in a callback hook) and of the database, for the operations listener to serve.
 */
export async function registerOps(app: FastifyInstance, db: Db, measure: boolean): Promise<void> {
  const readiness = createReadiness(db, app.versionWatch)
  const metrics = measure ? await createMetrics(app.log) : null
  if (metrics) {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? unmatchedRoute
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000)
      done()
    })
    registerDatabaseMetrics(metrics, db, app.versionWatch)
  }
  app.decorate('ops', { readiness, metrics })
  registerHealthRoutes(app, readiness, false)
}
