import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CancelTripsWizard } from '../../components/canceltrips/CancelTripsWizard'
import { screenTitles } from '../../components/screenTitles'
import { Page } from '../../components/ui/Page'

export const Route = createFileRoute('/_auth/canceltrips')({ component: CancelTripsScreen })

/** Cancel several trips at once: dates, passengers, trips, a reason, and the result (spec section 2). */
function CancelTripsScreen() {
  const { t } = useLingui()
  return (
    <Page title={t(screenTitles.canceltrips)}>
      <CancelTripsWizard />
    </Page>
  )
}
