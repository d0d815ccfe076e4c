import type { AccountEditRequest, ChangePasswordRequest, Passenger, User } from '../contract'
import { ApiRequestError } from '../api/errors'
import { platform } from './platform'
import type { UserSession } from './session'

export { ApiRequestError } from '../api/errors'

/**
 * Calls that need the network. They fail with ApiRequestError (status 0 when offline); on success they write
 * the server's answer to the local database at once, and ask the sync worker for a fresh pull, so every
 * screen shows the change without waiting for the next periodic pull.
 */

async function afterSuccess(write: (session: UserSession) => Promise<void>): Promise<void> {
  const session = platform().sessions.getState().session
  if (!session) return
  await write(session)
  void session.sync.pullNow()
}

async function api() {
  try {
    return await platform().api()
  } catch {
    // The client's chunk could not load: as good as offline.
    throw new ApiRequestError(0, null)
  }
}

/** Claims a passenger with an access code token. */
export async function addPassenger(token: string): Promise<Passenger> {
  const passenger = await (await api()).call('addPassenger', { body: { token } })
  await afterSuccess((session) => session.db.savePassenger(passenger))
  return passenger
}

/** Changes a passenger's initials. */
export async function updatePassenger(id: string, avatarText: string): Promise<Passenger> {
  const passenger = await (await api()).call('updatePassenger', { params: { id }, body: { avatarText } })
  await afterSuccess((session) => session.db.savePassenger(passenger))
  return passenger
}

/** Creates a username and password for a user who has none. */
export async function createLogin(request: AccountEditRequest): Promise<User> {
  const user = await (await api()).call('editAccount', { body: request })
  await afterSuccess((session) => session.db.saveAccount(user))
  return user
}

export async function changePassword(request: ChangePasswordRequest): Promise<User> {
  const user = await (await api()).call('changePassword', { body: request })
  await afterSuccess((session) => session.db.saveAccount(user))
  return user
}
