import type { TenantId } from '../../../tenants'

/** Every tenant's logo, bundled as a URL (a small SVG each), keyed by tenant id. */
const logoUrls: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../../../tenants/logos/*.svg', {
      query: '?url',
      import: 'default',
      eager: true,
    }),
  ).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1, -'.svg'.length), url]),
)

function logoUrl(tenantId: TenantId): string | undefined {
  return logoUrls[tenantId]
}

/** The tenant's mark; decorative, since the tenant's name is written beside it. */
export function TenantLogo({ tenantId, size = 36 }: { tenantId: TenantId; size?: number }) {
  const url = logoUrl(tenantId)
  if (!url) return null
  return <img src={url} alt="" width={size} height={size} className="shrink-0" />
}
