import { useEffect } from 'react'
import { Temporal } from 'temporal-polyfill'
import { snapshotValidUntil } from '../../domain/startSnapshot/validity'
import { usePlatform } from '../platform'
import { sessionSecondsLeft } from './sessionTimeLeft'
import { whenIdle } from '../browser/idle'
import { captureSnapshot, snapshotDeletions, storeStartSnapshot } from '../browser/startSnapshot'
import { lastUser } from '../browser/storage'

/** The longest wait for an idle moment after a render before the snapshot is taken anyway. */
const idleTimeoutMs = 5_000

/**
 * Stores the trips screen as rendered for the next launch's first paint (docs/startup.md, "The start
 * snapshot"), at an idle moment after each render (a later render cancels the wait), while `store` holds: the
 * day's default view, loaded, with nothing in the outbox. Only on the screen's own URL (no day or passenger
 * chosen, no language asked for), for the remembered user, while the session's end is known.
 */
export function useStartSnapshot(store: boolean): void {
  const { env, locale, origin } = usePlatform()
  useEffect(() => {
    if (!store) return
    const deletions = snapshotDeletions()
    return whenIdle(() => {
      // A change came after this render (its deletion): the render that shows it stores the snapshot.
      if (snapshotDeletions() !== deletions) return
      const tripsPath = `${env.pathPrefix}/trips`
      const { pathname, search } = window.location
      const userId = lastUser(env.tenant.id)
      const now = Temporal.Now.zonedDateTimeISO(env.timeZone)
      const validUntil = snapshotValidUntil(now, sessionSecondsLeft())
      if (pathname.replace(/\/$/, '') !== tripsPath || search !== '' || !userId || !validUntil) return
      const captured = captureSnapshot(document)
      if (!captured) return
      void storeStartSnapshot(origin, tripsPath, {
        ...captured,
        validUntil: validUntil.epochMilliseconds,
        tenantId: env.tenant.id,
        userId,
        locale,
        day: now.toPlainDate().toString(),
      })
    }, idleTimeoutMs)
  })
}
