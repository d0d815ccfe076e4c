import { useLingui } from '@lingui/react/macro'
import { useNotices } from '../../app/session/notices'

/**
 * What a dialog's form does once its change is saved: says 'Saved successfully' (spec section 8, the
 * passenger edit's password.success) and closes the dialog.
 */
export function useSavedThenClose(onClose: () => void): () => void {
  const { t } = useLingui()
  const { push } = useNotices()
  return () => {
    push({ severity: 'success', message: t({ id: 'password.success', message: 'Saved successfully' }) })
    onClose()
  }
}
