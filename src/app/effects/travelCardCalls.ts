import { fromPromise } from 'xstate'
import {
  registerTravelCardMachine,
  type CardRegistration,
} from '../../../machines/travelCard/registerTravelCard.machine'
import { travelCardRefusalOf, type TravelCardForm } from '../../domain/invitations'
import { reachClient, type Actions } from '../data/actions'
import { acceptInvitation, leaveToAccept, statusOf, type InvitationCalls } from './acceptInvitation'

/** `POST api/account/registercard`: no login; a matching card answers a fresh invitation. */
async function registerCard({ api }: InvitationCalls, form: TravelCardForm): Promise<CardRegistration> {
  try {
    const invitation = await (await reachClient(api)).call('registerTravelCard', { body: form })
    return { kind: 'found', invitation }
  } catch (error) {
    return { kind: travelCardRefusalOf(statusOf(error)) }
  }
}

/** The travel card screen's calls (machines/travelCard/registerTravelCard.machine.ts). */
export function travelCardEffects(
  platform: InvitationCalls,
  actions: Actions,
  showPassengers: () => void,
): Parameters<typeof registerTravelCardMachine.provide>[0] {
  return {
    actors: {
      register: fromPromise(({ input }: { input: TravelCardForm }) => registerCard(platform, input)),
      accept: fromPromise(({ input }: { input: string }) => acceptInvitation(platform, actions, input)),
    },
    actions: {
      leave: (_, { page, code }) => leaveToAccept(platform, page, code),
      showPassengers,
    },
  }
}

/** The travel card machine with its calls provided, for the screen's `useMachine`. */
export function travelCardWithEffects(
  platform: InvitationCalls,
  actions: Actions,
  showPassengers: () => void,
) {
  return registerTravelCardMachine.provide(travelCardEffects(platform, actions, showPassengers))
}
