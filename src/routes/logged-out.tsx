import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useAuth } from '../app/session/auth'
import { screenTitles } from '../components/screenTitles'
import { Button } from '../components/ui/Button'
import { Page } from '../components/ui/Page'

export const Route = createFileRoute('/logged-out')({ component: LoggedOutScreen })

/** Where the server's logout returns: forgets the local session at once and offers to log back in. */
function LoggedOutScreen() {
  const { t } = useLingui()
  const { clearLocal, login } = useAuth()
  useEffect(() => clearLocal(), [clearLocal])
  return (
    <Page title={t(screenTitles.loggedOut)}>
      <p>
        <Trans id="logged_out.body">You have logged out of the portal.</Trans>
      </p>
      <Button className="mt-6" onClick={login}>
        <Trans id="logged_out.log_back_in">Log back in</Trans>
      </Button>
    </Page>
  )
}
