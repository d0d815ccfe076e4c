import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { isTenantId, tenants, type TenantConfig } from '../../tenants'
import { escapeHtml } from '../pages/html'
import { HttpError } from '../errors/httpError'
import { errorCodes } from '../../src/contract/common'

/** Initials for the icon: the first letters of the first two words of the tenant's name. */
export function tenantInitials(name: string): string {
  const words = name.split(/[\s-]+/).filter(Boolean)
  return words
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('')
    .toUpperCase()
}

export function tenantIconSvg(tenant: TenantConfig): string {
  const { primary, onPrimary } = tenant.theme.colors
  const initials = escapeHtml(tenantInitials(tenant.name))
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
<rect width="512" height="512" rx="96" fill="${primary}"/>
<text x="256" y="256" dy=".35em" text-anchor="middle" font-family="system-ui, Arial, sans-serif" font-weight="700" font-size="${initials.length > 1 ? 200 : 260}" fill="${onPrimary}">${initials}</text>
</svg>
`
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
        start_url: scope,
        scope,
        display: 'standalone',
        theme_color: config.theme.colors.primary,
        background_color: config.theme.colors.background,
        icons: [{ src: `/tenant-icon/${id}.svg`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      })
  })

  // The tenant is in the path, so the icon works on every host (and under a tenant path prefix).
  app.get(
    '/tenant-icon/:file',
    { config: { tenant: false }, schema: { params: z.object({ file: z.string().max(64) }) } },
    async (request, reply) => {
      const { file } = request.params as { file: string }
      const id = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : ''
      if (!isTenantId(id)) throw new HttpError(404, errorCodes.notFound, `No icon for tenant "${id}"`)
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(tenantIconSvg(tenants[id]))
    },
  )
}
