/**
 * Where a link leads when it leaves the portal: a web address (http or https) on another origin. Links inside
 * the portal, and mail, phone and other schemes that open an app rather than a web site, are not asked about.
 */
export function externalTarget(href: string, origin: string): { href: string; host: string } | null {
  let url: URL
  try {
    url = new URL(href, origin)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.origin === new URL(origin).origin) return null
  return { href: url.href, host: url.host }
}
