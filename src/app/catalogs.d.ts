// Lingui's vite plugin compiles an imported PO catalog into `{ messages }`.
declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
