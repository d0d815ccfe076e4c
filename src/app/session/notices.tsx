import { useMemo, useSyncExternalStore } from 'react'
import type { Notice, QueuedNotice } from '../../../machines/notices/notices.machine'
import { usePlatform } from '../platform'

export type { Notice, NoticeAction } from '../../../machines/notices/notices.machine'

export interface NoticesApi {
  current: QueuedNotice | null
  push(notice: Notice): void
  dismiss(): void
}

export function useNotices(): NoticesApi {
  const { notices } = usePlatform()
  const current = useSyncExternalStore(notices.subscribe, notices.current)
  const commands = useMemo(
    () => ({
      push: (notice: Notice) => notices.send({ type: 'notice.push', notice }),
      dismiss: () => notices.send({ type: 'notice.dismiss' }),
    }),
    [notices],
  )
  return { current, ...commands }
}
