import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MessagesFeature } from '../../components/messages/MessagesFeature'
import { screenTitles } from '../../components/screenTitles'
import { Page } from '../../components/ui/Page'

export const Route = createFileRoute('/_auth/messages')({ component: MessagesScreen })

/** Messages with the transport operator: the thread, older pages loaded upwards, and the send form (spec 2). */
function MessagesScreen() {
  const { t } = useLingui()
  return (
    <Page title={t(screenTitles.messages)}>
      <MessagesFeature />
    </Page>
  )
}
