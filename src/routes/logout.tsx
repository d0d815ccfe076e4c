import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useAuth } from '../app/session/auth'
import { screenTitles } from '../components/screenTitles'
import { LoadingBlock } from '../components/ui/Spinner'
import { usePageTitle } from '../components/ui/usePageTitle'

export const Route = createFileRoute('/logout')({ component: LogoutScreen })

/** Opening /logout logs out: local data is cleared and the browser goes to the server's logout. */
function LogoutScreen() {
  const { t } = useLingui()
  const { logout } = useAuth()
  const title = t(screenTitles.logout)
  usePageTitle(title)
  useEffect(() => logout(), [logout])
  return <LoadingBlock label={t({ id: 'logout.in_progress', message: 'Logging out' })} />
}
