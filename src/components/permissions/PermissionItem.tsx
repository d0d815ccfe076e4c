import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Quota } from '../../contract/permissions'
import { remainingOn } from '../../domain/permissions/quota'
import { Button } from '../ui/Button'
import { dateSpan, useDecisionText } from './PermissionDetails'

export interface PermissionItemProps {
  passengerId: string
  permission: Quota
  /** Today in the tenant's zone (YYYY-MM-DD). */
  today: string
  onView(): void
}

/**
 * A permission in step 2: its name (a link to the detail route), decision, validity and the trips left in the
 * current period, with a View button that opens the details in a dialog.
 */
export function PermissionItem({ passengerId, permission, today, onView }: PermissionItemProps) {
  const decision = useDecisionText(permission.decisionType)
  const span = dateSpan(permission)
  // Worked out from the periods, so what is left follows the day even when the data was pulled yesterday.
  const left = remainingOn(permission.periods, today).remainingQuota
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-surface p-4 shadow-sm">
      <div className="min-w-0 flex-1 basis-60">
        <h3 className="whole-words text-lg font-semibold">
          <Link
            to="/transportationPermissions/$passengerId/$id"
            params={{ passengerId, id: permission.id }}
            className="link inline-flex min-h-target items-center"
          >
            {permission.name}
          </Link>
        </h3>
        <p>{decision}</p>
        <p>
          <Trans id="permissions.valid_span">Valid {span}</Trans>
        </p>
        <p className="font-semibold">
          <Trans id="permissions.left_this_period">Trips left this period: {left}</Trans>
        </p>
      </div>
      <Button variant="secondary" className="ml-auto" onClick={onView}>
        <Trans id="permissions.view">View</Trans>
        <span className="sr-only">: {permission.name}</span>
      </Button>
    </li>
  )
}
