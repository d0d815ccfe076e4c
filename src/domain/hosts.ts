/** Host name rules shared by the portal and the API host. Host names are compared lower-case, without port. */

export function normalizeHostname(host: string): string {
  const lower = host.trim().toLowerCase()
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1)
  return lower.replace(/:\d+$/, '')
}

/** Loopback names: localhost, any *.localhost name, 127.x.y.z and ::1. */
export function isLocalHost(hostname: string): boolean {
  const host = normalizeHostname(hostname)
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]' ||
    host === '::1'
  )
}

/** Local, staging and dev hosts: where the theme toggle shows (spec section 2). */
export function isDevHost(hostname: string): boolean {
  if (isLocalHost(hostname)) return true
  return normalizeHostname(hostname)
    .split('.')
    .some((label) => /^(dev|staging)(-|\d|$)|-(dev|staging)$/.test(label))
}

export function topLevelDomain(hostname: string): string {
  const host = normalizeHostname(hostname)
  return host.slice(host.lastIndexOf('.') + 1)
}

/** Europe/Helsinki, except London on .uk hosts and US/Central on .us hosts (spec section 9). */
export function timeZoneForHost(hostname: string): string {
  switch (topLevelDomain(hostname)) {
    case 'uk':
      return 'Europe/London'
    case 'us':
      return 'US/Central'
    default:
      return 'Europe/Helsinki'
  }
}
