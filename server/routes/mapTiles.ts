import { basename, dirname } from 'node:path'
import { send } from '@fastify/send'
import type { FastifyInstance } from 'fastify'
import { errorCodes } from '../../src/contract/codes'
import { mapTilesPath } from '../../src/contract/map'
import { sendApiError } from '../plugins/errors'

/**
 * An hour, then revalidated by ETag: an operator who replaces the archive is seen within the hour. `no-transform`
 * keeps proxies from compressing it, which would break the byte ranges the map reads.
 */
export const mapTilesCacheControl = 'public, max-age=3600, no-transform'

/**
 * The deployment's vector tile archive (MAP_TILES_PATH) as one file on the portal's own origin, read by the
 * browser's `pmtiles` protocol a byte range at a time: 206 with `Content-Range` for one range, 416 for a range
 * outside it, 304 for a matching `If-None-Match` or `If-Modified-Since`; never compressed (the tiles inside are
 * already, and a compressed answer has no byte ranges). 404 when the deployment has none. GET and HEAD.
 */
export function registerMapTilesRoute(app: FastifyInstance, tilesPath: string | null): void {
  app.get(mapTilesPath, { compress: false }, async (request, reply) => {
    if (!tilesPath)
      return sendApiError(reply, {
        statusCode: 404,
        code: errorCodes.notFound,
        message: 'This portal serves no map tiles',
      })
    const answer = await send(request.raw, basename(tilesPath), {
      root: dirname(tilesPath),
      acceptRanges: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      dotfiles: 'allow',
    })
    if (answer.type === 'error') {
      const { statusCode } = answer
      if (statusCode === 416) {
        reply.header('content-range', answer.headers['Content-Range'])
        return sendApiError(reply, {
          statusCode,
          code: errorCodes.rangeNotSatisfiable,
          message: 'The range asked for is outside the tile archive',
        })
      }
      // The file checked at start has gone: the map draws the portal's basemap until it is back.
      if (statusCode === 404)
        return sendApiError(reply, {
          statusCode,
          code: errorCodes.notFound,
          message: 'The map tiles are not there',
        })
      throw answer.metadata.error
    }
    return reply
      .code(answer.statusCode)
      .headers(answer.headers)
      .header('content-type', 'application/vnd.pmtiles')
      .header('cache-control', mapTilesCacheControl)
      .send(answer.stream)
  })
}
