import { useEffect } from 'react'
import type { DialogProps } from './DialogPanel'
import { loadOnFirstOpen } from './loadOnFirstOpen'

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
