import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useMatch, useNavigate } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import { usePlatform } from '../../app/platform'
import { LazyConfirmDialog } from '../ui/LazyConfirmDialog'

/**
 * Asks before a logout deletes commands that have not been sent yet (design brief, "Auth"): the user session
 * machine's question (machines/userSession/userSession.machine.ts), which `useAuth().logout()` asks from every logout
 * path. Cancelling on the /logout screen goes home instead.
 */
export function LogoutConfirm() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { userSession } = usePlatform()
  const waiting = useSyncExternalStore(userSession.subscribe, userSession.waiting)
  const onLogoutScreen = useMatch({ from: '/logout', shouldThrow: false }) !== undefined
  const count = waiting ?? 0
  return (
    <LazyConfirmDialog
      open={waiting !== null}
      onOpenChange={(open) => {
        // Asked to open only by "Try again" once the dialog's code has loaded after failing: the logout again,
        // which asks again while changes wait.
        if (open) {
          if (userSession.waiting() === null) userSession.send({ type: 'logout.request' })
          return
        }
        // "Log out anyway" closes the question before Radix reports the dialog closed: only Cancel gets here.
        if (userSession.waiting() === null) return
        userSession.send({ type: 'logout.cancel' })
        if (onLogoutScreen) void navigate({ to: '/' })
      }}
      title={t({ id: 'logout.unsent_title', message: 'Log out?' })}
      description={t({
        id: 'logout.unsent_description',
        message: plural(count, {
          one: '# change has not been sent yet. It will be sent when the connection returns, but if you log out now it is lost.',
          other:
            '# changes have not been sent yet. They will be sent when the connection returns, but if you log out now they are lost.',
        }),
      })}
      cancelLabel={t({ id: 'common.cancel', message: 'Cancel' })}
      confirmLabel={t({ id: 'logout.anyway', message: 'Log out anyway' })}
      onConfirm={() => userSession.send({ type: 'logout.confirm' })}
    />
  )
}
