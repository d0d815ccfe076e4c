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
   * The network goes silent and loses what is sent meanwhile: every byte either way is dropped, no close is
   * passed on (each end keeps its connection, as neither hears the other's), and a new connection is accepted
   * and never answered. `restore` forwards again; a connection one end closed meanwhile is then closed at the
   * other too (as the reset a healed network brings), and one made meanwhile is closed.
   */
  drop(): void
  /**
   * `drop` from the moment a client sends bytes holding `text` (those bytes are the first dropped); resolves
   * then.
   */
  dropAt(text: string): Promise<void>
  /** `cut` at the moment a client sends bytes holding `text` (those bytes never arrive); resolves then. */
  cutAt(text: string): Promise<void>
  /**
   * Everything gets through again (after `cut`, `cutListeners`, `stall` or `drop`: what `stall` held back is
   * passed on, as a network that comes back delivers it late).
   */
  restore(): void
  close(): Promise<void>
}

/** The application name in a PostgreSQL startup message, which is the first thing a client sends. */
function applicationName(startup: Buffer): string | undefined {
  return /application_name\0([^\0]*)\0/.exec(startup.toString('latin1'))?.[1]
}

interface Pair {
  client: Socket
  upstream: Socket
  listener: boolean
  /** Bytes held while stalled, each to be written to its socket on `restore`. */
  held: { to: Socket; chunk: Buffer }[]
  /** One end closed while the network dropped everything: the other learns of it on `restore`. */
  closedWhileDropped: boolean
}

/**
 * A TCP proxy on 127.0.0.1 in front of the PostgreSQL server of `databaseUrl`, which a test cuts to take the
 * database away under a running app (PostgreSQL itself, shared by every test, keeps running).
 */
export async function startPgProxy(databaseUrl: string): Promise<PgProxy> {
  const target = new URL(databaseUrl)
  const pairs = new Set<Pair>()
  let refuse: 'nothing' | 'listeners' | 'everything' = 'nothing'
  let network: 'passes' | 'stalls' | 'drops' = 'passes'
  /** What to do when a client sends bytes holding `text` (once). */
  let trigger: { text: string; act: () => void } | null = null
  /** Connections that arrived while stalled, answered by nobody, with the startup message each sent. */
  const held = new Map<Socket, Buffer>()
  /** Connections that arrived while dropping: their startup message was lost. */
  const unheard = new Set<Socket>()
  const refused = (listener: boolean) => refuse === 'everything' || (refuse === 'listeners' && listener)

  const end = (pair: Pair) => {
    pairs.delete(pair)
    pair.client.destroy()
    pair.upstream.destroy()
  }
  const relay = (pair: Pair, from: Socket, to: Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (from === pair.client && trigger && chunk.includes(trigger.text)) {
        const { act } = trigger
        trigger = null
        act()
      }
      if (network === 'drops' || !pairs.has(pair)) return
      if (network === 'stalls') return void pair.held.push({ to, chunk })
      to.write(chunk)
    })

  const forward = (client: Socket, startup: Buffer) => {
    const listener = applicationName(startup)?.endsWith('-notifications') ?? false
    if (refused(listener)) return void client.destroy()
    const upstream = connect({ host: target.hostname, port: Number(target.port || 5432) })
    const pair: Pair = { client, upstream, listener, held: [], closedWhileDropped: false }
    pairs.add(pair)
    const closed = () => {
      if (network === 'drops') pair.closedWhileDropped = true
      else end(pair)
    }
    upstream.on('error', () => undefined)
    upstream.on('close', closed)
    client.on('close', closed)
    upstream.write(startup)
    relay(pair, client, upstream)
    relay(pair, upstream, client)
  }

  const server = createServer((client) => {
    client.on('error', () => undefined)
    if (refuse === 'everything') return void client.destroy()
    client.once('data', (startup: Buffer) => {
      if (network === 'drops') return void unheard.add(client)
      if (network === 'stalls') return void held.set(client, startup)
      forward(client, startup)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = new URL(databaseUrl)
  url.hostname = '127.0.0.1'
  url.port = String((server.address() as AddressInfo).port)

  const cutRefused = () => {
    for (const pair of pairs) if (refused(pair.listener)) end(pair)
  }
  const passAgain = () => {
    const was = network
    network = 'passes'
    trigger = null
    for (const pair of pairs) {
      if (pair.closedWhileDropped) end(pair)
      for (const { to, chunk } of pair.held.splice(0)) to.write(chunk)
    }
    for (const socket of unheard) socket.destroy()
    unheard.clear()
    if (was === 'stalls')
      for (const [client, startup] of held) if (!client.destroyed) forward(client, startup)
    held.clear()
  }
  const cut = () => {
    refuse = 'everything'
    network = 'passes'
    trigger = null
    for (const socket of [...held.keys(), ...unheard]) socket.destroy()
    held.clear()
    unheard.clear()
    for (const pair of pairs) end(pair)
  }
  const drop = () => {
    network = 'drops'
    trigger = null
  }
  return {
    url: url.toString(),
    cut,
    stall() {
      network = 'stalls'
    },
    drop,
    dropAt: (text) => new Promise((resolve) => (trigger = { text, act: () => (drop(), resolve()) })),
    cutAt: (text) => new Promise((resolve) => (trigger = { text, act: () => (cut(), resolve()) })),
    cutListeners() {
      refuse = 'listeners'
      cutRefused()
    },
    restore() {
      refuse = 'nothing'
      passAgain()
    },
    close: () =>
      new Promise<void>((resolve) => {
        cut()
        server.close(() => resolve())
      }),
  }
}
