import type { Page } from '@playwright/test'
import { accessToken, apiGet } from './portal'
import type { RunningServer } from './server'
import { operatorCall } from './trips'

/** A message as the API shows it, as far as the journeys look at it. */
export interface ApiMessage {
  id: string
  passengerId: string
  content: string
  seenAt: string | null
  confirmation: { confirmedAt: string | null } | null
}

/** The operator writes to a passenger's guardians through its integration API. */
export async function operatorMessage(
  server: RunningServer,
  tenant: string,
  passengerId: string,
  content: string,
  requestConfirmation = false,
): Promise<ApiMessage> {
  const path = `/passengers/${passengerId}/messages`
  return (await operatorCall(
    server,
    tenant,
    'POST',
    path,
    { content, requestConfirmation },
    'Operator message failed',
  )) as ApiMessage
}

/** One message as the operator sees it now: when a guardian first saw it, and who confirmed it. */
export async function operatorView(server: RunningServer, tenant: string, id: string): Promise<ApiMessage> {
  return (await operatorCall(server, tenant, 'GET', `/messages/${id}`, null, 'No message')) as ApiMessage
}

/** Every message of a passenger both ways, as the operator reads them (the guardians' replies among them). */
export async function operatorThread(
  server: RunningServer,
  tenant: string,
  passengerId: string,
): Promise<ApiMessage[]> {
  const all: ApiMessage[] = []
  let after: string | null = null
  for (;;) {
    const query: string = after ? `?after=${after}` : ''
    const answer = (await operatorCall(
      server,
      tenant,
      'GET',
      `/passengers/${passengerId}/messages${query}`,
      null,
      'No thread',
    )) as { items: ApiMessage[]; cursor: string | null; hasMore: boolean }
    all.push(...answer.items)
    if (!answer.hasMore) return all
    after = answer.cursor
  }
}

/** The signed-in user's unseen count, message count and first passenger, as the API answers them now. */
export async function guardianView(
  page: Page,
): Promise<{ unseen: number; total: number; passengerId: string }> {
  const token = await accessToken(page)
  const newest = (await apiGet(page, '/api/message', token)).body as {
    unseenCount: number
    totalPages: number
    items: unknown[]
  }
  const passengers = await apiGet(page, '/api/passenger', token)
  return {
    unseen: newest.unseenCount,
    total: (newest.totalPages - 1) * 10 + newest.items.length,
    passengerId: (passengers.body as { id: string }[])[0]!.id,
  }
}
