/**
 * Whether an error is a script chunk that did not load (what Chromium, Firefox and Safari say when a dynamic
 * import's fetch fails), as opposed to a bug in code that did load.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return [
    'Failed to fetch dynamically imported module',
    'error loading dynamically imported module',
    'Importing a module script failed',
  ].some((start) => error.message.startsWith(start))
}
