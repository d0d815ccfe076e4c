import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Temporal } from 'temporal-polyfill'
import { useOnline, useSyncStatus } from '../../app/data/data'
import { hasBackgroundSync } from '../../app/browser/backgroundSync'
import { useEnvironment } from '../../app/environment'
import { timeOrDate } from '../../domain/dateDisplay'
import { syncStatusSpace } from './syncStatusSpace'

/**
 * The visible sync status of a signed-in user (design brief): how many changes wait to be sent, and when data
 * was last synced. Offline it says the changes go when the connection returns, and where the browser cannot send
 * them in the background (no Background Sync), that the portal must be open then.
 */
export function SyncStatus() {
  const { t } = useLingui()
  const online = useOnline()
  const { timeZone } = useEnvironment()
  const { waiting, lastSyncedAt } = useSyncStatus()

  const waitingText =
    waiting === 0
      ? null
      : online
        ? t({
            id: 'sync.waiting',
            message: plural(waiting, {
              one: '# change waiting to be sent',
              other: '# changes waiting to be sent',
            }),
          })
        : hasBackgroundSync()
          ? t({
              id: 'sync.waiting_offline',
              message: plural(waiting, {
                one: '# change waiting to be sent. It will be sent when the connection returns.',
                other: '# changes waiting to be sent. They will be sent when the connection returns.',
              }),
            })
          : t({
              id: 'sync.waiting_offline_open',
              message: plural(waiting, {
                one: '# change waiting to be sent. It will be sent when the connection returns, while the portal is open.',
                other:
                  '# changes waiting to be sent. They will be sent when the connection returns, while the portal is open.',
              }),
            })

  const when = lastSyncedAt ? timeOrDate(lastSyncedAt, Temporal.Now.instant(), timeZone) : null
  let syncedText: string
  if (!when) {
    syncedText = t({ id: 'sync.never', message: 'Not synced yet' })
  } else if (when.today) {
    const time = when.text
    syncedText = t({ id: 'sync.last_synced_time', message: `Last synced at ${time}` })
  } else {
    const date = when.text
    syncedText = t({ id: 'sync.last_synced_date', message: `Last synced on ${date}` })
  }

  return (
    // The height is reserved before this loads (syncStatusSpace), and the last line fills the row, so neither
    // its arrival nor a change of its text moves anything on the page (no layout shift).
    <div
      role="status"
      className={`${syncStatusSpace} flex flex-wrap gap-x-4 px-4 py-1 text-right text-sm text-muted`}
    >
      {waitingText ? <p className="ml-auto font-semibold text-text">{waitingText}</p> : null}
      <p className="grow">{syncedText}</p>
    </div>
  )
}
