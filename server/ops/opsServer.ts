import Fastify, { type FastifyInstance } from 'fastify'
import { quietRoute, registerHealthRoutes } from './healthRoutes'

/**
 * The operations listener (OPS_PORT on OPS_HOST): `/metrics` in Prometheus' text format, and `/health` and
 * `/ready` with the checks spelled out. A Fastify of its own, so no tenant, portal or API route is reachable
 * there, and no scrape reaches the tenants' port.
 */
export async function startOpsServer(
  app: FastifyInstance,
  listen: { host: string; port: number },
): Promise<FastifyInstance> {
  const { readiness, metrics } = app.ops
  if (!metrics) throw new Error('The app was built without metrics: give it the ops port in its config')
  const server = Fastify({ loggerInstance: app.log.child({ listener: 'ops' }) })
  registerHealthRoutes(server, readiness, true)
  server.get('/metrics', quietRoute, async (_request, reply) => {
    const text = await metrics.scrape()
    return reply.type(metrics.contentType).header('cache-control', 'no-store').send(text)
  })
  await server.listen(listen)
  return server
}
