import { useEffect } from 'react'
import { whenIdle } from '../../app/idle'
import { useOnline } from '../../app/online'
import { usePlatform } from '../../app/platform'
import { refreshDevice } from '../../app/pushSubscription'

/**
 * Once a signed-in page is idle and online, this device's push subscription, if any, is kept as the server needs
 * it (issue 23): in the portal's language (choosing one reloads the page), and for the server's current key.
 * Renders nothing.
 */
export function PushRefresh() {
  const platform = usePlatform()
  const online = useOnline()
  useEffect(() => {
    if (!online) return
    // Failing is harmless: the next start (or the notifications screen's turning on) tries again.
    return whenIdle(() => void refreshDevice(platform).catch(() => {}), 5_000)
  }, [online, platform])
  return null
}
