/**
 * The start snapshot (docs/startup.md, "The start snapshot"): the trips screen as React last rendered it,
 * which the service worker paints into the shell of the next launch, inert, until React replaces it. Pure and
 * free of Temporal, so the service worker's bundle stays small: the page computes `validUntil`.
 */

/** The Cache Storage cache that holds the snapshots: one entry per portal root. */
export const startSnapshotCache = 'start-snapshot'

export interface StartSnapshot {
  /** `#root`'s markup as rendered, without what may have changed since (`data-snapshot="omit"`). */
  html: string
  /** `<html>`'s lang, class and style (the theme's colours), which the entry sets again as it starts. */
  lang: string
  className: string
  style: string
  /** The page's entry script and stylesheet: painted only into a shell that loads the very same ones. */
  release: string[]
  /** Epoch milliseconds: the earliest of ten minutes after it was stored, the day's end, the session's end. */
  validUntil: number
  tenantId: string
  userId: string
  locale: string
  /** The tenant's day it was stored on. */
  day: string
}

/** The snapshot's key for the trips screen at `tripsPath` (with the tenant's path prefix) of `origin`. */
export function snapshotKey(origin: string, tripsPath: string): string {
  return new URL(`/__start-snapshot${tripsPath.replace(/\/$/, '')}`, origin).href
}

function isSnapshot(value: unknown): value is StartSnapshot {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  const texts = ['html', 'lang', 'className', 'style', 'tenantId', 'userId', 'locale', 'day']
  return (
    texts.every((key) => typeof record[key] === 'string') &&
    typeof record.validUntil === 'number' &&
    Array.isArray(record.release) &&
    record.release.every((part) => typeof part === 'string')
  )
}

/** The stored JSON as a snapshot, or null for anything else. */
export function parseSnapshot(json: unknown): StartSnapshot | null {
  return isSnapshot(json) ? json : null
}

/** Whether `snapshot` may be painted into `shell` at `nowMs`: still valid, and rendered by this very build. */
export function servable(snapshot: StartSnapshot, shell: string, nowMs: number): boolean {
  return (
    nowMs < snapshot.validUntil &&
    snapshot.release.length > 0 &&
    snapshot.release.every((path) => shell.includes(`"${path}"`))
  )
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}

const rootElement = /<div id="root">[\s\S]*?<\/div>\s*(?=<noscript)/
const htmlElement = /<html[^>]*>/

/**
 * The shell with the snapshot in place of its spinner, inert and busy (no keyboard, pointer or screen reader
 * reaches it) until React's first commit replaces `#root`'s content; null when the shell is not the expected one.
 */
export function injectSnapshot(shell: string, snapshot: StartSnapshot): string | null {
  if (!rootElement.test(shell) || !htmlElement.test(shell)) return null
  const html = `<html lang="${attribute(snapshot.lang)}" class="${attribute(snapshot.className)}" style="${attribute(snapshot.style)}">`
  const root = `<div id="root"><div inert aria-busy="true" data-start-snapshot>${snapshot.html}</div></div>\n    `
  return shell.replace(htmlElement, () => html).replace(rootElement, () => root)
}
