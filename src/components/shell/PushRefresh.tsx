import { useEffect } from 'react'
import { whenIdle } from '../../app/idle'
import { useOnline } from '../../app/online'
import { usePlatform } from '../../app/platform'
import { repostInLocale } from '../../app/pushSubscription'

/**
 * Choosing a language reloads the page; once it is idle and online, this device's push subscription, if any, is
 * posted again in the new language (issue 23), so its notifications come in it. Renders nothing.
 */
export function PushLocale() {
  const platform = usePlatform()
  const online = useOnline()
  useEffect(() => {
    if (!online) return
    // Failing is harmless: the next start (or the notifications screen's turning on) tries again.
    return whenIdle(() => void repostInLocale(platform).catch(() => {}), 5_000)
  }, [online, platform])
  return null
}
