import { z } from 'zod'
import { fetchJson } from './fetchJson'
import { RouteError, type Router } from './router'

const osrmAnswer = z.object({
  code: z.string(),
  routes: z
    .array(z.object({ distance: z.number().nonnegative(), duration: z.number().nonnegative() }))
    .optional(),
})

/** OSRM's codes for points it cannot connect by road (its others are the request's or the server's fault). */
const noRouteCodes = new Set(['NoRoute', 'NoSegment'])

/**
 * An OSRM-compatible route service (http://project-osrm.org/docs/v5.24.0/api/#route-service), driving profile,
 * without geometry. OSRM answers 400 with a code for a route it cannot make, so the body is read on any status.
 */
export function osrmRouter(config: { url: string; timeoutMs: number }): Router {
  return {
    async route(points) {
      const coordinates = points.map((point) => `${point.longitude},${point.latitude}`).join(';')
      const url = new URL(`${config.url}/route/v1/driving/${coordinates}`)
      url.search = new URLSearchParams({ overview: 'false', steps: 'false' }).toString()
      let answer: z.infer<typeof osrmAnswer>
      try {
        answer = osrmAnswer.parse(await fetchJson(url, { timeoutMs: config.timeoutMs, acceptStatus: [400] }))
      } catch (error) {
        throw new RouteError('unavailable', error instanceof Error ? error.message : String(error))
      }
      if (noRouteCodes.has(answer.code))
        throw new RouteError('noRoute', `${url.host} found no route (${answer.code})`)
      const route = answer.routes?.[0]
      if (answer.code !== 'Ok' || !route)
        throw new RouteError('unavailable', `${url.host} answered ${answer.code}`)
      return { distanceMetres: Math.round(route.distance), durationSeconds: Math.round(route.duration) }
    },
  }
}
