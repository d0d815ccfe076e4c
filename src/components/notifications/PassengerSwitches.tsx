import { useLingui } from '@lingui/react/macro'
import { notificationKinds } from '../../contract/codes'
import type { NotificationSwitches } from '../../contract/notifications'
import { Fieldset } from '../ui/Fieldset'
import { kindLabels } from './labels'
import { SwitchRow } from './SwitchRow'

/** One passenger's switches, one per kind, under the passenger's name. */
export function PassengerSwitches({
  name,
  switches,
  onChange,
}: {
  name: string
  switches: NotificationSwitches
  onChange(switches: NotificationSwitches): void
}) {
  const { t } = useLingui()
  return (
    <Fieldset
      gap="gap-1"
      legend={t({ id: 'notifications.settings.passenger', message: `Notifications about ${name}` })}
    >
      {notificationKinds.map((kind) => (
        <SwitchRow
          key={kind}
          label={t(kindLabels[kind])}
          checked={switches[kind]}
          onChange={(on) => onChange({ ...switches, [kind]: on })}
        />
      ))}
    </Fieldset>
  )
}
