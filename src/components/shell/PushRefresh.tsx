import { useEffect } from 'react'
import { whenIdle } from '../../app/browser/idle'
import { useOnline } from '../../app/browser/online'
import { usePlatform } from '../../app/platform'

/** Whether this browser lets the portal notify: a device that is on has been allowed, so no other has work here. */
const notificationsAllowed = () =>
  typeof Notification !== 'undefined' && Notification.permission === 'granted'

/**
 * Once a signed-in page is idle and online, this device's push subscription, if any, is kept as the server needs
 * it: in the portal's language (choosing one reloads the page), and for the server's current key.
 * Its code loads only where notifications are allowed. Renders nothing.
 */
export function PushRefresh() {
  const platform = usePlatform()
  const online = useOnline()
  useEffect(() => {
    if (!online || !notificationsAllowed()) return
    // Failing is harmless: the next start (or the notifications screen's turning on) tries again.
    return whenIdle(
      () =>
        void import('../../app/session/pushSubscription')
          .then(({ refreshDevice }) => refreshDevice(platform))
          .catch(() => {}),
      5_000,
    )
  }, [online, platform])
  return null
}
