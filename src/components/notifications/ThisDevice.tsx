import { Trans, useLingui } from '@lingui/react/macro'
import type { SnapshotFrom } from 'xstate'
import type { pushDevicesMachine } from '../../../machines/pushDevices/pushDevices.machine'
import type { PushSupport } from '../../domain/notifications/pushSupport'
import { Alert } from '../ui/Alert'
import { Button } from '../ui/Button'
import { HomeScreenSteps } from './HomeScreenSteps'

export interface ThisDeviceProps {
  support: PushSupport
  snapshot: SnapshotFrom<typeof pushDevicesMachine>
  online: boolean
  busy: boolean
  onTurnOn(): void
  onTurnOff(): void
  onTest(): void
}

/** Whether this device gets notifications, and the buttons that change it; or why it cannot. */
export function ThisDevice({
  support,
  snapshot,
  online,
  busy,
  onTurnOn,
  onTurnOff,
  onTest,
}: ThisDeviceProps) {
  const { t } = useLingui()
  if (support === 'homeScreen') return <HomeScreenSteps />
  if (support === 'unsupported') {
    return (
      <Alert severity="info">
        <Trans id="notifications.device.unsupported">
          This browser cannot show the portal's notifications. Try another browser, or the portal installed on
          your phone.
        </Trans>
      </Alert>
    )
  }
  const { thisDevice, permission, loaded } = snapshot.context
  if (permission === 'denied') {
    return (
      <Alert
        severity="warning"
        title={
          <Trans id="notifications.device.blocked_title">Notifications are blocked in this browser</Trans>
        }
      >
        <Trans id="notifications.device.blocked">
          To allow them again, open the site settings (the icon beside the address, or the browser's settings
          for this site), set Notifications to Allow, and reload this page.
        </Trans>
      </Alert>
    )
  }
  const disabled = !online || busy || !loaded
  return (
    <div className="flex flex-col items-start gap-3">
      <p>
        {thisDevice
          ? t({ id: 'notifications.device.is_on', message: 'Notifications are on for this device.' })
          : t({ id: 'notifications.device.is_off', message: 'Notifications are off for this device.' })}
      </p>
      {online ? null : (
        <p>
          <Trans id="notifications.offline">Changing notifications needs a connection.</Trans>
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {thisDevice ? (
          <>
            <Button variant="secondary" disabled={disabled} onClick={onTurnOff}>
              {t({ id: 'notifications.device.turn_off', message: 'Turn off on this device' })}
            </Button>
            <Button variant="secondary" disabled={disabled} onClick={onTest}>
              {t({ id: 'notifications.device.test', message: 'Send a test notification' })}
            </Button>
          </>
        ) : (
          <Button disabled={disabled} onClick={onTurnOn}>
            {t({ id: 'notifications.device.turn_on', message: 'Turn on notifications on this device' })}
          </Button>
        )}
      </div>
    </div>
  )
}
