import { spawn, type ChildProcess } from 'node:child_process'
import { freePort } from '../../e2e/support/server'
import { findElement, type EngineDriver } from './driver'

/** Debian's WebKitGTK MiniBrowser (`apt-get install webkit2gtk-driver xvfb`), or MINIBROWSER_PATH. */
export const miniBrowserPath =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'

/** The key under which classic WebDriver answers an element. */
const elementKey = 'element-6066-11e4-a52e-4f735466cecf'

interface WebDriverAnswer {
  value: unknown
}

/** A classic WebDriver client for the few commands journeys need, over fetch. */
function session(base: string, id: string, onClose: () => Promise<void>): EngineDriver {
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const answer = await fetch(`${base}/session/${id}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const { value } = (await answer.json()) as WebDriverAnswer
    if (!answer.ok) throw new Error(`WebDriver ${method} ${path}: ${JSON.stringify(value)}`)
    return value
  }
  const run = <T>(script: string, ...args: unknown[]) =>
    call('POST', '/execute/async', {
      // Promises are awaited, as the other engines' drivers do.
      script: `const done = arguments[arguments.length - 1]; Promise.resolve((${script})(...Array.from(arguments).slice(0, -1))).then(done, (error) => done({ __failed: String(error) }))`,
      args,
    }).then((value) => {
      if (value && typeof value === 'object' && '__failed' in value) throw new Error(String(value.__failed))
      return value as T
    })
  const element = async (css: string, text?: string) => {
    // In the middle of the view: at its edge the bottom navigation, fixed over the page, would take the click.
    const found = (await call('POST', '/execute/sync', {
      script: `const found = (${findElement})(arguments[0], arguments[1]); found?.scrollIntoView({ block: 'center' }); return found`,
      args: [css, text ?? ''],
    })) as Record<string, string> | null
    if (!found) throw new Error(`No ${css} showing "${text ?? ''}"`)
    return found[elementKey]
  }
  const driver: EngineDriver = {
    goto: async (url) => {
      await call('POST', '/url', { url })
    },
    reload: async () => {
      await call('POST', '/refresh', {})
    },
    url: async () => (await call('GET', '/url')) as string,
    run,
    click: async (css, text) => {
      await call('POST', `/element/${await element(css, text)}/click`, {})
    },
    type: async (css, text) => {
      await call('POST', `/element/${await element(css)}/value`, { text })
    },
    screenshot: async (css) => (await call('GET', `/element/${await element(css)}/screenshot`)) as string,
    openTab: async (url) => {
      // A window, not a tab: MiniBrowser leaves a new tab behind the one open, its page hidden, where no
      // animation frame comes and the map never loads its style (nor asks for its tiles).
      const { handle } = (await call('POST', '/window/new', { type: 'window' })) as { handle: string }
      await call('POST', '/window', { handle })
      await call('POST', '/url', { url })
    },
    cookies: async () => (await call('GET', '/cookie')) as { name: string; value: string }[],
    // The driver takes one session at a time: another visitor is another driver, with a browser of its own.
    isolated: () => launchWebKit(),
    close: async () => {
      await fetch(`${base}/session/${id}`, { method: 'DELETE' })
      await onClose()
    },
  }
  return driver
}

async function newSession(base: string, onClose: () => Promise<void>): Promise<EngineDriver> {
  const answer = await fetch(`${base}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      capabilities: {
        alwaysMatch: { 'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] } },
      },
    }),
  })
  const { value } = (await answer.json()) as { value: { sessionId?: string } }
  if (!value.sessionId) throw new Error(`No WebKit session: ${JSON.stringify(value)}`)
  return session(base, value.sessionId, onClose)
}

/** Stops `child` and waits for it to be gone. */
function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill()
  })
}

/**
 * WebKitGTK's MiniBrowser through `WebKitWebDriver`, on a virtual display (`xvfb-run`): the engine of Safari
 * and of every browser on an iPhone, from Debian's packages.
 */
export async function launchWebKit(): Promise<EngineDriver> {
  const port = await freePort()
  const child = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], {
    stdio: 'ignore',
    env: { ...process.env, TZ: 'Europe/Helsinki', LANG: 'en_US.UTF-8' },
    detached: true,
  })
  const base = `http://127.0.0.1:${port}`
  const deadline = performance.now() + 30_000
  for (;;) {
    const ready = await fetch(`${base}/status`)
      .then(async (answer) => ((await answer.json()) as { value: { ready: boolean } }).value.ready)
      .catch(() => false)
    if (ready) break
    if (performance.now() > deadline) throw new Error('WebKitWebDriver did not start')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  // xvfb-run's children (the display, the driver) go with its process group.
  return newSession(base, async () => {
    if (child.pid) process.kill(-child.pid, 'SIGTERM')
    await stopped(child)
  })
}
