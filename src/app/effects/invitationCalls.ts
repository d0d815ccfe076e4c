import { fromPromise } from 'xstate'
import type {
  AcceptOutcome,
  InvitationLoad,
  invitationMachine,
} from '../../../machines/invitation/invitation.machine'
import type {
  CardRegistration,
  registerTravelCardMachine,
} from '../../../machines/travelCard/registerTravelCard.machine'
import { ApiRequestError } from '../../api/errors'
import {
  invitationRefusalOf,
  signInToAcceptUrl,
  travelCardRefusalOf,
  type InvitationRefusal,
  type SignInToAccept,
  type TravelCardForm,
} from '../../domain/invitations'
import { reachClient, type Actions } from '../data/actions'
import { authSettled } from '../session/authSettled'
import type { Platform } from '../platform'

type Calls = Pick<Platform, 'api' | 'auth' | 'env' | 'locale' | 'userSession'>

/** The HTTP status of a failed call; 0 when there was no answer. */
const statusOf = (error: unknown): number => (error instanceof ApiRequestError ? error.status : 0)
const refusalOf = (error: unknown): InvitationRefusal =>
  invitationRefusalOf(statusOf(error), error instanceof ApiRequestError ? error.body?.code : undefined)

/**
 * `GET api/invitation/{code}`: no login needed, but sent once auth has settled, so that a signed-in user's token
 * goes with it and an invitation they accepted shows as theirs.
 */
async function loadInvitation({ api, auth }: Calls, code: string): Promise<InvitationLoad> {
  try {
    await authSettled(auth)
    const invitation = await (await reachClient(api)).call('getInvitation', { params: { code } })
    return { kind: 'found', invitation }
  } catch (error) {
    return { kind: refusalOf(error) }
  }
}

/** `POST api/invitation` through the actions, which put the passengers in the user's local data. */
async function acceptInvitation({ auth }: Calls, actions: Actions, code: string): Promise<AcceptOutcome> {
  try {
    await authSettled(auth)
    await actions.acceptInvitation(code)
    return { kind: 'accepted' }
  } catch (error) {
    return { kind: refusalOf(error) }
  }
}

/** `POST api/account/registercard`: no login; a matching card answers a fresh invitation. */
async function registerCard({ api }: Calls, form: TravelCardForm): Promise<CardRegistration> {
  try {
    const invitation = await (await reachClient(api)).call('registerTravelCard', { body: form })
    return { kind: 'found', invitation }
  } catch (error) {
    return { kind: travelCardRefusalOf(statusOf(error)) }
  }
}

/**
 * The spec's full-page navigation to the server page that takes the invitation through the sign-in. A
 * signed-in user leaves through the portal's own logout, so that their local data is gone (and the question
 * about unsent commands asked) before the next user signs in on this device.
 */
function leaveToAccept({ env, locale, userSession }: Calls, page: SignInToAccept, code: string): void {
  const url = signInToAcceptUrl(page, { pathPrefix: env.pathPrefix, code, locale })
  if (page === 'logoutandacceptinvite') userSession.send({ type: 'logout.request', leaveTo: url })
  else window.location.assign(url)
}

/** The invitation screen's calls (machines/invitation/invitation.machine.ts). */
export function invitationEffects(
  platform: Calls,
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

/** The travel card screen's calls (machines/travelCard/registerTravelCard.machine.ts). */
export function travelCardEffects(
  platform: Calls,
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
