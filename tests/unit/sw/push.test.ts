import { describe, expect, it, vi } from 'vitest'
import { chooseWindow, identityOf, manifestUrlFor, notificationOf, safeTarget } from '../../../sw/push'
import { openFromNotification, showPush, type PortalClient, type PushWorker } from '../../../sw/pushEvents'

const scope = 'https://espoo.example.fi/'
const portal = { name: 'Espoo', icon: 'https://espoo.example.fi/tenant-icon/espoo.svg' }
const payload = (notification: Record<string, unknown>) => JSON.stringify({ web_push: 8030, notification })

describe('push payload', () => {
  it('shows the declarative notification with its language, tag, time and target', () => {
    const shown = notificationOf(
      payload({
        title: 'Auto on lähellä',
        body: 'Anna: nouto 5 minuutin päästä',
        navigate: 'https://espoo.example.fi/trips/t1/2026-11-21',
        lang: 'fi',
        tag: 'trip-t1',
        timestamp: 1_763_000_000_000,
      }),
      scope,
      portal,
    )
    expect(shown).toEqual({
      title: 'Auto on lähellä',
      options: {
        icon: portal.icon,
        body: 'Anna: nouto 5 minuutin päästä',
        lang: 'fi',
        tag: 'trip-t1',
        timestamp: 1_763_000_000_000,
        data: { navigate: 'https://espoo.example.fi/trips/t1/2026-11-21' },
      },
    })
  })

  it.each([
    ['not JSON', '{"web_push":'],
    ['no payload', null],
    ['another format', JSON.stringify({ title: 'x' })],
    ['no title', payload({ body: 'x' })],
    ['an array', '[]'],
  ])('still shows the portal’s name for %s, opening the portal', (_, text) => {
    expect(notificationOf(text, scope, portal)).toEqual({
      title: 'Espoo',
      options: { icon: portal.icon, data: { navigate: scope } },
    })
  })

  it('drops a language it does not know and an empty tag', () => {
    const { options } = notificationOf(payload({ title: 'T', lang: 'de', tag: '' }), scope, { name: 'E' })
    expect(options).toEqual({ body: '', data: { navigate: scope } })
  })
})

describe('notification targets', () => {
  it.each([
    ['https://espoo.example.fi/messages', 'https://espoo.example.fi/messages'],
    ['/trips/t1/2026-11-21', 'https://espoo.example.fi/trips/t1/2026-11-21'],
    ['https://evil.example/phish', scope],
    ['http://espoo.example.fi/messages', scope],
    ['javascript:alert(1)', scope],
    ['http://[bad', scope],
    [42, scope],
  ])('follows %s to %s', (navigate, expected) => {
    expect(safeTarget(navigate, scope)).toBe(expected)
  })

  it('reads the manifest of the tenant a page is under', () => {
    expect(manifestUrlFor('http://localhost:8080/espoo/trips')).toBe(
      'http://localhost:8080/espoo/manifest.webmanifest',
    )
    expect(manifestUrlFor('https://espoo.example.fi/trips')).toBe(
      'https://espoo.example.fi/manifest.webmanifest',
    )
  })

  it('names the portal by its manifest, else by its host', () => {
    const manifest = { name: 'Espoo', icons: [{ src: '/tenant-icon/espoo.svg' }] }
    expect(identityOf(manifest, scope)).toEqual(portal)
    expect(identityOf({ short_name: 'E' }, scope)).toEqual({ name: 'E' })
    expect(identityOf(null, scope)).toEqual({ name: 'espoo.example.fi' })
  })
})

describe('choosing the window a click opens', () => {
  const at = (url: string, focused = false) => ({ url, focused })
  const target = 'https://espoo.example.fi/messages'

  it('focuses a window already on the target', () => {
    const on = at(target)
    expect(chooseWindow([at(scope, true), on], target)).toEqual({ window: on, navigate: false })
  })

  it('moves the focused portal window, else the first, and ignores other sites', () => {
    const focused = at(scope, true)
    expect(chooseWindow([at(scope), focused], target)).toEqual({ window: focused, navigate: true })
    const first = at(`${scope}trips`)
    expect(chooseWindow([at('https://other.example/', true), first], target)).toEqual({
      window: first,
      navigate: true,
    })
    expect(chooseWindow([at('https://other.example/')], target)).toBeNull()
  })
})

function fakeWorker(windows: PortalClient[] = [], manifest: unknown = null) {
  const worker = {
    scope,
    showNotification: vi.fn(async () => {}),
    readManifest: vi.fn(async () => manifest),
    windows: async () => windows,
    openWindow: vi.fn(async () => null),
  } satisfies PushWorker
  return worker
}

const windowAt = (url: string, navigable = true): PortalClient & { navigate: ReturnType<typeof vi.fn> } => ({
  url,
  focused: false,
  focus: vi.fn(async () => null),
  navigate: vi.fn(async () => (navigable ? {} : null)),
})

describe('push events', () => {
  it('shows a push with the icon of its tenant’s manifest', async () => {
    const worker = fakeWorker([], { name: 'Espoo', icons: [{ src: '/tenant-icon/espoo.svg' }] })
    await showPush(worker, payload({ title: 'T', body: 'B', navigate: `${scope}messages`, lang: 'sv' }))
    expect(worker.readManifest).toHaveBeenCalledWith(`${scope}manifest.webmanifest`)
    expect(worker.showNotification).toHaveBeenCalledWith('T', {
      icon: portal.icon,
      body: 'B',
      lang: 'sv',
      data: { navigate: `${scope}messages` },
    })
  })

  it('shows a push even when the manifest cannot be read', async () => {
    const worker = fakeWorker()
    worker.readManifest.mockRejectedValueOnce(new Error('offline'))
    await showPush(worker, 'garbage')
    expect(worker.showNotification).toHaveBeenCalledWith('espoo.example.fi', { data: { navigate: scope } })
  })

  it('opens a new window when no portal window is open', async () => {
    const worker = fakeWorker()
    await openFromNotification(worker, { navigate: `${scope}messages` })
    expect(worker.openWindow).toHaveBeenCalledWith(`${scope}messages`)
  })

  it('focuses an open window and navigates it to the target', async () => {
    const open = windowAt(`${scope}trips`)
    const worker = fakeWorker([open])
    await openFromNotification(worker, { navigate: `${scope}messages` })
    expect(open.focus).toHaveBeenCalled()
    expect(open.navigate).toHaveBeenCalledWith(`${scope}messages`)
    expect(worker.openWindow).not.toHaveBeenCalled()
  })

  it('still navigates the open window when the browser refuses to focus it', async () => {
    const open = windowAt(`${scope}trips`)
    open.focus = vi.fn(async () => {
      throw new DOMException('Not allowed to focus a window.', 'InvalidAccessError')
    })
    const worker = fakeWorker([open])
    await openFromNotification(worker, { navigate: `${scope}trips/t1/2026-12-01` })
    expect(open.navigate).toHaveBeenCalledWith(`${scope}trips/t1/2026-12-01`)
    expect(worker.openWindow).not.toHaveBeenCalled()
  })

  it('opens the target when the open window cannot be navigated (not controlled)', async () => {
    const open = windowAt(`${scope}trips`, false)
    const worker = fakeWorker([open])
    await openFromNotification(worker, { navigate: 'https://evil.example/' })
    expect(open.navigate).toHaveBeenCalledWith(scope)
    expect(worker.openWindow).toHaveBeenCalledWith(scope)
  })
})
