// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '../../../src/api/client'
import type { Platform } from '../../../src/app/platform'
import type { TrackingLink } from '../../../src/contract/tracking'
import { account } from '../db/samples'
import { anna, dayFromToday, tripOn } from './support/data'
import { fakePlatform, mountScreen, waitForText, type MountedScreen } from './support/mount'

const tomorrow = dayFromToday(1)
const linkOf = (link: string): TrackingLink => ({
  link,
  id: 't1',
  date: tomorrow,
  validFrom: `${tomorrow}T09:00:00+02:00`,
  validUntil: `${tomorrow}T11:00:00+02:00`,
})
const created = linkOf('createdcreatedcreated1')
const url = `http://espoo.localhost:8080/track/${created.link}`

/** Anna's trip tomorrow over an API whose tracking link calls answer as a server would, starting with `current`. */
async function sharingPlatform(current: TrackingLink | null = null) {
  const platform = await fakePlatform({
    account,
    passengers: [anna],
    places: {},
    trips: { p1: [tripOn('t1', anna, tomorrow, ['10:00', '10:30'])] },
  })
  let link = current
  const call = vi.fn(async (name: string) => {
    if (name === 'getTrackingLink') return link
    if (name === 'createTrackingLink') return (link ??= created)
    if (name === 'revokeTrackingLink') return (link = null)
    throw new Error(`Unexpected call ${name}`)
  })
  const shared: Platform = {
    ...platform,
    api: () => Promise.resolve({ call } as unknown as ApiClient),
  }
  return { platform: shared, call }
}

function button(name: string): HTMLButtonElement {
  const found = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === name)
  if (!found) throw new Error(`No button ${name}`)
  return found
}

async function clickWhenEnabled(name: string) {
  await vi.waitFor(() => expect(button(name).disabled).toBe(false))
  button(name).click()
}

/** The sharing section's status (the trip detail has a status of its own above it, for a cancellation). */
const statusText = (screen: MountedScreen) =>
  screen.main().querySelector('section[aria-labelledby] [role="status"]')?.textContent

afterEach(() => vi.unstubAllGlobals())

describe('the trip detail: sharing a tracking link', { timeout: 20_000 }, () => {
  it('creates the link and hands it to the share sheet where the device has one', async () => {
    const share = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, onLine: true, share })
    const { platform, call } = await sharingPlatform()
    const screen = await mountScreen(platform, `/trips/t1/${tomorrow}`)
    await waitForText(screen, 'Share tracking link')
    await clickWhenEnabled('Share tracking link')
    await waitForText(screen, 'Tracking link shared.')
    expect(call).toHaveBeenCalledWith('createTrackingLink', {
      body: { passengerId: 'p1', tripId: 't1', date: tomorrow },
    })
    expect(share).toHaveBeenCalledWith({ title: 'Follow the trip', url })
    expect(screen.text()).toContain(url)
  })

  it('copies the link to the clipboard where there is no share sheet, and says so politely', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, onLine: true, share: undefined, clipboard: { writeText } })
    const { platform } = await sharingPlatform()
    const screen = await mountScreen(platform, `/trips/t1/${tomorrow}`)
    await clickWhenEnabled('Share tracking link')
    await waitForText(screen, 'Tracking link copied to the clipboard.')
    expect(writeText).toHaveBeenCalledWith(url)
    expect(statusText(screen)).toBe('Tracking link copied to the clipboard.')
  })

  it('shows the current link and revokes it after the confirmation', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: true })
    const { platform, call } = await sharingPlatform(created)
    const screen = await mountScreen(platform, `/trips/t1/${tomorrow}`)
    await waitForText(screen, url)
    await clickWhenEnabled('Revoke link')
    // The confirmation's own button (in the dialog, outside main) does the revoking.
    await vi.waitFor(() => expect(document.querySelector('[role="alertdialog"]')).not.toBeNull())
    expect(call).not.toHaveBeenCalledWith('revokeTrackingLink', expect.anything())
    const dialog = document.querySelector('[role="alertdialog"]') as HTMLElement
    Array.from(dialog.querySelectorAll('button'))
      .find((b) => b.textContent === 'Revoke link')
      ?.click()
    await waitForText(screen, 'Tracking link revoked. It no longer works.')
    expect(call).toHaveBeenCalledWith('revokeTrackingLink', { params: { link: created.link } })
    expect(screen.text()).not.toContain(url)
  })

  it('says sharing needs a connection while offline', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false })
    const { platform } = await sharingPlatform()
    const screen = await mountScreen(platform, `/trips/t1/${tomorrow}`)
    await waitForText(screen, 'Sharing needs a connection')
    expect(button('Sharing needs a connection').disabled).toBe(true)
  })

  it('offers no sharing for a trip that is over', async () => {
    const { platform } = await sharingPlatform()
    const ended = await fakePlatform({
      account,
      passengers: [anna],
      places: {},
      trips: {
        p1: [tripOn('t1', anna, tomorrow, ['10:00', '10:30'], { cancelledAt: `${tomorrow}T08:00:00+02:00` })],
      },
    })
    const screen = await mountScreen({ ...ended, api: platform.api }, `/trips/t1/${tomorrow}`)
    const text = await waitForText(screen, 'The trip has been cancelled')
    expect(text).not.toContain('Share tracking link')
  })
})
