import type { TenantConfig } from '../../../tenants'

/**
 * A redirect target is used only when it is a path of this origin: one leading slash (not `//host` or `/\host`,
 * which browsers treat as another host) and no control characters.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null
  if (value.startsWith('//') || value.startsWith('/\\')) return null
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null
  return value
}

/** Where a finished login lands: the saved redirect, else booking when the tenant books, else passengers. */
export function landingPath(redirect: string | null, tenant: TenantConfig): string {
  return safeRedirect(redirect) ?? (tenant.features.booking ? '/booking' : '/passengers')
}
