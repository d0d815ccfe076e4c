import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  invitationMachine,
  type AcceptOutcome,
  type InvitationLoad,
} from '../../../machines/invitation/invitation.machine'
import type { Invitation } from '../../../src/contract/invitations'

const code = 'demo-invitation-espoo-01'
const invitationOf = (acceptedByUser: boolean): Invitation => ({
  code,
  acceptedByUser,
  validUntil: '2027-02-21T10:00:00+02:00',
  requiresVerifiedIdentity: false,
  items: [{ passenger: { id: 'p1', name: 'Kerttu Salminen', avatarText: 'KS' } }],
})
const found = (acceptedByUser = false): InvitationLoad => ({
  kind: 'found',
  invitation: invitationOf(acceptedByUser),
})

function start(options: {
  signedIn: boolean
  loads: InvitationLoad[]
  accept?: () => Promise<AcceptOutcome>
}) {
  const loads = [...options.loads]
  const load = vi.fn(() => {
    const next = loads.shift()
    return next ? Promise.resolve(next) : Promise.reject(new Error('no more loads'))
  })
  const accept = vi.fn(options.accept ?? (() => Promise.resolve<AcceptOutcome>({ kind: 'accepted' })))
  const leave = vi.fn()
  const machine = invitationMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: string }) => {
        expect(input).toBe(code)
        return load()
      }),
      accept: fromPromise(({ input }: { input: string }) => {
        expect(input).toBe(code)
        return accept()
      }),
    },
    actions: { leave: (_, params) => leave(params) },
  })
  const actor = createActor(machine, { input: { code, signedIn: options.signedIn } }).start()
  const settled = () =>
    waitFor(actor, (snapshot) => !snapshot.matches('loading') && !snapshot.matches('accepting'))
  return { actor, load, accept, leave, settled }
}

describe('invitation machine (spec sections 2, 4 and 8)', () => {
  it.each([
    [{ kind: 'not_found' } as const, 'notFound'],
    [{ kind: 'busy' } as const, 'tooManyRequests'],
    [{ kind: 'failed' } as const, 'failed'],
  ])('a load that gives %j is %s', async (load, state) => {
    const invitation = start({ signedIn: false, loads: [load] })
    expect((await invitation.settled()).value).toBe(state)
  })

  it('tries again after too many requests, and then shows the invitation', async () => {
    const invitation = start({ signedIn: false, loads: [{ kind: 'busy' }, found()] })
    await invitation.settled()
    invitation.actor.send({ type: 'retry' })
    const shown = await invitation.settled()
    expect(shown.value).toBe('shown')
    expect(shown.context.invitation?.items[0]?.passenger.name).toBe('Kerttu Salminen')
  })

  it('signed in, accepts through the API and loads the invitation again, now as the user’s', async () => {
    const invitation = start({ signedIn: true, loads: [found(false), found(true)] })
    await invitation.settled()
    invitation.actor.send({ type: 'accept' })
    const shown = await invitation.settled()
    expect(invitation.accept).toHaveBeenCalledTimes(1)
    expect(invitation.load).toHaveBeenCalledTimes(2)
    expect(invitation.leave).not.toHaveBeenCalled()
    expect(shown.value).toBe('shown')
    expect(shown.context).toMatchObject({ acceptedHere: true, acceptFailure: null })
    expect(shown.context.invitation?.acceptedByUser).toBe(true)
  })

  it('anonymous, accepting leaves for the sign-in with the code and calls no API', async () => {
    const invitation = start({ signedIn: false, loads: [found()] })
    await invitation.settled()
    invitation.actor.send({ type: 'accept' })
    expect(invitation.actor.getSnapshot().value).toBe('leaving')
    expect(invitation.leave).toHaveBeenCalledWith({ page: 'acceptinvite', code })
    expect(invitation.accept).not.toHaveBeenCalled()
  })

  it('signed in, accepting with another account logs out through the server page', async () => {
    const invitation = start({ signedIn: true, loads: [found()] })
    await invitation.settled()
    invitation.actor.send({ type: 'acceptAsOther' })
    expect(invitation.leave).toHaveBeenCalledWith({ page: 'logoutandacceptinvite', code })
    expect(invitation.accept).not.toHaveBeenCalled()
  })

  it('anonymous, there is no other account to leave', async () => {
    const invitation = start({ signedIn: false, loads: [found()] })
    await invitation.settled()
    invitation.actor.send({ type: 'acceptAsOther' })
    expect(invitation.actor.getSnapshot().value).toBe('shown')
    expect(invitation.leave).not.toHaveBeenCalled()
  })

  it('an invitation already the user’s is not accepted again', async () => {
    const invitation = start({ signedIn: true, loads: [found(true)] })
    await invitation.settled()
    invitation.actor.send({ type: 'accept' })
    invitation.actor.send({ type: 'acceptAsOther' })
    expect(invitation.actor.getSnapshot().value).toBe('shown')
    expect(invitation.accept).not.toHaveBeenCalled()
    expect(invitation.leave).not.toHaveBeenCalled()
  })

  it('an accept refused as not found (taken or expired meanwhile) is not found', async () => {
    const invitation = start({
      signedIn: true,
      loads: [found()],
      accept: () => Promise.resolve({ kind: 'not_found' }),
    })
    await invitation.settled()
    invitation.actor.send({ type: 'accept' })
    expect((await invitation.settled()).value).toBe('notFound')
  })

  it.each([
    [() => Promise.resolve<AcceptOutcome>({ kind: 'busy' }), 'busy'],
    // A travel card's invitation that takes strong authentication says so.
    [() => Promise.resolve<AcceptOutcome>({ kind: 'identity_required' }), 'identity_required'],
    [() => Promise.resolve<AcceptOutcome>({ kind: 'failed' }), 'failed'],
    [() => Promise.reject(new Error('boom')), 'failed'],
  ] as const)('another failed accept keeps the invitation and says why (%#)', async (accept, failure) => {
    const invitation = start({ signedIn: true, loads: [found()], accept })
    await invitation.settled()
    invitation.actor.send({ type: 'accept' })
    const shown = await invitation.settled()
    expect(shown.value).toBe('shown')
    expect(shown.context).toMatchObject({ acceptFailure: failure, acceptedHere: false })
    // Tried again, the failure goes while it runs.
    invitation.actor.send({ type: 'accept' })
    expect(invitation.actor.getSnapshot().context.acceptFailure).toBeNull()
  })
})
