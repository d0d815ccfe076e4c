/**
 * Installs the Temporal polyfill where the browser has no Temporal of its own, before the screens' code (which
 * reads the global through src/app/startup/nativeTemporal.ts) loads. Browsers with Temporal load nothing.
 */
export function temporalReady(): Promise<unknown> {
  return 'Temporal' in globalThis ? Promise.resolve() : import('temporal-polyfill/global')
}
