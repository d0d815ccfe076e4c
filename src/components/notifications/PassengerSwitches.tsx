import { useLingui } from '@lingui/react/macro'
import { notificationKinds } from '../../contract/codes'
import type { NotificationSwitches } from '../../contract/notifications'
import { Fieldset } from '../ui/Fieldset'
import { kindLabels } from './labels'
import { SwitchRow } from './SwitchRow'

/** The e-mail switches beside the push ones; absent when the deployment sends no e-mail. */
export interface EmailChoices {
  switches: NotificationSwitches
  onChange(switches: NotificationSwitches): void
  /** Set while the address is not confirmed: the switches are disabled, described by this note's id. */
  disabledBy: string | null
}

/**
 * One passenger's switches, one row per kind under the passenger's name: the kind's push switch, and beside it
 * its e-mail switch, whose name says the kind too ("E-mail: The car is near").
 */
export function PassengerSwitches({
  name,
  switches,
  onChange,
  email,
}: {
  name: string
  switches: NotificationSwitches
  onChange(switches: NotificationSwitches): void
  email: EmailChoices | null
}) {
  const { t } = useLingui()
  return (
    <Fieldset
      gap="gap-1"
      legend={t({ id: 'notifications.settings.passenger', message: `Notifications about ${name}` })}
    >
      {notificationKinds.map((kind) => {
        const label = t(kindLabels[kind])
        return (
          <div key={kind} className="flex flex-wrap items-start gap-x-4">
            <div className="min-w-0 flex-1 basis-48">
              <SwitchRow
                label={label}
                checked={switches[kind]}
                onChange={(on) => onChange({ ...switches, [kind]: on })}
              />
            </div>
            {email ? (
              <label className="flex min-h-comfortable cursor-pointer items-start gap-3 py-1 has-disabled:cursor-not-allowed">
                <input
                  type="checkbox"
                  role="switch"
                  className="mt-0.5 size-6 shrink-0 accent-action"
                  aria-label={t({ id: 'notifications.email.switch', message: `E-mail: ${label}` })}
                  aria-describedby={email.disabledBy ?? undefined}
                  disabled={email.disabledBy !== null}
                  checked={email.switches[kind]}
                  onChange={(event) => email.onChange({ ...email.switches, [kind]: event.target.checked })}
                />
                <span>{t({ id: 'notifications.email.label', message: 'E-mail' })}</span>
              </label>
            ) : null}
          </div>
        )
      })}
    </Fieldset>
  )
}
