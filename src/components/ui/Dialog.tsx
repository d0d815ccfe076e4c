import type { DialogProps } from './DialogPanel'
import { lazyDialog } from './loadOnFirstOpen'

/**
 * A modal dialog (spec: max width 500 px) with a title, an optional description and a close button. Its Radix
 * code (src/components/ui/DialogPanel.tsx) loads the first time it opens and it stays mounted after, so Radix
 * still animates the close and focus returns to the opener.
 */
export const Dialog = lazyDialog<DialogProps>(() =>
  import('./DialogPanel').then((module) => module.DialogPanel),
)
