import { Trans } from '@lingui/react/macro'
import { Alert } from '../ui/Alert'

/** iPhone and iPad deliver notifications only to a portal added to the Home Screen and opened from its icon. */
export function HomeScreenSteps() {
  return (
    <Alert
      severity="info"
      title={<Trans id="notifications.ios.title">First add the portal to your Home Screen</Trans>}
    >
      <p>
        <Trans id="notifications.ios.explain">
          On an iPhone or iPad, notifications work only when the portal is opened from its icon on the Home
          Screen.
        </Trans>
      </p>
      <ol className="mt-2 list-decimal pl-6">
        <li>
          <Trans id="notifications.ios.step_share">In Safari, tap the Share button.</Trans>
        </li>
        <li>
          <Trans id="notifications.ios.step_add">Choose Add to Home Screen, then Add.</Trans>
        </li>
        <li>
          <Trans id="notifications.ios.step_open">
            Open the portal from its new icon, sign in and come back to this page.
          </Trans>
        </li>
      </ol>
    </Alert>
  )
}
