import { I18nProvider } from '@lingui/react'
import { StrictMode, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { decideBoot } from './app/startup/bootstrap'
import { createPlatform } from './app/createPlatform'
import { installErrorCapture } from './app/startup/errorCapture'
import { activateCatalog } from './app/startup/i18n'
import { nextTask } from './app/browser/idle'
import { registerServiceWorker } from './app/startup/serviceWorker'
import { temporalReady } from './app/startup/temporalReady'
import { lastUser, storedLocale, storedTenant, storeLocale, storeTenant } from './app/browser/storage'
import { applyDocumentSetup } from './app/startup/theme'
import { deleteStartSnapshots } from './app/browser/startSnapshot'
import { UnknownTenant } from './app/startup/UnknownTenant'
import { signedInShell } from './components/shell/signedInShellCode'
import { getTenant } from '../tenants'
import './styles.css'

async function boot(render: (node: ReactNode) => void): Promise<void> {
  const stored = storedLocale()
  const decision = decideBoot({
    href: window.location.href,
    storedTenant: storedTenant(),
    storedLocale: stored,
    browserLanguages: navigator.languages,
  })
  if (decision.kind === 'redirect') {
    window.location.replace(decision.url)
    return
  }
  // Stored again when one is stored, so that a choice made before the server read its cookie reaches it too.
  if (decision.storeLocale || stored !== null) storeLocale(decision.locale)
  // A language asked for in the URL is the device's from now on: the start snapshot in another is not painted.
  if (decision.storeLocale && stored !== decision.locale) void deleteStartSnapshots()
  if (decision.kind === 'unknownTenant') {
    const i18n = await activateCatalog(decision.locale).ready
    applyDocumentSetup(document, {
      locale: decision.locale,
      tenantId: 'default',
      theme: getTenant('default').theme,
      pathPrefix: '',
    })
    render(
      <I18nProvider i18n={i18n}>
        <UnknownTenant requested={decision.requested} />
      </I18nProvider>,
    )
    return
  }
  const { environment, locale } = decision
  // A remembered user's screen paints from the device in a moment: their start runs straight to it. Anyone
  // else's first paint waits for the network, so their start is split into shorter tasks, which input need
  // not wait behind: in one task with the entry's evaluation it was most of a first visit's Total Blocking Time
  // (bench: lighthouse). Each split lets the browser render, which would only delay a paint from the device.
  const remembered = lastUser(environment.tenant.id) !== null
  const split = () => (remembered ? undefined : nextTask(undefined))
  await split()
  const reportError = installErrorCapture(window, {
    origin: window.location.origin,
    tenantId: environment.tenant.id,
    release: __PORTAL_RELEASE__,
    page: () => window.location.pathname,
  })
  if (decision.storeTenant) storeTenant(environment.tenant.id)
  applyDocumentSetup(document, {
    locale,
    tenantId: environment.tenant.id,
    theme: environment.tenant.theme,
    pathPrefix: environment.pathPrefix,
  })
  const catalog = activateCatalog(locale, environment.tenant.textVariant)
  // The platform (the router, the screen's preloads) in a task of its own.
  await split()
  // Only a browser without Temporal waits here, for the polyfill, before any screen's code can load.
  await temporalReady()
  // Before the catalog arrives: the token and the screen's code load beside it, not after it.
  const { platform, router, startRead } = createPlatform(
    environment,
    locale,
    window.location.origin,
    reportError,
    catalog,
  )
  // A remembered user's first commit is their whole screen: the router loads the URL's matches (the screen's
  // code and messages), the signed-in shell that frames it loads, and their rows are read, all before the first
  // render, while index.html's spinner (or the start snapshot) shows. Rendered at once, React would replace
  // either with an empty or half-loaded page until the rest came. Anyone else's guards wait for auth
  // (StartupGate), so their router loads as it renders. A failure shows as the router's error when it renders.
  const screen = remembered
    ? Promise.all([router.load(), signedInShell.load(), startRead]).catch(() => undefined)
    : undefined
  const i18n = await catalog.ready
  await screen
  render(<App platform={platform} router={router} i18n={i18n} />)
  if (import.meta.env.PROD) {
    registerServiceWorker((notice) => platform.notices.send({ type: 'notice.push', notice })).catch(
      (error: unknown) => console.error('Service worker', error),
    )
  }
}

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root')
const root = createRoot(container)
void boot((node) => root.render(<StrictMode>{node}</StrictMode>))
