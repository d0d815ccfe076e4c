/** The portal build's release (package version and commit), set by Vite's `define` (vite.config.ts). */
declare const __PORTAL_RELEASE__: string
