import type { ComponentType } from 'react'
import { CalendarFeedSection } from './CalendarFeedSection'
import { NotificationSettingsSection } from './NotificationSettingsSection'
import { PushDevicesSections } from './PushDevicesSections'

/**
 * The notifications screen's sections, in order: each is self-contained (no props), so a new one is one more
 * entry here. The calendar feed comes last: it reaches the user without push, in any browser.
 */
export const notificationSections: readonly { key: string; Section: ComponentType }[] = [
  { key: 'devices', Section: PushDevicesSections },
  { key: 'settings', Section: NotificationSettingsSection },
  { key: 'calendar', Section: CalendarFeedSection },
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
