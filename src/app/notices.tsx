import { useMemo, useSyncExternalStore } from 'react'
import type { Notice, QueuedNotice } from '../../machines/notices.machine'
import { platform } from './platform'

export type { Notice, NoticeAction } from '../../machines/notices.machine'

export interface NoticesApi {
  current: QueuedNotice | null
  push(notice: Notice): void
  dismiss(): void
}

/** Pushes a notice from outside React (actions, the service worker's update prompt). */
export function pushNotice(notice: Notice): void {
  platform().notices.send({ type: 'notice.push', notice })
}

export function useNotices(): NoticesApi {
  const { notices } = platform()
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
