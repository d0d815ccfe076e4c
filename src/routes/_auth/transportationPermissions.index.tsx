import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Temporal } from 'temporal-polyfill'
import { usePassengers } from '../../app/data/data'
import { useEnvironment } from '../../app/environment'
import type { Passenger } from '../../contract/passenger'
import { PassengerPermissions } from '../../components/permissions/PassengerPermissions'
import { validatePermissionsSearch } from '../../components/permissions/permissionsSearch'
import { TenantFeature } from '../../components/TenantFeature'
import { screenTitles } from '../../components/screenTitles'
import { Avatar } from '../../components/ui/Avatar'
import { buttonClasses } from '../../components/ui/classes'
import { ArrowLeftIcon, ChevronRightIcon } from '../../components/ui/icons'
import { Page } from '../../components/ui/Page'
import { LoadingBlock } from '../../components/ui/Spinner'
import { NoPassengers } from '../../components/passengers/NoPassengers'

export const Route = createFileRoute('/_auth/transportationPermissions/')({
  validateSearch: validatePermissionsSearch,
  component: () => (
    <TenantFeature feature="transportationPermissions">
      <TransportationPermissionsScreen />
    </TenantFeature>
  ),
})

/**
 * Spec section 2, Transportation permissions: step 1 chooses a passenger (skipped when there is one), step 2
 * lists that passenger's permissions. The chosen passenger is in the URL, so Back returns to step 1.
 */
function TransportationPermissionsScreen() {
  const { t } = useLingui()
  const { timeZone } = useEnvironment()
  const search = Route.useSearch()
  const passengers = usePassengers()
  const only = passengers?.length === 1 ? passengers[0] : undefined
  const chosen = only ?? passengers?.find((passenger) => passenger.id === search.passenger)
  const today = Temporal.Now.plainDateISO(timeZone).toString()

  return (
    <Page
      title={t(screenTitles.transportationPermissions)}
      actions={
        chosen && !only ? (
          <Link to="/transportationPermissions" className={buttonClasses('secondary')}>
            <ArrowLeftIcon />
            <Trans id="permissions.choose_another">Choose another passenger</Trans>
          </Link>
        ) : null
      }
    >
      {passengers === undefined ? (
        <LoadingBlock />
      ) : passengers.length === 0 ? (
        <NoPassengers />
      ) : chosen ? (
        <PassengerPermissions key={chosen.id} passenger={chosen} today={today} />
      ) : (
        <PassengerChoice passengers={passengers} />
      )}
    </Page>
  )
}

/** Step 1: a link per passenger to their permissions. */
function PassengerChoice({ passengers }: { passengers: Passenger[] }) {
  return (
    <section aria-labelledby="permissions-choose" className="flex flex-col gap-3">
      <h2 id="permissions-choose" className="text-xl font-semibold">
        <Trans id="permissions.choose_passenger">Whose transportation permissions do you want to see?</Trans>
      </h2>
      <ul className="flex flex-col gap-3">
        {passengers.map((passenger) => (
          <li key={passenger.id}>
            <Link
              to="/transportationPermissions"
              search={{ passenger: passenger.id }}
              className="flex min-h-comfortable items-center gap-3 rounded-xl bg-surface p-4 shadow-sm hover:ring-2 hover:ring-action"
            >
              <Avatar passengerId={passenger.id} text={passenger.avatarText} />
              <span className="min-w-0 flex-1 text-lg font-semibold break-words">{passenger.name}</span>
              <ChevronRightIcon />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
