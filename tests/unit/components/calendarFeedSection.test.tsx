// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { activateCatalog } from '../../../src/app/startup/i18n'
import { PlatformProvider, type Platform } from '../../../src/app/platform'
import { CalendarFeedSection } from '../../../src/components/notifications/CalendarFeedSection'
import type { CalendarFeed } from '../../../src/contract/notifications'
import { account } from '../db/samples'
import { anna } from '../screens/support/data'
import { fakePlatform, withSessionCalls } from '../screens/support/mount'

const feedOf = (token: string): CalendarFeed => ({
  url: `https://espoo.example/calendar/${token}.ics`,
  webcalUrl: `webcal://espoo.example/calendar/${token}.ics`,
  createdAt: '2026-11-28T10:00:00+02:00',
})

/** A platform whose feed calls answer as the server would: none at first, a new token at each renewal. */
async function feedPlatform() {
  const platform = await fakePlatform({ account, passengers: [anna], places: {}, trips: {} })
  let feed: CalendarFeed | null = null
  let made = 0
  const call = vi.fn(async (name: string) => {
    if (name === 'getCalendarFeed') return feed
    if (name === 'renewCalendarFeed') return (feed = feedOf(`token${++made}`.padEnd(22, 'x')))
    throw new Error(`Unexpected call ${name}`)
  })
  return { platform: withSessionCalls(platform, call), call }
}

const unmounts: (() => void)[] = []
afterEach(() => {
  unmounts.splice(0).forEach((unmount) => unmount())
  vi.unstubAllGlobals()
})

/** The section in Finnish, from the real catalogs. */
async function mountInFinnish(platform: Platform): Promise<HTMLElement> {
  const catalog = activateCatalog('fi')
  const i18n = await catalog.ready
  // The section's messages are in the settings part, which its screen loads.
  await catalog.loadRouteMessages(['/_auth/notifications'])
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  const container = document.body.appendChild(document.createElement('div'))
  const root = createRoot(container)
  act(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <PlatformProvider value={platform}>
          <CalendarFeedSection />
        </PlatformProvider>
      </I18nProvider>,
    ),
  )
  unmounts.push(() => {
    act(() => root.unmount())
    container.remove()
  })
  return container
}

function button(name: string): HTMLButtonElement {
  const found = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === name)
  if (!found) throw new Error(`No button ${name} in ${document.body.textContent}`)
  return found
}

async function clickWhenEnabled(name: string) {
  await vi.waitFor(() => expect(button(name).disabled).toBe(false))
  act(() => button(name).click())
}

const statusText = (section: HTMLElement) => section.querySelector('[role="status"]')?.textContent

describe('the calendar feed section', { timeout: 20_000 }, () => {
  it('makes a link, copies it, and makes a new one only after the confirmation', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, onLine: true, clipboard: { writeText } })
    const { platform, call } = await feedPlatform()
    const section = await mountInFinnish(platform)
    expect(section.querySelector('h2')?.textContent).toBe('Kalenteri')

    await clickWhenEnabled('Tee kalenterilinkki')
    await vi.waitFor(() => expect(statusText(section)).toBe('Kalenterilinkki tehty.'))
    const first = feedOf('token1'.padEnd(22, 'x'))
    expect(section.querySelector('input')?.value).toBe(first.url)
    expect(section.querySelector('a')?.getAttribute('href')).toBe(first.webcalUrl)
    expect(section.querySelector('a')?.textContent).toBe('Avaa kalenterisovelluksessa')

    await clickWhenEnabled('Kopioi linkki')
    await vi.waitFor(() => expect(statusText(section)).toBe('Kalenterilinkki kopioitu leikepöydälle.'))
    expect(writeText).toHaveBeenCalledWith(first.url)

    await clickWhenEnabled('Tee uusi linkki')
    const dialog = await vi.waitFor(() => {
      const found = document.querySelector('[role="alertdialog"]')
      if (!found) throw new Error('No confirmation')
      return found
    })
    expect(dialog.textContent).toContain('Tehdäänkö uusi kalenterilinkki?')
    expect(call).toHaveBeenCalledTimes(2)
    const confirm = Array.from(dialog.querySelectorAll('button')).find(
      (b) => b.textContent === 'Tee uusi linkki',
    )!
    act(() => confirm.click())
    await vi.waitFor(() =>
      expect(statusText(section)).toBe('Uusi kalenterilinkki tehty. Vanha ei enää toimi.'),
    )
    expect(section.querySelector('input')?.value).toBe(feedOf('token2'.padEnd(22, 'x')).url)
  })

  it('offline, says why a link cannot be made', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false })
    const { platform } = await feedPlatform()
    const section = await mountInFinnish(platform)
    await vi.waitFor(() =>
      expect(section.textContent).toContain('Kalenterilinkin tekeminen vaatii yhteyden.'),
    )
    expect(button('Tee kalenterilinkki').disabled).toBe(true)
  })
})
