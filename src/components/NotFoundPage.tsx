import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { screenTitles } from './screenTitles'
import { buttonClasses } from './ui/Button'
import { Page } from './ui/Page'

export function NotFoundPage() {
  const { t } = useLingui()
  return (
    <Page title={t(screenTitles.notFound)}>
      <p>
        <Trans id="not_found.body">The page you were looking for does not exist. Check the address.</Trans>
      </p>
      <Link to="/" className={buttonClasses('primary', 'mt-6')}>
        <Trans id="not_found.home">Go to the home page</Trans>
      </Link>
    </Page>
  )
}
