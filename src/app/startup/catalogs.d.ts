// Lingui's vite plugin compiles an imported PO catalog into `{ messages }`; vite.catalogParts.ts compiles one
// part of it (src/app/startup/catalogParts.ts) the same way.
declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?part=first' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?part=screens' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?part=followUp' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?part=booking' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?part=account' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?part=texts' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?part=settings' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?part=permissions' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?part=bookingSteps' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
