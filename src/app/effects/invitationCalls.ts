import { fromPromise } from 'xstate'
import { invitationMachine, type InvitationLoad } from '../../../machines/invitation/invitation.machine'
import { reachClient, type Actions } from '../data/actions'
import { authSettled } from '../session/authSettled'
import { acceptInvitation, leaveToAccept, refusalOf, type InvitationCalls } from './acceptInvitation'

/**
 * `GET api/invitation/{code}`: no login needed, but sent once auth has settled, so that a signed-in user's token
 * goes with it and an invitation they accepted shows as theirs.
 */
async function loadInvitation({ api, auth }: InvitationCalls, code: string): Promise<InvitationLoad> {
  try {
    await authSettled(auth)
    const invitation = await (await reachClient(api)).call('getInvitation', { params: { code } })
    return { kind: 'found', invitation }
  } catch (error) {
    return { kind: refusalOf(error) }
  }
}

/** The invitation screen's calls (machines/invitation/invitation.machine.ts). */
export function invitationEffects(
  platform: InvitationCalls,
  actions: Actions,
): Parameters<typeof invitationMachine.provide>[0] {
  return {
    actors: {
      load: fromPromise(({ input }: { input: string }) => loadInvitation(platform, input)),
      accept: fromPromise(({ input }: { input: string }) => acceptInvitation(platform, actions, input)),
    },
    actions: { leave: (_, { page, code }) => leaveToAccept(platform, page, code) },
  }
}

/** The invitation machine with its calls provided, for the screen's `useMachine`. */
export function invitationWithEffects(platform: InvitationCalls, actions: Actions) {
  return invitationMachine.provide(invitationEffects(platform, actions))
}
