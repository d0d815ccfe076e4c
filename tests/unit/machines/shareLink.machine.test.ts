import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { shareLinkMachine, type ShareWay } from '../../../machines/shareLink/shareLink.machine'
import type { TrackingLink, TrackingLinkRequest } from '../../../src/contract/tracking'

const request: TrackingLinkRequest = { passengerId: 'p1', tripId: 't1', date: '2026-11-21' }
const linkOf = (link: string): TrackingLink => ({
  link,
  id: 't1',
  date: '2026-11-21',
  validFrom: '2026-11-21T09:00:00+02:00',
  validUntil: '2026-11-21T11:00:00+02:00',
})
const current = linkOf('currentcurrentcurrent1')
const created = linkOf('createdcreatedcreated1')

function start(
  options: {
    load?: () => Promise<TrackingLink | null>
    create?: () => Promise<TrackingLink>
    share?: (link: TrackingLink) => Promise<ShareWay>
    revoke?: (link: TrackingLink) => Promise<void>
  } = {},
) {
  const shared = vi.fn(options.share ?? (() => Promise.resolve<ShareWay>('copied')))
  const revoked = vi.fn(options.revoke ?? (() => Promise.resolve()))
  const machine = shareLinkMachine.provide({
    actors: {
      loadLink: fromPromise(options.load ?? (() => Promise.resolve(null))),
      createLink: fromPromise(options.create ?? (() => Promise.resolve(created))),
      shareLink: fromPromise(({ input }: { input: TrackingLink }) => shared(input)),
      revokeLink: fromPromise(({ input }: { input: TrackingLink }) => revoked(input)),
    },
  })
  const actor = createActor(machine, { input: { request } }).start()
  const idle = () => waitFor(actor, (snapshot) => snapshot.matches('idle'))
  return { actor, shared, revoked, idle, context: () => actor.getSnapshot().context }
}

describe('share link machine', () => {
  it('starts with no link and no error when the current link cannot be read', async () => {
    const share = start({ load: () => Promise.reject(new Error('offline')) })
    await share.idle()
    expect(share.context()).toMatchObject({ link: null, failure: null })
  })

  it('reads the trip’s current link first', async () => {
    const share = start({ load: () => Promise.resolve(current) })
    await share.idle()
    expect(share.context()).toMatchObject({ link: current, outcome: null, failure: null })
  })

  it.each([['shared'], ['copied']] as const)('creates a link and hands it on: %s', async (way) => {
    const share = start({ share: () => Promise.resolve(way) })
    await share.idle()
    share.actor.send({ type: 'share' })
    await share.idle()
    expect(share.shared).toHaveBeenCalledWith(created)
    expect(share.context()).toMatchObject({ link: created, outcome: way, failure: null })
  })

  it('says nothing when the user closes the share sheet, and keeps the link', async () => {
    const share = start({ share: () => Promise.resolve('dismissed') })
    await share.idle()
    share.actor.send({ type: 'share' })
    await share.idle()
    expect(share.context()).toMatchObject({ link: created, outcome: null, failure: null })
  })

  it.each([
    ['create', { create: () => Promise.reject(new Error('x')) }],
    ['share', { share: () => Promise.reject(new Error('x')) }],
  ] as const)('tells a failure to %s, and can try again', async (failure, options) => {
    const share = start(options)
    await share.idle()
    share.actor.send({ type: 'share' })
    await share.idle()
    expect(share.context().failure).toBe(failure)
    share.actor.send({ type: 'share' })
    expect(share.context().failure).toBeNull()
  })

  it('revokes only after the confirmation, and not when cancelled', async () => {
    const share = start({ load: () => Promise.resolve(current) })
    await share.idle()
    share.actor.send({ type: 'revoke' })
    expect(share.actor.getSnapshot().matches('confirming')).toBe(true)
    share.actor.send({ type: 'revoke.cancel' })
    expect(share.revoked).not.toHaveBeenCalled()
    share.actor.send({ type: 'revoke' })
    share.actor.send({ type: 'revoke.confirm' })
    await share.idle()
    expect(share.revoked).toHaveBeenCalledWith(current)
    expect(share.context()).toMatchObject({ link: null, outcome: 'revoked' })
  })

  it('offers no revoking without a link, and keeps the link when revoking fails', async () => {
    const share = start({ revoke: () => Promise.reject(new Error('x')) })
    await share.idle()
    share.actor.send({ type: 'revoke' })
    expect(share.actor.getSnapshot().matches('idle')).toBe(true)
    share.actor.send({ type: 'share' })
    await share.idle()
    share.actor.send({ type: 'revoke' })
    share.actor.send({ type: 'revoke.confirm' })
    await share.idle()
    expect(share.context()).toMatchObject({ link: created, failure: 'revoke' })
  })
})
