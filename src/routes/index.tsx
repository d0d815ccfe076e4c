import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Suspense, useState } from 'react'
import { sessionEndedUser } from '../app/browser/storage'
import { useAuth } from '../app/session/auth'
import { useEnvironment } from '../app/environment'
import { loadCatalogPart } from '../app/startup/i18n'
import { HomeInfoList, HomeIntro } from '../content/home/HomeTexts'
import { HeroIllustration } from '../components/HeroIllustration'
import { screenTitles } from '../components/screenTitles'
import { useSignedIn } from '../components/shell/useSignedIn'
import { Alert } from '../components/ui/Alert'
import { Button, buttonClasses } from '../components/ui/Button'
import { lazyPart } from '../components/ui/lazyPart'
import { usePageTitle } from '../components/ui/usePageTitle'

// Loaded only where a session ended by itself in this tab: an ordinary first visit carries neither its code
// nor its texts (the `account` part of the catalog).
const SessionEndedNotice = lazyPart(() =>
  Promise.all([import('../components/session/SessionEndedNotice'), loadCatalogPart('account')]).then(
    ([module]) => module.SessionEndedNotice,
  ),
)

interface HomeSearch {
  /** The page an anonymous visit wanted; the login returns there. */
  redirect?: string
}

export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): HomeSearch =>
    typeof search.redirect === 'string' && search.redirect.startsWith('/')
      ? { redirect: search.redirect }
      : {},
  component: HomeScreen,
})

function HomeScreen() {
  const { t } = useLingui()
  const { tenant } = useEnvironment()
  const { login, logout } = useAuth()
  const signedIn = useSignedIn()
  const { redirect } = Route.useSearch()
  const [ended] = useState(() => sessionEndedUser(tenant.id) !== null)
  usePageTitle(t(screenTitles.home))
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6">
      {tenant.features.heroImage ? <HeroIllustration /> : null}
      <HomeIntro />
      {signedIn ? null : ended ? (
        <Suspense fallback={null}>
          <SessionEndedNotice />
        </Suspense>
      ) : redirect ? (
        <Alert severity="info">
          <Trans id="home.login_to_continue">Log in to see the page you opened.</Trans>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {signedIn ? (
          <Button variant="secondary" onClick={logout}>
            <Trans id="home.logout">Logout</Trans>
          </Button>
        ) : (
          <Button onClick={login}>
            <Trans id="home.login">Login</Trans>
          </Button>
        )}
        {tenant.features.registerButton ? (
          <Link to="/register-travel-card" className={buttonClasses('secondary')}>
            <Trans id="home.register">Register</Trans>
          </Link>
        ) : null}
      </div>
      {tenant.features.infoList ? <HomeInfoList /> : null}
    </div>
  )
}
