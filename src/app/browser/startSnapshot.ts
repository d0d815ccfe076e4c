import { snapshotKey, startSnapshotCache, type StartSnapshot } from '../../domain/startSnapshot/snapshot'

/**
 * The start snapshot in Cache Storage, which the service worker reads (sw/startSnapshot.ts). Stores and
 * deletions run one after another, so a deletion for a change is never overtaken by a store from before it.
 */
let queue: Promise<void> = Promise.resolve()
/** Counts the deletions: a render from before the latest one shows what was thrown away. */
let deletions = 0

export function snapshotDeletions(): number {
  return deletions
}

function serial(task: (storage: CacheStorage) => Promise<unknown>): Promise<void> {
  // No Cache Storage (an insecure context, some private modes): nothing is stored, so nothing is painted.
  if (typeof caches === 'undefined') return queue
  queue = queue
    .then(() => task(caches))
    .then(
      () => undefined,
      (error: unknown) => console.error('Start snapshot', error),
    )
  return queue
}

export function storeStartSnapshot(
  origin: string,
  tripsPath: string,
  snapshot: StartSnapshot,
): Promise<void> {
  return serial(async (storage) => {
    const cache = await storage.open(startSnapshotCache)
    await cache.put(
      snapshotKey(origin, tripsPath),
      new Response(JSON.stringify(snapshot), { headers: { 'content-type': 'application/json' } }),
    )
  })
}

/** Every tenant's on this origin: a logout, an ended session, another user or language, a change of the trips. */
export function deleteStartSnapshots(): Promise<void> {
  deletions++
  return serial((storage) => storage.delete(startSnapshotCache))
}

/**
 * What the page shows now, as the snapshot's markup: `#root` without what may have changed by the next launch
 * (marked `data-snapshot="omit"`: the offline banner, notices), with `<html>`'s attributes and the entry script
 * and stylesheet it was rendered by.
 */
export function captureSnapshot(
  document: Document,
): Pick<StartSnapshot, 'html' | 'lang' | 'className' | 'style' | 'release'> | null {
  const root = document.getElementById('root')
  const entry = document.querySelector('script[type="module"][src]')?.getAttribute('src')
  const styles = document.querySelector('link[rel="stylesheet"][href]')?.getAttribute('href')
  if (!root || !entry || !styles) return null
  const copy = root.cloneNode(true) as HTMLElement
  for (const element of copy.querySelectorAll('[data-snapshot="omit"]')) element.remove()
  const html = document.documentElement
  return {
    html: copy.innerHTML,
    lang: html.lang,
    className: html.className,
    style: html.getAttribute('style') ?? '',
    release: [entry, styles],
  }
}
