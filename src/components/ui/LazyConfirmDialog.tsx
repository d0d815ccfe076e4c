import type { ConfirmDialogProps } from './AlertDialog'
import { lazyDialog } from './loadOnFirstOpen'

/**
 * The confirmation dialog for the rare questions (leaving for an external site, logging out with unsent
 * changes, revoking a tracking link): its code loads the first time it opens and then stays mounted, so Radix
 * still returns focus on close, and the dialog code stays off the first visit.
 */
export const LazyConfirmDialog = lazyDialog<ConfirmDialogProps>(() =>
  import('./AlertDialog').then((module) => module.ConfirmDialog),
)
