import type { Locale } from '../../src/domain/locale'

/**
 * The chunks a screen's start needs beyond the entry, named to the browser in the navigation's `Link` header
 * (`rel=modulepreload`), so that they load beside the entry instead of after it has run. The build writes the
 * lists (vite.startPreloads.ts); the server matches a navigation's path against them.
 */
export interface StartPreloads {
  /** The entry's stylesheet and chunks, which index.html names too: in the header they come first. */
  styles: string[]
  entry: string[]
  /** Per screen: its URL pattern (`/trips/$id/$date`) and its chunks, as paths under the build. */
  routes: { pattern: string; files: string[] }[]
  /** What a signed-in start loads besides its screen: the local database and the signed-in shell. */
  signedIn: string[]
  /**
   * The sync worker's entry and service, which a signed-in start with nothing stored waits for, one after the
   * other, once the page has run: prefetched, the worker finds them in the HTTP cache.
   */
  syncWorker: string[]
  /**
   * Per locale, the catalog's first part (every start), its screens' part (a signed-in start) and its follow-up
   * screens' part (a signed-in start on those screens).
   */
  catalogs: Record<Locale, { first: string[]; screens: string[]; followUp: string[] }>
}

/**
 * A route file's URL pattern, by TanStack Router's file naming: folders and dots both separate segments,
 * `_name` is a pathless layout and `index` the folder's own page.
 */
export function routePattern(routeFile: string): string {
  const segments = routeFile
    .split(/[/.]/)
    .filter((segment) => segment !== 'index' && !segment.startsWith('_'))
  return `/${segments.join('/')}`
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '')

/** The screen a path shows, if any: static segments must be equal, `$param` takes any one segment. */
export function matchRoute<Route extends { pattern: string }>(
  routes: readonly Route[],
  pathname: string,
): Route | null {
  const path = segmentsOf(pathname)
  let best: { route: Route; statics: number } | null = null
  for (const route of routes) {
    const pattern = segmentsOf(route.pattern)
    if (pattern.length !== path.length) continue
    if (!pattern.every((segment, i) => segment.startsWith('$') || segment === path[i])) continue
    const statics = pattern.filter((segment) => !segment.startsWith('$')).length
    if (!best || statics > best.statics) best = { route, statics }
  }
  return best?.route ?? null
}

/** The screens that show the catalog's follow-up part (src/app/startup/i18n.ts, `routesOfPart`). */
const followUpScreens = /^\/(trips|canceltrips|track|messages)(\/|$)/

/** The `Link` header value for a navigation, or null when the screen needs nothing beyond the entry. */
export function preloadLink(
  preloads: StartPreloads,
  pathname: string,
  options: { signedIn: boolean; locale: Locale },
): string | null {
  const route = matchRoute(preloads.routes, pathname)
  if (!route) return null
  const catalog = preloads.catalogs[options.locale]
  const chunks = new Set([...preloads.entry, ...catalog.first, ...route.files])
  // Only a browser with a session gets the signed-in start: an anonymous one never loads it.
  if (options.signedIn) for (const file of [...catalog.screens, ...preloads.signedIn]) chunks.add(file)
  if (options.signedIn && followUpScreens.test(route.pattern))
    for (const file of catalog.followUp) chunks.add(file)
  // The stylesheet first: the page's first paint (the start-up spinner in index.html) waits for it alone.
  // `crossorigin` as index.html's own tags have it, or the browser would not use what was preloaded.
  return [
    ...preloads.styles.map((file) => `</${file}>; rel=preload; as=style; crossorigin`),
    ...[...chunks].map((file) => `</${file}>; rel=modulepreload`),
    ...(options.signedIn ? preloads.syncWorker.map((file) => `</${file}>; rel=prefetch`) : []),
  ].join(', ')
}
