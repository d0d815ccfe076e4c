import { useEffect, type ReactNode } from 'react'
import { loadOnFirstOpen } from './loadOnFirstOpen'

export interface DialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  title: ReactNode
  /** Spoken with the title when the dialog opens. */
  description?: ReactNode
  children: ReactNode
  /**
   * Where focus goes on close; by default back to the control that opened the dialog. A dialog whose action
   * removes that control calls `event.preventDefault()` and focuses something that stays.
   */
  onCloseAutoFocus?: (event: Event) => void
}

const useDialogCode = loadOnFirstOpen(() => import('./DialogPanel'))

/**
 * A modal dialog (spec: max width 500 px) with a title, an optional description and a close button. Its Radix
 * code (src/components/ui/DialogPanel.tsx) loads the first time it opens and it stays mounted after, so Radix
 * still animates the close and focus returns to the opener.
 */
export function Dialog(props: DialogProps) {
  const { loaded, open } = useDialogCode()
  useEffect(() => {
    if (props.open && !loaded) open('pointer')
  }, [props.open, loaded, open])
  return loaded ? <loaded.impl.DialogPanel {...props} /> : null
}
