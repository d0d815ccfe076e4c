import { useLingui } from '@lingui/react/macro'
import type { PushSubscriptionView } from '../../contract/notifications'
import { instantDate } from '../../domain/dateDisplay'
import { useEnvironment } from '../../app/environment'
import { Button } from '../ui/Button'
import { browserNames, languageLabels } from './labels'

export interface DeviceListProps {
  devices: readonly PushSubscriptionView[]
  thisDevice: string | null
  removing: string | null
  disabled: boolean
  onRemove(id: string): void
}

/** The user's devices that get notifications, oldest first, each with its Remove button. */
export function DeviceList({ devices, thisDevice, removing, disabled, onRemove }: DeviceListProps) {
  const { t } = useLingui()
  const { timeZone } = useEnvironment()
  if (devices.length === 0) {
    return <p>{t({ id: 'notifications.devices.none', message: 'No device gets notifications yet.' })}</p>
  }
  return (
    <ul className="flex flex-col gap-3">
      {devices.map((device) => {
        const family = browserNames[device.userAgentFamily]
        const browser = typeof family === 'string' ? family : t(family)
        const language = t(languageLabels[device.locale])
        const added = instantDate(device.createdAt, timeZone)
        const delivered = device.lastDeliveredAt
          ? instantDate(device.lastDeliveredAt, timeZone)
          : t({ id: 'notifications.devices.never', message: 'not yet' })
        return (
          <li
            key={device.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-muted/40 p-3"
          >
            <div className="min-w-0">
              <p className="font-semibold">
                {browser}
                {device.id === thisDevice
                  ? ` (${t({ id: 'notifications.devices.this_device', message: 'This device' })})`
                  : null}
              </p>
              <p>{t({ id: 'notifications.devices.language', message: `Language: ${language}` })}</p>
              <p>{t({ id: 'notifications.devices.added', message: `Added ${added}` })}</p>
              <p>
                {t({ id: 'notifications.devices.delivered', message: `Last notification: ${delivered}` })}
              </p>
            </div>
            <Button
              variant="secondary"
              disabled={disabled}
              aria-busy={removing === device.id ? true : undefined}
              aria-label={t({
                id: 'notifications.devices.remove_named',
                message: `Remove ${browser}, added ${added}`,
              })}
              onClick={() => onRemove(device.id)}
            >
              {t({ id: 'notifications.devices.remove', message: 'Remove' })}
            </Button>
          </li>
        )
      })}
    </ul>
  )
}
