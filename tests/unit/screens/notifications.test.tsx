// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  notificationKinds,
  type NotificationSettings,
  type PushSubscriptionView,
} from '../../../src/contract/notifications'
import { emailDefaultOn } from '../../../src/contract/codes'
import type { Locale } from '../../../src/domain/locale'
import { account } from '../db/samples'
import { anna } from './support/data'
import { fakePlatform, mountScreen, waitForText, withSessionCalls } from './support/mount'

const allOn = Object.fromEntries(
  notificationKinds.map((kind) => [kind, true]),
) as NotificationSettings['passengers'][number]['switches']
const settings: NotificationSettings = {
  reminderTime: '18:00',
  etaMinutes: 10,
  hideDetails: false,
  passengers: [{ passengerId: 'p1', switches: allOn, emailSwitches: { ...emailDefaultOn } }],
  email: { available: true, address: 'verified' },
}
const phone: PushSubscriptionView = {
  id: 'd1',
  userAgentFamily: 'firefox',
  locale: 'sv',
  createdAt: '2026-11-02T10:00:00Z',
  lastDeliveredAt: null,
}
const newDevice: PushSubscriptionView = {
  id: 'd2',
  userAgentFamily: 'chrome',
  locale: 'fi',
  createdAt: '2026-11-20T10:00:00Z',
  lastDeliveredAt: null,
}
const publicKey = 'B'.repeat(87)
const endpoint = 'https://push.example/send/abc'

/** A browser's push parts: a service worker registration whose push manager subscribes, and a permission. */
function browser(
  options: { permission?: NotificationPermission; answer?: NotificationPermission; push?: boolean } = {},
) {
  const subscription = {
    endpoint,
    toJSON: () => ({ endpoint, keys: { p256dh: 'P'.repeat(87), auth: 'A'.repeat(22) } }),
    unsubscribe: vi.fn(async () => true),
  }
  let current: typeof subscription | null = null
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => (current = subscription)),
  }
  const requestPermission = vi.fn(async () => options.answer ?? 'granted')
  const globals: Record<string, unknown> = {
    isSecureContext: true,
    Notification: { permission: options.permission ?? 'default', requestPermission },
    ...(options.push === false ? {} : { PushManager: class {} }),
    matchMedia: () => ({ matches: false }),
  }
  for (const [name, value] of Object.entries(globals)) {
    Object.defineProperty(window, name, { value, configurable: true, writable: true })
    vi.stubGlobal(name, value)
  }
  vi.stubGlobal('navigator', {
    onLine: true,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
    ...(options.push === false ? {} : { serviceWorker: { getRegistration: async () => ({ pushManager }) } }),
  })
  return { pushManager, requestPermission, subscription }
}

/** The user's notification API, answering as the server would from `devices`. */
async function notificationPlatform(
  locale: Locale,
  devices: PushSubscriptionView[] = [],
  answer: NotificationSettings = settings,
) {
  const platform = await fakePlatform({ account, passengers: [anna], places: {}, trips: { p1: [] } })
  let listed = [...devices]
  const call = vi.fn(async (name: string, args?: { body?: unknown; params?: { id: string } }) => {
    switch (name) {
      case 'getNotificationSettings':
        return answer
      case 'saveNotificationSettings':
        return args?.body
      case 'listPushSubscriptions':
        return listed
      case 'getVapidKey':
        return { publicKey }
      case 'subscribePush':
        listed = [...listed, newDevice]
        return newDevice
      case 'unsubscribePush':
        listed = listed.filter((device) => device.id !== args?.params?.id)
        return null
      case 'sendTestNotification':
        return null
    }
    throw new Error(`Unexpected call ${name}`)
  })
  // The screen's calls go through the session's sync worker (src/app/session/sessionClient.ts).
  return { platform: { ...withSessionCalls(platform, call), locale }, call }
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

function setIos(standalone: boolean) {
  vi.stubGlobal('navigator', {
    onLine: true,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1',
    standalone,
  })
}

afterEach(() => {
  vi.unstubAllGlobals()
  for (const name of ['PushManager', 'Notification', 'isSecureContext', 'matchMedia']) {
    Reflect.deleteProperty(window, name)
  }
})

describe('the notifications screen', { timeout: 20_000 }, () => {
  it.each([
    ['fi', 'Lisää ensin portaali Koti-valikkoon', 'Napauta Safarissa Jaa-painiketta.'],
    ['sv', 'Lägg först till portalen på hemskärmen', 'Tryck på Dela-knappen i Safari.'],
    ['en', 'First add the portal to your Home Screen', 'In Safari, tap the Share button.'],
  ] as const)('on an iPhone in Safari (%s), explains the Home Screen steps', async (locale, title, step) => {
    browser({ push: false })
    setIos(false)
    const { platform } = await notificationPlatform(locale)
    const screen = await mountScreen(platform, '/notifications')
    const text = await waitForText(screen, title)
    expect(text).toContain(step)
    expect(document.querySelectorAll('ol li')).toHaveLength(3)
  })

  it('says a browser without push cannot show notifications, in Swedish', async () => {
    browser({ push: false })
    const { platform } = await notificationPlatform('sv')
    const screen = await mountScreen(platform, '/notifications')
    await waitForText(screen, 'Den här webbläsaren kan inte visa portalens aviseringar.')
  })

  it.each([
    ['fi', 'Ilmoitukset on estetty tässä selaimessa', 'sivuston asetuksista'],
    ['sv', 'Aviseringar är blockerade i den här webbläsaren', 'webbplatsens inställningar'],
  ] as const)('explains how to allow notifications again when blocked (%s)', async (locale, title, how) => {
    browser({ permission: 'denied' })
    const { platform } = await notificationPlatform(locale)
    const screen = await mountScreen(platform, '/notifications')
    expect(await waitForText(screen, title)).toContain(how)
  })

  it('asks the permission only after the tap, subscribes and marks this device (fi)', async () => {
    const push = browser()
    const { platform, call } = await notificationPlatform('fi', [phone])
    const screen = await mountScreen(platform, '/notifications')
    await waitForText(screen, 'Firefox')
    expect(push.requestPermission).not.toHaveBeenCalled()
    await clickWhenEnabled('Ota ilmoitukset käyttöön tällä laitteella')
    await waitForText(screen, 'Ilmoitukset on otettu käyttöön tällä laitteella.')
    expect(push.requestPermission).toHaveBeenCalledOnce()
    expect(push.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: expect.any(Uint8Array) as Uint8Array,
    })
    expect(call).toHaveBeenCalledWith('subscribePush', {
      body: { endpoint, keys: push.subscription.toJSON().keys, locale: 'fi' },
    })
    expect(screen.text()).toContain('Chrome (Tämä laite)')
    expect(await platform.sessions.getState().session?.db.pushDevice()).toEqual({
      id: 'd2',
      endpoint,
      locale: 'fi',
    })

    await clickWhenEnabled('Lähetä testi-ilmoitus')
    await waitForText(screen, 'Testi-ilmoitus lähetettiin.')
    expect(call).toHaveBeenCalledWith('sendTestNotification', { body: { subscriptionId: 'd2' } })

    await clickWhenEnabled('Poista käytöstä tällä laitteella')
    await waitForText(screen, 'Ilmoitukset on poistettu käytöstä tällä laitteella.')
    expect(call).toHaveBeenCalledWith('unsubscribePush', { params: { id: 'd2' } })
    expect(push.subscription.unsubscribe).toHaveBeenCalled()
    expect(await platform.sessions.getState().session?.db.pushDevice()).toBeNull()
  })

  it('does not subscribe when the user refuses the permission', async () => {
    const push = browser({ answer: 'denied' })
    const { platform, call } = await notificationPlatform('en')
    const screen = await mountScreen(platform, '/notifications')
    await clickWhenEnabled('Turn on notifications on this device')
    await waitForText(screen, 'Notifications are blocked in this browser')
    expect(push.pushManager.subscribe).not.toHaveBeenCalled()
    expect(call).not.toHaveBeenCalledWith('subscribePush', expect.anything())
  })

  it('saves the settings and says so politely (sv)', async () => {
    browser()
    const { platform, call } = await notificationPlatform('sv')
    const screen = await mountScreen(platform, '/notifications')
    await waitForText(screen, 'Aviseringar om Anna Aalto')
    const legend = Array.from(document.querySelectorAll('legend')).map((node) => node.textContent)
    expect(legend).toEqual(['Aviseringar om Anna Aalto', 'Tidpunkter och integritet'])
    const near = Array.from(document.querySelectorAll('label')).find(
      (label) => label.textContent === 'Bilen är nära',
    )
    near?.querySelector('input')?.click()
    await clickWhenEnabled('Spara inställningarna')
    await vi.waitFor(() =>
      expect(document.querySelector('form [role="status"]')?.textContent).toBe(
        'Inställningarna har sparats.',
      ),
    )
    expect(call).toHaveBeenCalledWith('saveNotificationSettings', {
      body: {
        ...settings,
        passengers: [{ ...settings.passengers[0], switches: { ...allOn, eta: false } }],
      },
    })
  })

  /** The e-mail switch of a kind, by its accessible name. */
  const emailSwitch = (name: string) =>
    document.querySelector<HTMLInputElement>(`input[role="switch"][aria-label="${name}"]`)

  it('offers an e-mail switch beside each push switch, the defaults set, and saves them (fi)', async () => {
    browser()
    const { platform, call } = await notificationPlatform('fi')
    const screen = await mountScreen(platform, '/notifications')
    await waitForText(screen, 'Ilmoitukset: Anna Aalto')
    expect(emailSwitch('Sähköposti: Auto on lähellä')?.checked).toBe(false)
    expect(emailSwitch('Sähköposti: Matka peruttu tai aika muuttunut')?.checked).toBe(true)
    expect(document.querySelectorAll('input[role="switch"][aria-label^="Sähköposti: "]')).toHaveLength(
      notificationKinds.length,
    )
    expect(screen.text()).not.toContain('Siirry henkilötietoihin')
    emailSwitch('Sähköposti: Auto on lähellä')!.click()
    await clickWhenEnabled('Tallenna asetukset')
    await vi.waitFor(() =>
      expect(call).toHaveBeenCalledWith('saveNotificationSettings', {
        body: {
          ...settings,
          passengers: [{ ...settings.passengers[0], emailSwitches: { ...emailDefaultOn, eta: true } }],
        },
      }),
    )
  })

  it.each(['none', 'unverified', 'undeliverable'] as const)(
    'disables the e-mail switches and says why while the address is %s (en)',
    async (address) => {
      browser()
      const { platform } = await notificationPlatform('en', [], {
        ...settings,
        email: { available: true, address },
      })
      const screen = await mountScreen(platform, '/notifications')
      await waitForText(screen, 'Go to personal information')
      const near = emailSwitch('E-mail: The car is near')!
      expect(near.disabled).toBe(true)
      const reason = document.getElementById(near.getAttribute('aria-describedby')!)?.textContent
      expect(reason).toMatch(address === 'undeliverable' ? /could not be delivered/ : /confirmed address/)
      expect(document.querySelector('a[href$="/personal-info"]')).not.toBeNull()
      // The push switches stay usable.
      expect(
        document.querySelector<HTMLInputElement>('input[role="switch"]:not([aria-label])')?.disabled,
      ).toBe(false)
    },
  )

  it('shows no e-mail switch when the deployment sends no e-mail (sv)', async () => {
    browser()
    const unavailable = { ...settings, email: { available: false, address: 'verified' as const } }
    const { platform } = await notificationPlatform('sv', [], unavailable)
    const screen = await mountScreen(platform, '/notifications')
    await waitForText(screen, 'Aviseringar om Anna Aalto')
    expect(document.querySelectorAll('input[aria-label^="E-post"]')).toHaveLength(0)
    expect(screen.text()).not.toContain('E-post')
  })

  it('removes another device from the list (fi)', async () => {
    browser()
    const { platform, call } = await notificationPlatform('fi', [phone])
    const screen = await mountScreen(platform, '/notifications')
    await waitForText(screen, 'Lisätty 2.11.2026')
    expect(screen.text()).toContain('Kieli: ruotsi')
    expect(screen.text()).toContain('Viimeisin ilmoitus: ei vielä')
    const remove = button('Poista')
    expect(remove.getAttribute('aria-label')).toBe('Poista Firefox, lisätty 2.11.2026')
    await clickWhenEnabled('Poista')
    await waitForText(screen, 'Laite poistettiin.')
    expect(call).toHaveBeenCalledWith('unsubscribePush', { params: { id: 'd1' } })
    expect(screen.text()).toContain('Mikään laite ei vielä saa ilmoituksia.')
  })

  it('offers to load the devices again when the server failed (en)', async () => {
    browser()
    const { platform, call } = await notificationPlatform('en', [phone])
    const answer = call.getMockImplementation()!
    let failing = true
    call.mockImplementation(async (name, args) => {
      if (name === 'listPushSubscriptions' && failing) throw new Error('HTTP 500')
      return answer(name, args)
    })
    const screen = await mountScreen(platform, '/notifications')
    await waitForText(screen, 'Your devices could not be loaded.')
    failing = false
    await clickWhenEnabled('Try again')
    await waitForText(screen, 'Firefox')
  })

  it('disables changes offline and says why', async () => {
    browser()
    vi.stubGlobal('navigator', { onLine: false, serviceWorker: { getRegistration: async () => undefined } })
    const { platform } = await notificationPlatform('en')
    const screen = await mountScreen(platform, '/notifications')
    await waitForText(screen, 'Changing notifications needs a connection.')
    expect(button('Turn on notifications on this device').disabled).toBe(true)
  })
})
