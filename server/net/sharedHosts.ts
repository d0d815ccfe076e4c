import { isDevHost, isLocalHost, normalizeHostname } from '../../src/domain/hosts'

/**
 * DEV_HOSTS="portal.dev.example.fi,staging.example.fi": the dev and staging host names of this deployment, which
 * serve every tenant under a path prefix as loopback names do. Each must be a name the portal itself takes for
 * one (a label `dev`, `dev2`, `staging`, `x-dev`, ...: `isDevHost`), or the portal there would not read its
 * prefix; the server refuses to start on any other.
 */
export function parseDevHosts(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .map((host) => {
      if (!/^[a-z0-9.-]+$/.test(host) || !isDevHost(host)) {
        throw new Error(
          `DEV_HOSTS entry "${host}" is not a dev or staging host name (a label dev, dev2, staging, x-dev, ...; no port)`,
        )
      }
      return host
    })
}

/**
 * Whether a host serves every tenant (a path prefix, the X-Tenant header, the default tenant): loopback names
 * always, dev and staging names only when DEV_HOSTS lists them. Any other host is a tenant's or unknown.
 */
export function sharedHostRule(devHosts: readonly string[]): (hostname: string) => boolean {
  const listed = new Set(devHosts)
  return (hostname) => isLocalHost(hostname) || listed.has(normalizeHostname(hostname))
}
