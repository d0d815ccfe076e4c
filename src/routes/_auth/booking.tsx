import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { TenantFeature } from '../../components/TenantFeature'
import { BookingWizard } from '../../components/booking/BookingWizard'
import { screenTitles } from '../../components/screenTitles'
import { Page } from '../../components/ui/Page'

export const Route = createFileRoute('/_auth/booking')({
  component: () => (
    <TenantFeature feature="booking">
      <BookingScreen />
    </TenantFeature>
  ),
})

/** Book a trip: the nine-step wizard of spec section 2 (the booking, then optionally its return trip). */
function BookingScreen() {
  const { t } = useLingui()
  return (
    <Page title={t(screenTitles.booking)}>
      <BookingWizard />
    </Page>
  )
}
