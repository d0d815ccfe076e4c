import { createServer, connect, type AddressInfo, type Socket } from 'node:net'

export interface PgProxy {
  /** `databaseUrl` with the proxy's address in place of the server's. */
  url: string
  /** The database goes away: every connection through the proxy is cut, and new ones are dropped at once. */
  cut(): void
  /**
   * Only the notification listeners go away (connections whose application name ends in `-notifications`,
   * server/db/connect.ts): theirs are cut and dropped, the pool's work on.
   */
  cutListeners(): void
  /**
   * The database stops answering without closing anything (a network that drops packets): open connections
   * and new ones stay open, and nothing is passed on until `cut`.
   */
  stall(): void
  /**
   * Everything gets through again (after `cut`, `cutListeners` or `stall`: what was held back is passed on, as
   * a network that comes back delivers it late).
   */
  restore(): void
  close(): Promise<void>
}

/** The application name in a PostgreSQL startup message, which is the first thing a client sends. */
function applicationName(startup: Buffer): string | undefined {
  return /application_name\0([^\0]*)\0/.exec(startup.toString('latin1'))?.[1]
}

/**
 * A TCP proxy on 127.0.0.1 in front of the PostgreSQL server of `databaseUrl`, which a test cuts to take the
 * database away under a running app (PostgreSQL itself, shared by every test, keeps running).
 */
export async function startPgProxy(databaseUrl: string): Promise<PgProxy> {
  const target = new URL(databaseUrl)
  const pairs = new Set<{ client: Socket; upstream: Socket; listener: boolean }>()
  let refuse: 'nothing' | 'listeners' | 'everything' = 'nothing'
  let stalled = false
  /** Connections that arrived while stalled, answered by nobody, with the startup message each sent. */
  const held = new Map<Socket, Buffer>()
  const refused = (listener: boolean) => refuse === 'everything' || (refuse === 'listeners' && listener)

  const forward = (client: Socket, startup: Buffer) => {
    const listener = applicationName(startup)?.endsWith('-notifications') ?? false
    if (refused(listener)) return void client.destroy()
    const upstream = connect({ host: target.hostname, port: Number(target.port || 5432) })
    const pair = { client, upstream, listener }
    pairs.add(pair)
    const end = () => {
      pairs.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    upstream.on('error', end)
    upstream.on('close', end)
    client.on('close', end)
    upstream.write(startup)
    client.pipe(upstream)
    upstream.pipe(client)
  }

  const server = createServer((client) => {
    client.on('error', () => undefined)
    if (refuse === 'everything') return void client.destroy()
    client.once('data', (startup: Buffer) => {
      if (stalled) return void held.set(client, startup)
      forward(client, startup)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = new URL(databaseUrl)
  url.hostname = '127.0.0.1'
  url.port = String((server.address() as AddressInfo).port)

  const cutRefused = () => {
    for (const pair of pairs) if (refused(pair.listener)) pair.client.destroy()
  }
  const cut = () => {
    refuse = 'everything'
    stalled = false
    cutRefused()
    for (const socket of held.keys()) socket.destroy()
    held.clear()
  }
  return {
    url: url.toString(),
    cut,
    stall() {
      stalled = true
      for (const pair of pairs) {
        pair.client.unpipe(pair.upstream)
        pair.upstream.unpipe(pair.client)
      }
    },
    cutListeners() {
      refuse = 'listeners'
      cutRefused()
    },
    restore() {
      refuse = 'nothing'
      if (!stalled) return
      stalled = false
      for (const pair of pairs) {
        pair.client.pipe(pair.upstream)
        pair.upstream.pipe(pair.client)
      }
      for (const [client, startup] of held) if (!client.destroyed) forward(client, startup)
      held.clear()
    },
    close: () =>
      new Promise<void>((resolve) => {
        cut()
        server.close(() => resolve())
      }),
  }
}
