import type { Temporal as TemporalApi } from 'temporal-polyfill'

/**
 * What `temporal-polyfill` means in the browser build (vite.nativeTemporal.ts): the browser's own Temporal. A
 * browser without one gets the polyfill installed globally by src/app/startup/temporalReady.ts before any module that
 * uses Temporal loads.
 */
export const Temporal = (globalThis as { Temporal?: typeof TemporalApi }).Temporal!
