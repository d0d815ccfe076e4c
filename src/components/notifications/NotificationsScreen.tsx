import type { ComponentType } from 'react'
import { NotificationSettingsSection } from './NotificationSettingsSection'
import { PushDevicesSections } from './PushDevicesSections'

/**
 * The notifications screen's sections, in order: each is self-contained (no props), so a new one (the calendar
 * feed) is one more entry here.
 */
export const notificationSections: readonly { key: string; Section: ComponentType }[] = [
  { key: 'devices', Section: PushDevicesSections },
  { key: 'settings', Section: NotificationSettingsSection },
]

export function NotificationsScreen() {
  return (
    <div className="flex flex-col gap-4">
      {notificationSections.map(({ key, Section }) => (
        <Section key={key} />
      ))}
    </div>
  )
}
