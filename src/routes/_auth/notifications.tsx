import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { NotificationsScreen } from '../../components/notifications/NotificationsScreen'
import { screenTitles } from '../../components/screenTitles'
import { Page } from '../../components/ui/Page'

export const Route = createFileRoute('/_auth/notifications')({ component: NotificationsRoute })

/** Push notifications on this device, the user's devices and what notifications come. */
function NotificationsRoute() {
  const { t } = useLingui()
  return (
    <Page title={t(screenTitles.notifications)}>
      <NotificationsScreen />
    </Page>
  )
}
