import { lazy, Suspense, useState } from 'react'
import type { ConfirmDialogProps } from './AlertDialog'

const ConfirmDialog = lazy(() =>
  import('./AlertDialog').then((module) => ({ default: module.ConfirmDialog })),
)

/**
 * The confirmation dialog for the shell's rare questions (leaving for an external site, logging out with
 * unsent changes): its code loads the first time it opens and then stays mounted, so Radix still returns
 * focus on close, and the dialog code stays off the first visit.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [used, setUsed] = useState(props.open)
  if (props.open && !used) setUsed(true)
  return used ? (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  ) : null
}
