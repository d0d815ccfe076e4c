import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Temporal } from 'temporal-polyfill'
import { usePassengers, usePermissions } from '../../app/data/data'
import { useEnvironment } from '../../app/environment'
import { PermissionDetails } from '../../components/permissions/PermissionDetails'
import { TenantFeature } from '../../components/TenantFeature'
import { screenTitles } from '../../components/screenTitles'
import { Avatar } from '../../components/ui/Avatar'
import { buttonClasses } from '../../components/ui/classes'
import { ArrowLeftIcon } from '../../components/ui/icons'
import { Page } from '../../components/ui/Page'
import { LoadingBlock } from '../../components/ui/Spinner'

export const Route = createFileRoute('/_auth/transportationPermissions/$passengerId/$id')({
  component: () => (
    <TenantFeature feature="transportationPermissions">
      <TransportationPermissionScreen />
    </TenantFeature>
  ),
})

/** One permission of one passenger as a page (the route transportationPermission of spec section 2). */
function TransportationPermissionScreen() {
  const { t } = useLingui()
  const { timeZone } = useEnvironment()
  const { passengerId, id } = Route.useParams()
  const passengers = usePassengers()
  const permissions = usePermissions(passengerId)
  const passenger = passengers?.find((candidate) => candidate.id === passengerId)
  const permission = permissions?.find((candidate) => candidate.id === id)
  const today = Temporal.Now.plainDateISO(timeZone).toString()

  return (
    <Page
      title={t(screenTitles.transportationPermission)}
      actions={
        <Link
          to="/transportationPermissions"
          search={{ passenger: passengerId }}
          className={buttonClasses('secondary')}
        >
          <ArrowLeftIcon />
          <Trans id="permissions.back_to_list">All permissions</Trans>
        </Link>
      }
    >
      {passengers === undefined || permissions === undefined ? (
        <LoadingBlock />
      ) : passenger && permission ? (
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3 rounded-xl bg-surface p-4">
            <Avatar passengerId={passenger.id} text={passenger.avatarText} />
            <div className="min-w-0 flex-1 basis-48">
              <h2 className="text-lg font-semibold break-words">{permission.name}</h2>
              <p>{passenger.name}</p>
            </div>
          </div>
          <PermissionDetails permission={permission} today={today} level={2} />
        </div>
      ) : (
        <p className="rounded-xl bg-surface p-4 font-semibold">
          <Trans id="permissions.not_found">Transportation permission not found.</Trans>
        </p>
      )}
    </Page>
  )
}
