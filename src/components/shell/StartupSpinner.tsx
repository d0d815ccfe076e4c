import { useLingui } from '@lingui/react/macro'
import { Spinner } from '../ui/Spinner'

/** Shown while the app starts and resolves the session, before any screen can render. */
export function StartupSpinner() {
  const { t } = useLingui()
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner size={48} label={t({ id: 'shell.starting', message: 'Starting the portal' })} />
    </div>
  )
}
