import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Trip } from '../../../contract/trip'
import { useEnvironment } from '../../../app/environment'
import { buttonClasses } from '../../ui/classes'

/**
 * A trip's "Book again", where the tenant books: the wizard with its passenger, route and times (and
 * its day's return) filled, asking only the date.
 */
export function BookAgainLink({ trip }: { trip: Pick<Trip, 'id' | 'date'> }) {
  const { tenant } = useEnvironment()
  if (!tenant.features.booking) return null
  return (
    <div>
      <Link to="/booking" search={{ again: trip.id, on: trip.date }} className={buttonClasses('secondary')}>
        <Trans id="booking_again.book_again">Book again</Trans>
      </Link>
    </div>
  )
}
