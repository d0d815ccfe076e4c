import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { usePermissions } from '../../app/data/data'
import type { Passenger } from '../../contract/passenger'
import type { Quota } from '../../contract/permissions'
import { Avatar } from '../ui/Avatar'
import { Dialog } from '../ui/Dialog'
import { LoadingBlock } from '../ui/Spinner'
import { PermissionDetails } from './PermissionDetails'
import { PermissionItem } from './PermissionItem'

/** Step 2: one passenger's permissions, each with its View dialog; the "no permissions" text when there are none. */
export function PassengerPermissions({ passenger, today }: { passenger: Passenger; today: string }) {
  const permissions = usePermissions(passenger.id)
  const [viewing, setViewing] = useState<Quota | null>(null)
  const [open, setOpen] = useState(false)
  const name = passenger.name
  return (
    <section aria-labelledby="permissions-passenger" className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <Avatar passengerId={passenger.id} text={passenger.avatarText} />
        <h2 id="permissions-passenger" className="min-w-0 text-xl font-semibold">
          {name}
        </h2>
      </div>
      {permissions === undefined ? (
        <LoadingBlock />
      ) : permissions.length === 0 ? (
        <p className="rounded-xl bg-surface p-4 font-semibold">
          <Trans id="permissions.none">{name} has no transportation permissions.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {permissions.map((permission) => (
            <PermissionItem
              key={permission.id}
              passengerId={passenger.id}
              permission={permission}
              today={today}
              onView={() => {
                setViewing(permission)
                setOpen(true)
              }}
            />
          ))}
        </ul>
      )}
      {/* The last viewed permission stays in the dialog while it closes. */}
      <Dialog open={open} onOpenChange={setOpen} title={viewing?.name ?? ''}>
        {viewing ? <PermissionDetails permission={viewing} today={today} level={3} /> : null}
      </Dialog>
    </section>
  )
}
