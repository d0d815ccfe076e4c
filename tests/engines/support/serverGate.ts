import { createServer, request, type Server } from 'node:http'
import type { Socket } from 'node:net'
import type { RunningServer } from '../../e2e/support/server'

export interface ServerGate {
  /** The portal of a tenant through the gate, e.g. http://demo.localhost:{gate's port}. */
  tenantOrigin(tenant: string): string
  /** Every request from now on gets no answer (its connection is reset), as with a dead server or a tunnel. */
  close(): void
  open(): void
  /** The paths of the requests that went through, with their method: `POST /api/command/batch`. */
  readonly passed: string[]
  /** The same, with the status the server answered, as it answers: `GET /api/map/tiles.pmtiles 206`. */
  readonly answered: string[]
  stop(): Promise<void>
}

/**
 * An HTTP proxy in front of the API host, which a test can close: the browser's network stays up while the
 * server cannot be reached, in any engine, for the page, its workers and its service worker alike (no browser
 * has a switch for that over WebDriver).
 */
export async function openServerGate(server: RunningServer): Promise<ServerGate> {
  let closed = false
  const sockets = new Set<Socket>()
  const passed: string[] = []
  const answered: string[] = []
  const proxy: Server = createServer((incoming, answer) => {
    if (closed) return incoming.socket.destroy()
    passed.push(`${incoming.method} ${incoming.url}`)
    const forwarded = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (response) => {
        answered.push(`${incoming.method} ${incoming.url} ${response.statusCode}`)
        answer.writeHead(response.statusCode ?? 502, response.headers)
        response.pipe(answer)
      },
    )
    forwarded.on('error', () => incoming.socket.destroy())
    incoming.pipe(forwarded)
  })
  proxy.on('connection', (socket) => {
    if (closed) return socket.destroy()
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const address = proxy.address()
  if (!address || typeof address !== 'object') throw new Error('The gate has no port')
  return {
    tenantOrigin: (tenant) => `http://${tenant}.localhost:${address.port}`,
    close: () => {
      closed = true
      for (const socket of sockets) socket.destroy()
    },
    open: () => {
      closed = false
    },
    passed,
    answered,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        proxy.close(() => resolve())
      }),
  }
}
