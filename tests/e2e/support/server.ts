import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

export interface RunningServer {
  port: number
  /** The server's process. */
  pid: number
  /** http://localhost:{port} */
  origin: string
  /** The portal of a tenant on its own host name, e.g. http://espoo.localhost:{port}. */
  tenantOrigin(tenant: string): string
  stop(): Promise<void>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/** How long a start may take: nearly all of the worker fixture's 120 s, as a busy CI machine may need it. */
const startBudgetMs = 110_000

async function waitUntilReady(origin: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = performance.now() + startBudgetMs
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API host exited with ${child.exitCode}:\n${output()}`)
    try {
      const response = await fetch(`${origin}/ready`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`API host did not start:\n${output()}`)
}

/**
 * Starts the real API host serving the built portal, with a fresh in-memory database seeded with demo data: the
 * compiled server, as `npm start` runs it in production (server/launch.mjs compiles it first if it is stale).
 * `env` overrides the defaults (a `PORT` of its own when another party must know it first, `DEMO=false`).
 * `nodeArgs` go to node before the script (e.g. --cpu-prof, which NODE_OPTIONS does not accept). `cwd` is the
 * project's folder (a test's copy of it).
 */
export async function startServer(
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
  cwd = process.cwd(),
): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort()
  const origin = `http://localhost:${port}`
  const child = spawn(process.execPath, [...nodeArgs, 'server/launch.mjs'], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_ORIGIN: origin,
      PGLITE_DIR: 'memory',
      DATABASE_URL: '',
      STATIC_DIR: 'dist',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  try {
    await waitUntilReady(origin, child, () => log)
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  return {
    port,
    pid: child.pid!,
    origin,
    tenantOrigin: (tenant) => `http://${tenant}.localhost:${port}`,
    stop: () =>
      new Promise((resolve) => {
        // Exited, or killed by a signal (kill -9), when exitCode stays null.
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
