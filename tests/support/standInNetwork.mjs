/**
 * A network for tests, simulated below Node's API so that the code under test runs exactly as in production: a
 * host name of a stand-in service resolves (through `dns.lookup`) to the public address a test chooses, and a TLS
 * connection to that name, once the caller's own lookup has resolved it and allowed it, is dialled to the
 * stand-in's loopback port instead, trusting the stand-in's self-signed certificate. Production code has no seam
 * for it: the push sender's address policy (server/notifications/pushTransport.ts) sees the chosen address, and a
 * private one is refused as it would be on the internet.
 *
 * Plain JavaScript, so that it can be preloaded into the compiled server (`node --import`, see `forChildProcess`):
 * there it reads its routes from STAND_IN_NETWORK. In a test's own process, `routeToStandIn` adds one.
 */
import dns from 'node:dns'
import { isIP } from 'node:net'
import { syncBuiltinESMExports } from 'node:module'
import tls from 'node:tls'

const envName = 'STAND_IN_NETWORK'

/** Host name (lower case, no final dot) → { port, ca, address }. */
const routes = new Map()
const systemLookup = dns.lookup
const systemConnect = tls.connect
let installed = false

const routeOf = (hostname) =>
  typeof hostname === 'string' ? routes.get(hostname.replace(/\.$/, '').toLowerCase()) : undefined

/** `dns.lookup` as Node calls it: (hostname, callback), (hostname, family, callback) or (hostname, options, callback). */
function lookup(hostname, options, callback) {
  const route = routeOf(hostname)
  if (!route) return Reflect.apply(systemLookup, this, arguments)
  const done = typeof options === 'function' ? options : callback
  const asked = typeof options === 'object' && options !== null ? options : { family: Number(options) || 0 }
  const family = route.address === null ? 0 : isIP(route.address)
  const failure = (code) => Object.assign(new Error(`getaddrinfo ${code} ${hostname}`), { code, hostname })
  process.nextTick(() => {
    // No address for now: the resolver's "try again later".
    if (route.address === null) return done(failure('EAI_AGAIN'))
    const wanted = asked.family === 'IPv4' ? 4 : asked.family === 'IPv6' ? 6 : asked.family
    if (wanted && wanted !== family) return done(failure('ENOTFOUND'))
    if (asked.all) done(null, [{ address: route.address, family }])
    else done(null, route.address, family)
  })
}

/**
 * `tls.connect(options)` as https.Agent calls it. For a stand-in's name (on any port, so that a port the policy
 * should have refused reaches it too and the test sees it), the caller's lookup still runs first, with the
 * caller's checks; only the address it allows is then replaced by the stand-in's.
 */
function connect(...args) {
  const [options, ...rest] = args
  const route = typeof options === 'object' && options !== null ? routeOf(options.host) : undefined
  if (!route) return Reflect.apply(systemConnect, this, args)
  const callersLookup = options.lookup ?? dns.lookup
  const dialled = {
    ...options,
    port: route.port,
    ca: route.ca,
    lookup(hostname, lookupOptions, callback) {
      callersLookup(hostname, lookupOptions, (error) => {
        if (error) return callback(error)
        if (lookupOptions.all) callback(null, [{ address: '127.0.0.1', family: 4 }])
        else callback(null, '127.0.0.1', 4)
      })
    },
  }
  return Reflect.apply(systemConnect, this, [dialled, ...rest])
}

function install() {
  if (installed) return
  installed = true
  dns.lookup = lookup
  tls.connect = connect
  // Named imports of node:dns and node:tls (ES modules, the compiled server's) see the patched functions too.
  syncBuiltinESMExports()
}

/**
 * Routes `hostName` to a stand-in listening with TLS on 127.0.0.1:`port` with the certificate `ca` (PEM), the
 * name resolving to `address` (a public one, unless a test wants to see a private one refused; null: the
 * resolver fails for now, EAI_AGAIN).
 */
export function routeToStandIn(hostName, { port, ca, address }) {
  install()
  const key = hostName.toLowerCase()
  const route = { port, ca, address }
  routes.set(key, route)
  return {
    /** From now on the name resolves to `address` (null: fails for now). */
    resolveTo(next) {
      route.address = next
    },
    remove() {
      if (routes.get(key) === route) routes.delete(key)
    },
  }
}

/** What a child node process (the compiled server) needs to see the same routes: preload this module with them. */
export function forChildProcess(entries) {
  return {
    nodeArgs: ['--import', import.meta.url],
    env: { [envName]: JSON.stringify(entries) },
  }
}

if (process.env[envName]) {
  for (const { hostName, ...target } of JSON.parse(process.env[envName])) routeToStandIn(hostName, target)
}
