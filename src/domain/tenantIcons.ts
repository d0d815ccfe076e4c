/**
 * The addresses of a tenant's generated icons (server/icons), shared by the manifest and the page's links. The
 * tenant is in the path, so an icon works on every host and under a tenant path prefix.
 */

/** `rounded` for purpose "any"; `full` to every edge, for purpose "maskable" and iOS's home screen. */
export type IconShape = 'rounded' | 'full'

/** The PNG sizes served: the manifest's two, and iOS's home screen icon (180). */
export const iconSizes = [180, 192, 512] as const
export type IconSize = (typeof iconSizes)[number]

/** The SVG, or a PNG of one shape and size. */
export function tenantIconPath(tenantId: string, png?: { shape: IconShape; size: IconSize }): string {
  if (!png) return `/tenant-icon/${tenantId}.svg`
  return `/tenant-icon/${tenantId}${png.shape === 'full' ? '-maskable' : ''}-${png.size}.png`
}
