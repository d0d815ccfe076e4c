import { useEffect, useState } from 'react'
import { keptWork, type KeptWork } from '../../db/keptWork'
import { databaseName } from '../../db/names'
import { sessionEndedUser } from '../browser/storage'
import { useEnvironment } from '../environment'

export type { KeptWork } from '../../db/keptWork'

/**
 * What this device keeps of the work of the user whose session ended by itself in this tab (the auth machine's
 * `noteSessionEnded`) for their next sign-in; null until read, or when no session ended here.
 */
export function useKeptWork(): KeptWork | null {
  const { tenant } = useEnvironment()
  const [userId] = useState(() => sessionEndedUser(tenant.id))
  const [kept, setKept] = useState<KeptWork | null>(null)
  useEffect(() => {
    if (!userId) return
    let current = true
    void keptWork(databaseName(tenant.id, userId)).then((work) => current && setKept(work))
    return () => {
      current = false
    }
  }, [tenant.id, userId])
  return kept
}
