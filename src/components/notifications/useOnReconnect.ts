import { useEffect, useRef } from 'react'

/**
 * Runs `action` when the connection comes back (offline, then online), not on every render while online: a load
 * that failed with the server up would otherwise be tried again at once, for ever.
 */
export function useOnReconnect(online: boolean, action: () => void): void {
  const wasOnline = useRef(online)
  const latest = useRef(action)
  latest.current = action
  useEffect(() => {
    if (online && !wasOnline.current) latest.current()
    wasOnline.current = online
  }, [online])
}
