import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const shim = fileURLToPath(new URL('./src/app/startup/nativeTemporal.ts', import.meta.url))

/**
 * In the page's and the sync worker's builds, `temporal-polyfill` resolves to src/app/startup/nativeTemporal.ts: the
 * browser's own Temporal, with the polyfill's code loaded only by a browser without one (src/app/startup/temporalReady.ts,
 * and the worker's entry, workers/sync.worker.ts). The package prefers the native API too, but bundles its
 * implementation either way. Unit tests, the server and the service worker (built or run without this plugin)
 * import the package itself.
 */
export function nativeTemporal(): Plugin {
  return {
    name: 'portal-native-temporal',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'temporal-polyfill' ? shim : null
    },
  }
}
