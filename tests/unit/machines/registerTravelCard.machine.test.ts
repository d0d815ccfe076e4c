import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { AcceptOutcome } from '../../../machines/invitation/invitation.machine'
import {
  registerTravelCardMachine,
  type CardRegistration,
} from '../../../machines/travelCard/registerTravelCard.machine'
import type { Invitation } from '../../../src/contract/invitations'
import type { TravelCardForm } from '../../../src/domain/invitations'

const invitation: Invitation = {
  code: 'AAAAAAAAAAAAAAAAAAAAAA',
  acceptedByUser: false,
  validUntil: '2026-11-24T11:00:00+02:00',
  requiresVerifiedIdentity: false,
  items: [{ passenger: { id: 'p1', name: 'Ville Kortesalmi', avatarText: 'VK' } }],
}

function start(options: {
  signedIn: boolean
  register?: (form: TravelCardForm) => Promise<CardRegistration>
  accept?: () => Promise<AcceptOutcome>
}) {
  const register = vi.fn(
    options.register ?? (() => Promise.resolve<CardRegistration>({ kind: 'found', invitation })),
  )
  const accept = vi.fn(options.accept ?? (() => Promise.resolve<AcceptOutcome>({ kind: 'accepted' })))
  const leave = vi.fn()
  const showPassengers = vi.fn()
  const machine = registerTravelCardMachine.provide({
    actors: {
      register: fromPromise(({ input }: { input: TravelCardForm }) => register(input)),
      accept: fromPromise(({ input }: { input: string }) => {
        expect(input).toBe(invitation.code)
        return accept()
      }),
    },
    actions: { leave: (_, params) => leave(params), showPassengers },
  })
  const actor = createActor(machine, { input: { signedIn: options.signedIn } }).start()
  const fill = (name: string, cardNumber: string) => {
    actor.send({ type: 'field.change', field: 'name', value: name })
    actor.send({ type: 'field.change', field: 'cardNumber', value: cardNumber })
  }
  const settled = () =>
    waitFor(actor, (snapshot) => !snapshot.matches('loading') && !snapshot.matches({ success: 'adding' }))
  return { actor, register, accept, leave, showPassengers, fill, settled }
}

describe('travel card registration machine (spec sections 2, 4, 5 and 8)', () => {
  it('sends nothing until both name and card number are filled', () => {
    const card = start({ signedIn: false })
    card.actor.send({ type: 'send' })
    card.fill('Ville Kortesalmi', '  ')
    card.actor.send({ type: 'send' })
    expect(card.actor.getSnapshot().value).toBe('idle')
    expect(card.register).not.toHaveBeenCalled()
  })

  it('sends the fields trimmed and receives an invitation', async () => {
    const card = start({ signedIn: false })
    card.fill(' Ville Kortesalmi ', '7300 1000 0001 ')
    card.actor.send({ type: 'send' })
    expect(card.actor.getSnapshot().value).toBe('loading')
    const done = await card.settled()
    expect(card.register).toHaveBeenCalledWith({ name: 'Ville Kortesalmi', cardNumber: '7300 1000 0001' })
    expect(done.value).toEqual({ success: 'ready' })
    expect(done.context.invitation).toEqual(invitation)
  })

  it.each([
    [{ kind: 'not_found' } as const, 'notFound'],
    [{ kind: 'failed' } as const, 'failed'],
  ])('a registration that gives %j is %s, and an edit clears it', async (result, state) => {
    const card = start({ signedIn: false, register: () => Promise.resolve(result) })
    card.fill('Ville Kortesalmi', '7300 1000 0009')
    card.actor.send({ type: 'send' })
    expect((await card.settled()).value).toBe(state)
    card.actor.send({ type: 'field.change', field: 'cardNumber', value: '7300 1000 0001' })
    expect(card.actor.getSnapshot().value).toBe('idle')
    expect(card.actor.getSnapshot().context.form).toEqual({
      name: 'Ville Kortesalmi',
      cardNumber: '7300 1000 0001',
    })
  })

  it('can be sent again straight after a refusal', async () => {
    const results: CardRegistration[] = [{ kind: 'not_found' }, { kind: 'found', invitation }]
    const card = start({ signedIn: false, register: () => Promise.resolve(results.shift()!) })
    card.fill('Ville Kortesalmi', '7300 1000 0001')
    card.actor.send({ type: 'send' })
    await card.settled()
    card.actor.send({ type: 'send' })
    expect((await card.settled()).value).toEqual({ success: 'ready' })
  })

  it('signed in, Add to current accepts the invitation and then shows the passengers', async () => {
    const card = start({ signedIn: true })
    card.fill('Ville Kortesalmi', '7300 1000 0001')
    card.actor.send({ type: 'send' })
    await card.settled()
    card.actor.send({ type: 'continue' })
    expect(card.leave).not.toHaveBeenCalled()
    card.actor.send({ type: 'addToCurrent' })
    expect((await card.settled()).value).toBe('added')
    expect(card.accept).toHaveBeenCalledTimes(1)
    expect(card.showPassengers).toHaveBeenCalledTimes(1)
  })

  it.each([
    [() => Promise.resolve<AcceptOutcome>({ kind: 'not_found' }), 'not_found'],
    [() => Promise.resolve<AcceptOutcome>({ kind: 'busy' }), 'busy'],
    [() => Promise.resolve<AcceptOutcome>({ kind: 'identity_required' }), 'identity_required'],
    [() => Promise.reject(new Error('offline')), 'failed'],
  ] as const)('a failed Add to current stays with the invitation and says why (%#)', async (accept, why) => {
    const card = start({ signedIn: true, accept })
    card.fill('Ville Kortesalmi', '7300 1000 0001')
    card.actor.send({ type: 'send' })
    await card.settled()
    card.actor.send({ type: 'addToCurrent' })
    const after = await card.settled()
    expect(after.value).toEqual({ success: 'ready' })
    expect(after.context.acceptFailure).toBe(why)
    expect(card.showPassengers).not.toHaveBeenCalled()
  })

  it('signed in, Create new leaves through the logout page with the invitation', async () => {
    const card = start({ signedIn: true })
    card.fill('Ville Kortesalmi', '7300 1000 0001')
    card.actor.send({ type: 'send' })
    await card.settled()
    card.actor.send({ type: 'createNew' })
    expect(card.actor.getSnapshot().value).toBe('leaving')
    expect(card.leave).toHaveBeenCalledWith({ page: 'logoutandacceptinvite', code: invitation.code })
    expect(card.accept).not.toHaveBeenCalled()
  })

  it('anonymous, Continue goes to the sign-in with the invitation; the other choices are not theirs', async () => {
    const card = start({ signedIn: false })
    card.fill('Ville Kortesalmi', '7300 1000 0001')
    card.actor.send({ type: 'send' })
    await card.settled()
    card.actor.send({ type: 'addToCurrent' })
    card.actor.send({ type: 'createNew' })
    expect(card.actor.getSnapshot().value).toEqual({ success: 'ready' })
    card.actor.send({ type: 'continue' })
    expect(card.leave).toHaveBeenCalledExactlyOnceWith({ page: 'acceptinvite', code: invitation.code })
    expect(card.accept).not.toHaveBeenCalled()
  })
})
