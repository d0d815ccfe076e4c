import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { isTenantId, tenants, type TenantId } from '../../tenants'
import { tenantIconPng, tenantIconSvg } from '../icons/tenantIcon'
import { iconSizes, tenantIconPath, type IconShape, type IconSize } from '../../src/domain/tenantIcons'
import { HttpError } from '../errors/httpError'
import { errorCodes } from '../../src/contract/common'

const pngName = /^(?<id>[a-z0-9]+?)(?<maskable>-maskable)?-(?<size>\d+)\.png$/

interface IconFile {
  id: TenantId
  png?: { shape: IconShape; size: IconSize }
}

function iconFileOf(file: string): IconFile | null {
  if (file.endsWith('.svg')) {
    const id = file.slice(0, -'.svg'.length)
    return isTenantId(id) ? { id } : null
  }
  const groups = pngName.exec(file)?.groups
  const size = iconSizes.find((candidate) => String(candidate) === groups?.size)
  if (!groups?.id || !isTenantId(groups.id) || size === undefined) return null
  return { id: groups.id, png: { shape: groups.maskable ? 'full' : 'rounded', size } }
}

/** Drawn once per tenant, shape and size: the drawing is a few hundred milliseconds at 512 px. */
const drawnPngs = new Map<string, Buffer>()

function iconPng(id: TenantId, shape: IconShape, size: IconSize): Buffer {
  const key = `${id}/${shape}/${size}`
  const drawn = drawnPngs.get(key) ?? tenantIconPng(tenants[id], shape, size)
  drawnPngs.set(key, drawn)
  return drawn
}

export function registerManifestRoutes(app: FastifyInstance): void {
  app.get('/manifest.webmanifest', async (request, reply) => {
    const { config, pathPrefix, id } = request.tenant
    const scope = `${pathPrefix}/`
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send({
        id: scope,
        name: config.name,
        short_name: config.name,
        // The installed app opens on the day's trips (docs/spec-differences.md); signed out, the guard sends it home.
        start_url: `${scope}trips`,
        scope,
        display: 'standalone',
        theme_color: config.theme.colors.primary,
        background_color: config.theme.colors.background,
        // PNGs first: the push worker takes the first icon, and not every platform draws an SVG one.
        icons: [
          ...(['rounded', 'full'] as const).flatMap((shape) =>
            ([192, 512] as const).map((size) => ({
              src: tenantIconPath(id, { shape, size }),
              sizes: `${size}x${size}`,
              type: 'image/png',
              purpose: shape === 'full' ? 'maskable' : 'any',
            })),
          ),
          { src: tenantIconPath(id), sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      })
  })

  // The tenant is in the path, so the icon works on every host (and under a tenant path prefix).
  app.get(
    '/tenant-icon/:file',
    { config: { tenant: false }, schema: { params: z.object({ file: z.string().max(64) }) } },
    async (request, reply) => {
      const { file } = request.params as { file: string }
      const icon = iconFileOf(file)
      if (!icon) throw new HttpError(404, errorCodes.notFound, `No icon "${file}"`)
      reply.header('cache-control', 'public, max-age=86400')
      if (!icon.png) return reply.type('image/svg+xml; charset=utf-8').send(tenantIconSvg(tenants[icon.id]))
      return reply.type('image/png').send(iconPng(icon.id, icon.png.shape, icon.png.size))
    },
  )
}
