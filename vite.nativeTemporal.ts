import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const shim = fileURLToPath(new URL('./src/app/nativeTemporal.ts', import.meta.url))

/**
 * In the page's build, `temporal-polyfill` resolves to src/app/nativeTemporal.ts: the browser's own Temporal,
 * with the polyfill's code loaded only by a browser without one (src/app/temporalReady.ts). The package prefers
 * the native API too, but bundles its implementation either way. The sync worker, unit tests, the server and the
 * service worker (each built or run without this plugin) import the package itself.
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
