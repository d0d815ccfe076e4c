import { useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useState } from 'react'
import type { DeviceFailure, DeviceOutcome } from '../../../machines/pushDevices/pushDevices.machine'
import { pushDevicesWithEffects } from '../../app/effects/notificationCalls'
import { useOnline } from '../../app/browser/online'
import { usePlatform } from '../../app/platform'
import { browserPushSupport, notificationPermission } from '../../app/browser/pushDevice'
import { TripSection } from '../trips/TripSection'
import { Alert } from '../ui/Alert'
import { Button } from '../ui/Button'
import { DeviceList } from './DeviceList'
import { ThisDevice } from './ThisDevice'
import { useOnReconnect } from './useOnReconnect'

/** "Notifications on this device" and the user's devices, over one machine: turning this device on lists it. */
export function PushDevicesSections() {
  const { t } = useLingui()
  const platform = usePlatform()
  const online = useOnline()
  const [support] = useState(browserPushSupport)
  const [machine] = useState(() => pushDevicesWithEffects(platform))
  const [snapshot, send] = useMachine(machine, { input: { permission: notificationPermission() } })
  const { outcome, failure, loaded } = snapshot.context
  const busy = !snapshot.matches('idle')

  // A list that could not load offline loads when the connection comes back.
  useOnReconnect(online, () => {
    if (failure === 'load') send({ type: 'retry' })
  })

  const outcomes: Record<DeviceOutcome, string> = {
    on: t({ id: 'notifications.device.turned_on', message: 'Notifications are on for this device.' }),
    off: t({ id: 'notifications.device.turned_off', message: 'Notifications are off for this device.' }),
    removed: t({ id: 'notifications.devices.removed', message: 'The device was removed.' }),
    testSent: t({
      id: 'notifications.device.test_sent',
      message: 'A test notification was sent. It should arrive in a moment.',
    }),
  }
  const failures: Record<DeviceFailure, string> = {
    load: t({ id: 'notifications.devices.load_failed', message: 'Your devices could not be loaded.' }),
    turnOn: t({
      id: 'notifications.device.turn_on_failed',
      message: 'Notifications could not be turned on. Try again.',
    }),
    turnOff: t({
      id: 'notifications.device.turn_off_failed',
      message: 'Notifications could not be turned off. Try again.',
    }),
    remove: t({
      id: 'notifications.devices.remove_failed',
      message: 'The device could not be removed. Try again.',
    }),
    test: t({
      id: 'notifications.device.test_failed',
      message: 'The test notification could not be sent. Try again.',
    }),
    tooManyTests: t({
      id: 'notifications.device.test_too_many',
      message: 'Too many test notifications. Wait a moment before sending another.',
    }),
  }

  return (
    <>
      <TripSection title={t({ id: 'notifications.device.heading', message: 'Notifications on this device' })}>
        <ThisDevice
          support={support}
          snapshot={snapshot}
          online={online}
          busy={busy}
          onTurnOn={() => send({ type: 'turnOn' })}
          onTurnOff={() => send({ type: 'turnOff' })}
          onTest={() => send({ type: 'test' })}
        />
        <p role="status" className={outcome ? 'mt-3' : 'sr-only'}>
          {outcome ? outcomes[outcome] : null}
        </p>
        {failure ? (
          <Alert severity="error" live className="mt-3">
            {failures[failure]}
          </Alert>
        ) : null}
      </TripSection>
      <TripSection
        title={t({ id: 'notifications.devices.heading', message: 'Devices that get notifications' })}
      >
        {loaded ? (
          <DeviceList
            devices={snapshot.context.devices}
            thisDevice={snapshot.context.thisDevice}
            removing={snapshot.context.removing}
            disabled={!online || busy}
            onRemove={(id) => send({ type: 'remove', id })}
          />
        ) : failure === 'load' ? (
          <Button variant="secondary" disabled={!online || busy} onClick={() => send({ type: 'retry' })}>
            {t({ id: 'notifications.retry', message: 'Try again' })}
          </Button>
        ) : (
          <p>{t({ id: 'notifications.devices.loading', message: 'Loading devices…' })}</p>
        )}
      </TripSection>
    </>
  )
}
