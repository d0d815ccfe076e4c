import { chooseWindow, clickTarget, identityOf, manifestUrlFor, notificationOf, pushTarget } from './push'

/**
 * The `push` and `notificationclick` handlers over the few worker APIs they use, so a unit test runs them with
 * fakes (the rules themselves are in `sw/push.ts`).
 */
export interface PushWorker {
  scope: string
  showNotification(title: string, options: NotificationOptions): Promise<void>
  /** The manifest's JSON from the tenant assets' cache, else the network; null when neither answers. */
  readManifest(url: string): Promise<unknown>
  windows(): Promise<readonly PortalClient[]>
  openWindow(url: string): Promise<unknown>
}

export interface PortalClient {
  url: string
  focused: boolean
  focus(): Promise<unknown>
  navigate(url: string): Promise<unknown>
}

/** Shows the notification a push's text asks for (or the portal's name alone for a bad payload). */
export async function showPush(worker: PushWorker, text: string | null): Promise<void> {
  const target = pushTarget(text, worker.scope)
  const manifest = await worker.readManifest(manifestUrlFor(target)).catch(() => null)
  const { title, options } = notificationOf(text, worker.scope, identityOf(manifest, worker.scope))
  await worker.showNotification(title, options)
}

/**
 * Brings the portal forward at the notification's target: a window already there is focused; another of the
 * portal's windows is focused and moved there; with none open, a new one opens.
 */
export async function openFromNotification(worker: PushWorker, data: unknown): Promise<void> {
  const target = clickTarget(data, worker.scope)
  const chosen = chooseWindow(await worker.windows(), target)
  if (!chosen) {
    await worker.openWindow(target)
    return
  }
  // A browser may refuse the focus (the click's allowance has run out): the window is still moved.
  await chosen.window.focus().catch(() => null)
  if (!chosen.navigate) return
  // An uncontrolled window (opened before this worker took over) cannot be navigated by it: open the target.
  const moved = await chosen.window.navigate(target).catch(() => null)
  if (moved === null) await worker.openWindow(target)
}
