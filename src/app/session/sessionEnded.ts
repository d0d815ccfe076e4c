import { useEffect, useState } from 'react'
import type { KeptWork } from '../../db/keptWork'
import { databaseName } from '../../db/names'
import { sessionEndedUser } from '../browser/storage'
import { useEnvironment } from '../environment'

export type { KeptWork } from '../../db/keptWork'

export interface SessionEnded {
  /** The session ended by itself in this tab, and the user has not signed in since. */
  ended: boolean
  /** What this device keeps of their work for their next sign-in; null until read. */
  kept: KeptWork | null
}

/** Whether this tab's session ended by itself (the auth machine's `noteSessionEnded`), and what it kept. */
export function useSessionEnded(): SessionEnded {
  const { tenant } = useEnvironment()
  const [userId] = useState(() => sessionEndedUser(tenant.id))
  const [kept, setKept] = useState<KeptWork | null>(null)
  useEffect(() => {
    if (!userId) return
    let current = true
    // Loaded only here: an ordinary first visit needs none of it.
    void import('../../db/keptWork')
      .then(({ keptWork }) => keptWork(databaseName(tenant.id, userId)))
      .then((work) => current && setKept(work))
    return () => {
      current = false
    }
  }, [tenant.id, userId])
  return { ended: userId !== null, kept }
}
