import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer, type SMTPServerAddress } from 'smtp-server'

/**
 * A real SMTP server for tests (the relay the server under test sends to): `smtp-server` on 127.0.0.1 without
 * authentication or TLS, keeping every message it accepts parsed by `mailparser` with its envelope. A test can
 * make a recipient refused at RCPT TO with a temporary (4xx) or permanent (5xx) code, as a relay would.
 *
 *     const peer = await startSmtpPeer()      // SMTP_URL=peer.url
 *     const mail = await peer.waitFor((mail) => mail.envelope.to.includes('anna@example.fi'))
 *     mail.subject; mail.text; mail.html; mail.messageId; mail.headers.get('auto-submitted')
 *     mail.headerLines  // raw lines: mailparser folds List-Unsubscribe into headers.get('list')
 */

/** A message as the peer accepted it: parsed, with the SMTP envelope (MAIL FROM, RCPT TO) it came with. */
export type ReceivedMail = ParsedMail & { envelope: { from: string; to: string[] } }

export interface SmtpPeer {
  /** `smtp://127.0.0.1:<port>`: the server's SMTP_URL. */
  url: string
  port: number
  /** From now on answer RCPT TO `address` (any case) with `code` (e.g. 450 or 550); null accepts it again. */
  refuse(address: string, code: number | null): void
  /** Every message accepted so far, in the order they came. */
  all(): ReceivedMail[]
  /**
   * The first message, already here or still to come, that `predicate` holds for; rejects after `timeoutMs`
   * (10 s) naming what did come. Woken by each arrival, no fixed sleeps.
   */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

const addressOf = (address: SMTPServerAddress | false) => (address ? address.address : '')

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = []
  const refused = new Map<string, number>()
  const waiting = new Set<() => void>()

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    // A relay takes far more connections than the sender's pool opens; the bench's several senders share it.
    maxClients: 1000,
    // close() ends the sender's idle pooled connections after a second rather than the default 30.
    closeTimeout: 1000,
    onRcptTo(address, _session, callback) {
      const code = refused.get(address.address.toLowerCase())
      if (code === undefined) return callback()
      const error = Object.assign(new Error(`${code} mailbox refused by the test peer`), {
        responseCode: code,
      })
      callback(error)
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const envelope = {
            from: addressOf(session.envelope.mailFrom),
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          }
          received.push(Object.assign(parsed, { envelope }))
          for (const wake of waiting) wake()
          callback()
        })
        .catch((error: unknown) => callback(error as Error))
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.server.address() as AddressInfo).port

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    refuse(address, code) {
      if (code === null) refused.delete(address.toLowerCase())
      else refused.set(address.toLowerCase(), code)
    },
    all: () => [...received],
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise<ReceivedMail>((resolve, reject) => {
        const look = () => {
          const found = received.find(predicate)
          if (!found) return
          settle()
          resolve(found)
        }
        const timer = setTimeout(() => {
          settle()
          const came = received.map((mail) => `${mail.envelope.to.join(',')}: ${mail.subject ?? ''}`)
          reject(new Error(`no such mail within ${timeoutMs} ms; came: ${came.join(' | ') || 'nothing'}`))
        }, timeoutMs)
        const settle = () => {
          clearTimeout(timer)
          waiting.delete(look)
        }
        waiting.add(look)
        look()
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
