import { useMemo } from 'react'
import type {
  AcceptedInvitation,
  AccountEditRequest,
  ChangeEmailRequest,
  ChangePasswordRequest,
  Passenger,
  User,
} from '../../contract'
import type { ApiClient } from '../../api/client'
import { ApiRequestError } from '../../api/errors'
import { usePlatform, type Platform } from '../platform'
import type { UserSession } from '../session/session'

export { ApiRequestError } from '../../api/errors'

/**
 * Calls that need the network. They fail with ApiRequestError (status 0 when offline); on success they write
 * the server's answer to the local database at once, and ask the sync worker for a fresh pull, so every
 * screen shows the change without waiting for the next periodic pull.
 */
export interface Actions {
  /** Claims a passenger with an access code token. */
  addPassenger(token: string): Promise<Passenger>
  /** Changes a passenger's initials. */
  updatePassenger(id: string, avatarText: string): Promise<Passenger>
  /** Creates a username and password for a user who has none. */
  createLogin(request: AccountEditRequest): Promise<User>
  changePassword(request: ChangePasswordRequest): Promise<User>
  /** Sets or changes the user's email. */
  changeEmail(request: ChangeEmailRequest): Promise<User>
  /** Sends the link that confirms the unconfirmed email again. */
  resendEmailConfirmation(): Promise<User>
  /** Accepts an invitation: its passengers are granted to the user. */
  acceptInvitation(code: string): Promise<AcceptedInvitation>
}

/** The platform's API client, or an ApiRequestError with status 0 when its chunk cannot load (as good as offline). */
export async function reachClient(api: Platform['api']): Promise<ApiClient> {
  try {
    return await api()
  } catch {
    throw new ApiRequestError(0, null)
  }
}

/** The actions over the platform's API client and open user session. */
export function createActions({ sessions, api }: Pick<Platform, 'sessions' | 'api'>): Actions {
  async function afterSuccess(write: (session: UserSession) => Promise<void>): Promise<void> {
    const session = sessions.getState().session
    if (!session) return
    await write(session)
    void session.sync.pullNow()
  }

  const client = () => reachClient(api)

  /** An account call's answer, the user, kept as the local account row. */
  async function keepAccount(answer: Promise<User>): Promise<User> {
    const user = await answer
    await afterSuccess((session) => session.db.saveAccount(user))
    return user
  }

  return {
    async addPassenger(token) {
      const passenger = await (await client()).call('addPassenger', { body: { token } })
      await afterSuccess((session) => session.db.savePassenger(passenger))
      return passenger
    },
    async updatePassenger(id, avatarText) {
      const passenger = await (
        await client()
      ).call('updatePassenger', { params: { id }, body: { avatarText } })
      await afterSuccess((session) => session.db.savePassenger(passenger))
      return passenger
    },
    createLogin: async (request) => keepAccount((await client()).call('editAccount', { body: request })),
    changePassword: async (request) =>
      keepAccount((await client()).call('changePassword', { body: request })),
    changeEmail: async (request) => keepAccount((await client()).call('changeEmail', { body: request })),
    resendEmailConfirmation: async () => keepAccount((await client()).call('resendEmailConfirmation', {})),
    async acceptInvitation(code) {
      const accepted = await (await client()).call('acceptInvitation', { body: { code } })
      await afterSuccess(async (session) => {
        for (const { passenger } of accepted) await session.db.savePassenger(passenger)
      })
      return accepted
    },
  }
}

export function useActions(): Actions {
  const platform = usePlatform()
  return useMemo(() => createActions(platform), [platform])
}
