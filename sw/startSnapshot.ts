/// <reference lib="webworker" />
import {
  injectSnapshot,
  parseSnapshot,
  servable,
  snapshotKey,
  startSnapshotCache,
} from '../src/domain/startSnapshot/snapshot'
import { isTripsPage } from './routes'

/**
 * The shell for a navigation, with the start snapshot painted into it (docs/startup.md, "The start
 * snapshot"): only for the trips screen's own URL, only a snapshot still valid and rendered by this build;
 * one that is not is deleted. Anything unexpected serves the shell as it is.
 */
export async function withStartSnapshot(
  shell: Response,
  url: URL,
  storage: CacheStorage,
  nowMs: number,
): Promise<Response> {
  if (url.search !== '' || !isTripsPage(url.pathname) || !shell.ok) return shell
  try {
    const key = snapshotKey(url.origin, url.pathname)
    const cache = await storage.open(startSnapshotCache)
    const stored = await cache.match(key)
    if (!stored) return shell
    const snapshot = parseSnapshot(await stored.json())
    const html = await shell.clone().text()
    const painted = snapshot && servable(snapshot, html, nowMs) ? injectSnapshot(html, snapshot) : null
    if (!painted) {
      await cache.delete(key)
      return shell
    }
    const headers = new Headers(shell.headers)
    // The body is new and not encoded: what described the cached one does not describe it.
    for (const name of ['content-encoding', 'content-length', 'etag']) headers.delete(name)
    return new Response(painted, { status: shell.status, statusText: shell.statusText, headers })
  } catch {
    return shell
  }
}
