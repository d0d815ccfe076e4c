import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import { TenantFeature } from '../../components/TenantFeature'
import { BookingWizard } from '../../components/booking/BookingWizard'
import { validateBookingSearch } from '../../components/booking/again/bookingSearch'
import { screenTitles } from '../../components/screenTitles'
import { Page } from '../../components/ui/Page'

export const Route = createFileRoute('/_auth/booking')({
  validateSearch: validateBookingSearch,
  component: () => (
    <TenantFeature feature="booking">
      <BookingScreen />
    </TenantFeature>
  ),
})

/** Book a trip: the nine-step wizard of spec section 2 (the booking, then optionally its return trip). */
function BookingScreen() {
  const { t } = useLingui()
  const { again, on } = Route.useSearch()
  const navigate = Route.useNavigate()
  const againTaken = useCallback(() => void navigate({ search: {}, replace: true }), [navigate])
  return (
    <Page title={t(screenTitles.booking)}>
      <BookingWizard again={again && on ? { id: again, date: on } : null} againTaken={againTaken} />
    </Page>
  )
}
