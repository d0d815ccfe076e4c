import { Trans, useLingui } from '@lingui/react/macro'
import { screenTitles, type ScreenId } from './screenTitles'
import { Alert } from './ui/Alert'
import { Page } from './ui/Page'

/** A screen that a later version brings: its proper title, and an honest word that it is not here yet. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <Alert severity="info" title={<Trans id="placeholder.title">Coming soon</Trans>}>
        <Trans id="placeholder.body">
          This part of the portal is not available yet. It will be added in a coming update.
        </Trans>
      </Alert>
    </Page>
  )
}

/** The route component of a screen that is still a placeholder. */
export function placeholderScreen(screen: ScreenId) {
  return function PlaceholderScreen() {
    const { t } = useLingui()
    return <PlaceholderPage title={t(screenTitles[screen])} />
  }
}
