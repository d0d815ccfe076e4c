/**
 * An example receiver of the portal's webhooks (docs/integration.md, "Webhooks"), plain Node with the
 * `standardwebhooks` package (`npm install standardwebhooks`):
 *
 *   WEBHOOK_SECRET=whsec_... OPERATOR_API_KEY=... PORTAL_ORIGIN=https://espoo.portal.example.fi \
 *   TLS_KEY=key.pem TLS_CERT=cert.pem PORT=8443 node receiver.mjs
 *
 * It serves https with TLS_KEY and TLS_CERT, or plain http behind a proxy that ends TLS without them (the portal
 * posts only to https). Each request is verified over its body exactly as received; a change is handled once,
 * however often it comes (at least once, always under its one `webhook-id`); a `trip.cancelled` is told to the
 * dispatch (here: logged) and acknowledged to the portal as applied, which its guardian then sees.
 */
import { readFileSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import { Webhook } from 'standardwebhooks'

const { WEBHOOK_SECRET, OPERATOR_API_KEY, PORTAL_ORIGIN, TLS_KEY, TLS_CERT } = process.env
const port = Number(process.env.PORT ?? 8443)
if (!WEBHOOK_SECRET || !OPERATOR_API_KEY || !PORTAL_ORIGIN) {
  console.error('Set WEBHOOK_SECRET, OPERATOR_API_KEY and PORTAL_ORIGIN')
  process.exit(2)
}

// During a rotation both secrets sign: switching WEBHOOK_SECRET to the new one any time in the overlap is safe.
const webhook = new Webhook(WEBHOOK_SECRET)
/** The bodies the portal sends are a few kilobytes; anything much bigger is not the portal. */
const maxBodyBytes = 1024 * 1024

/**
 * The webhook-ids handled, kept longer than the portal's retry window (three days). In production: a table with
 * the id as its unique key, written in the transaction that applies the change.
 */
const handled = new Map()
const keepMs = 4 * 24 * 3600 * 1000

/** Tells the portal that the dispatch received the change and applied it: the guardian sees when. */
async function acknowledge(change) {
  const response = await fetch(new URL(`/api/operator/changes/${change.id}/acknowledgement`, PORTAL_ORIGIN), {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      'x-api-key': OPERATOR_API_KEY,
      // The same acknowledgement sent again answers as the first.
      'idempotency-key': change.id,
    },
    body: JSON.stringify({ outcome: 'applied' }),
  })
  if (!response.ok)
    throw new Error(`Acknowledgement of ${change.id}: ${response.status} ${await response.text()}`)
}

/** What the dispatch does with each kind of change. */
async function handle(change) {
  switch (change.type) {
    case 'trip.cancelled': {
      const { trip, passenger, reasonCode, reason } = change.data
      console.log(
        `Cancel trip ${trip.id} of ${passenger.ref ?? passenger.id} at ${trip.start}: ${reasonCode} ${reason}`,
      )
      await acknowledge(change)
      return
    }
    default:
      console.log(`${change.type} ${change.id}`)
  }
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = []
    let size = 0
    request.on('data', (chunk) => {
      size += chunk.length
      if (size > maxBodyBytes) request.destroy(new Error('Body too large'))
      else chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

async function receive(request, response) {
  if (request.method !== 'POST') return response.writeHead(405).end()
  const body = await readBody(request)
  let change
  try {
    // Throws unless a signature verifies and the timestamp is within five minutes.
    change = webhook.verify(body, {
      'webhook-id': request.headers['webhook-id'] ?? '',
      'webhook-timestamp': request.headers['webhook-timestamp'] ?? '',
      'webhook-signature': request.headers['webhook-signature'] ?? '',
    })
  } catch {
    return response.writeHead(401).end()
  }
  const id = request.headers['webhook-id']
  if (!handled.has(id)) {
    // A failure here answers 500: the portal tries again later, under the same id.
    await handle(change)
    handled.set(id, Date.now())
  }
  response.writeHead(204).end()
}

const listener = (request, response) =>
  receive(request, response).catch((error) => {
    console.error(error)
    if (!response.headersSent) response.writeHead(500).end()
  })

const server =
  TLS_KEY && TLS_CERT
    ? createHttpsServer({ key: readFileSync(TLS_KEY), cert: readFileSync(TLS_CERT) }, listener)
    : createHttpServer(listener)
server.listen(port, () => console.log(`Receiving the portal's webhooks on port ${port}`))

setInterval(() => {
  for (const [id, at] of handled) if (Date.now() - at > keepMs) handled.delete(id)
}, 3600 * 1000).unref()
