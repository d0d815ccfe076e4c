import { tenantIds } from '../tenants/types'

/**
 * Which requests the service worker leaves to the server. Pure, so the rules are tested without a worker.
 * Server pages are answered by the API host (login, logout, the identity provider, invitations), with or
 * without a tenant path prefix; every other navigation is the single-page app's.
 */
export const serverPages = ['api', 'login', 'logout', 'idp', 'acceptinvite', 'logoutandacceptinvite'] as const

const prefix = `(?:/(?:${tenantIds.join('|')}))?`

/** Matched against path plus query, as workbox's NavigationRoute does. */
export const serverPagePattern = new RegExp(`^${prefix}/(?:${serverPages.join('|')})(?:[/?]|$)`)

export function isServerPage(pathAndQuery: string): boolean {
  return serverPagePattern.test(pathAndQuery)
}

/** The tenant's manifest and icons: served by the API host, fresh enough from cache while it revalidates. */
export const tenantAssetPattern = new RegExp(`^${prefix}/(?:manifest\\.webmanifest$|tenant-icon/)`)

export function isTenantAsset(pathname: string): boolean {
  return tenantAssetPattern.test(pathname)
}
