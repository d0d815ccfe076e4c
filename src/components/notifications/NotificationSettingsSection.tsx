import { useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useId, useState } from 'react'
import { settingsProblems } from '../../../machines/notificationSettings/notificationSettings.machine'
import { notificationSettingsWithEffects } from '../../app/effects/notificationCalls'
import { useOnline } from '../../app/browser/online'
import { usePassengers } from '../../app/data/data'
import { usePlatform } from '../../app/platform'
import { etaMinutesRange } from '../../contract/codes'
import type { NotificationSettings } from '../../contract/notifications'
import { TripSection } from '../trips/TripSection'
import { Alert } from '../ui/Alert'
import { Button } from '../ui/Button'
import { Fieldset } from '../ui/Fieldset'
import { TextField } from '../ui/TextField'
import { EmailNote } from './EmailNote'
import { PassengerSwitches } from './PassengerSwitches'
import { SwitchRow } from './SwitchRow'
import { useOnReconnect } from './useOnReconnect'

/**
 * What notifications come and when, kept by the server for the user (on every device): per passenger and kind,
 * the evening reminder's time, the minutes before a pickup and lock-screen privacy. Saved with one button.
 */
export function NotificationSettingsSection() {
  const { t } = useLingui()
  const platform = usePlatform()
  const online = useOnline()
  const passengers = usePassengers()
  const [machine] = useState(() => notificationSettingsWithEffects(platform))
  const [snapshot, send] = useMachine(machine)
  const { settings, changed, showProblems, saved, failure } = snapshot.context
  const emailNoteId = useId()

  useOnReconnect(online, () => {
    if (snapshot.matches('loadFailed')) send({ type: 'retry' })
  })

  const title = t({ id: 'notifications.settings.heading', message: 'What notifications you get' })
  if (!settings) {
    return (
      <TripSection title={title}>
        {failure === 'load' ? (
          <Alert severity="error" live>
            {online
              ? t({ id: 'notifications.settings.load_failed', message: 'The settings could not be loaded.' })
              : t({ id: 'notifications.offline', message: 'Changing notifications needs a connection.' })}
          </Alert>
        ) : (
          <p>{t({ id: 'notifications.settings.loading', message: 'Loading settings…' })}</p>
        )}
        {failure === 'load' && online ? (
          <Button variant="secondary" className="mt-3" onClick={() => send({ type: 'retry' })}>
            {t({ id: 'notifications.retry', message: 'Try again' })}
          </Button>
        ) : null}
      </TripSection>
    )
  }

  const saving = snapshot.matches('saving')
  const disabled = !online || saving
  const problems = showProblems ? settingsProblems(settings) : []
  const edit = (change: Partial<NotificationSettings>) =>
    send({ type: 'edit', settings: { ...settings, ...change } })
  const nameOf = (passengerId: string) =>
    passengers?.find((passenger) => passenger.id === passengerId)?.name ?? ''
  const { email } = settings
  const editPassenger = (index: number, change: Partial<NotificationSettings['passengers'][number]>) =>
    edit({
      passengers: settings.passengers.map((other, at) => (at === index ? { ...other, ...change } : other)),
    })

  return (
    <TripSection title={title}>
      <form
        className="flex flex-col gap-6"
        onSubmit={(event) => {
          event.preventDefault()
          send({ type: 'save' })
        }}
      >
        {online ? null : (
          <Alert severity="info">
            {t({ id: 'notifications.offline', message: 'Changing notifications needs a connection.' })}
          </Alert>
        )}
        <fieldset disabled={disabled} className="flex flex-col gap-6">
          {email.available ? (
            <p>
              {t({
                id: 'notifications.email.intro',
                message:
                  'Each kind has two switches: the first for notifications on your devices, the second for e-mail.',
              })}
            </p>
          ) : null}
          {email.available && email.address !== 'verified' ? (
            <EmailNote id={emailNoteId} address={email.address} />
          ) : null}
          {settings.passengers.map((entry, index) => (
            <PassengerSwitches
              key={entry.passengerId}
              name={nameOf(entry.passengerId)}
              switches={entry.switches}
              onChange={(switches) => editPassenger(index, { switches })}
              email={
                email.available
                  ? {
                      switches: entry.emailSwitches,
                      onChange: (emailSwitches) => editPassenger(index, { emailSwitches }),
                      disabledBy: email.address === 'verified' ? null : emailNoteId,
                    }
                  : null
              }
            />
          ))}
          <Fieldset
            gap="gap-4"
            legend={t({ id: 'notifications.settings.timing', message: 'Timing and privacy' })}
          >
            <TextField
              type="time"
              label={t({ id: 'notifications.settings.reminder_time', message: 'Evening reminder at' })}
              description={t({
                id: 'notifications.settings.reminder_time_hint',
                message: "The reminder of tomorrow's trips, as hours and minutes (HH:MM).",
              })}
              value={settings.reminderTime}
              error={
                problems.includes('reminderTime')
                  ? t({
                      id: 'notifications.settings.reminder_time_invalid',
                      message: 'Give the time as HH:MM.',
                    })
                  : null
              }
              onChange={(event) => edit({ reminderTime: event.target.value })}
            />
            <TextField
              type="number"
              inputMode="numeric"
              min={etaMinutesRange.min}
              max={etaMinutesRange.max}
              step={1}
              label={t({ id: 'notifications.settings.eta_minutes', message: 'Minutes before pickup' })}
              description={t({
                id: 'notifications.settings.eta_minutes_hint',
                message: 'When "The car is near" comes: 1 to 60 minutes before the pickup.',
              })}
              value={Number.isNaN(settings.etaMinutes) ? '' : String(settings.etaMinutes)}
              error={
                problems.includes('etaMinutes')
                  ? t({
                      id: 'notifications.settings.eta_minutes_invalid',
                      message: 'Give a whole number from 1 to 60.',
                    })
                  : null
              }
              onChange={(event) =>
                edit({ etaMinutes: event.target.value === '' ? Number.NaN : Number(event.target.value) })
              }
            />
            <SwitchRow
              checked={settings.hideDetails}
              onChange={(hideDetails) => edit({ hideDetails })}
              label={t({
                id: 'notifications.settings.hide_details',
                message: 'Hide details on the lock screen',
              })}
              description={t({
                id: 'notifications.settings.hide_details_hint',
                message: 'Notifications then say only "Update about a trip", with no names or places.',
              })}
            />
          </Fieldset>
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={disabled || !changed} aria-busy={saving || undefined}>
            {saving
              ? t({ id: 'notifications.settings.saving', message: 'Saving…' })
              : t({ id: 'notifications.settings.save', message: 'Save settings' })}
          </Button>
        </div>
        <p role="status" className={saved ? '' : 'sr-only'}>
          {saved ? t({ id: 'notifications.settings.saved', message: 'Settings saved.' }) : null}
        </p>
        {failure === 'save' ? (
          <Alert severity="error" live>
            {t({
              id: 'notifications.settings.save_failed',
              message: 'The settings could not be saved. Try again.',
            })}
          </Alert>
        ) : null}
      </form>
    </TripSection>
  )
}
