import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { ClientErrorEvent, ClientErrorSink } from './sink'

export interface SentryDsn {
  /** The envelope endpoint, `{protocol}//{host}{path}/api/{project}/envelope/`. */
  envelopeUrl: string
  publicKey: string
  dsn: string
}

/** `https://{publicKey}@{host}[/{path}]/{projectId}`, as Sentry, GlitchTip and other compatible services give it. */
export function parseSentryDsn(dsn: string): SentryDsn {
  const url = new URL(dsn)
  const segments = url.pathname.split('/').filter(Boolean)
  const project = segments.pop()
  if (!url.username || !project || !/^\d+$/.test(project) || !/^https?:$/.test(url.protocol)) {
    throw new Error('ERROR_REPORTING_DSN is not a DSN of the form https://key@host/project')
  }
  const path = segments.length ? `/${segments.join('/')}` : ''
  return {
    envelopeUrl: `${url.protocol}//${url.host}${path}/api/${project}/envelope/`,
    publicKey: decodeURIComponent(url.username),
    dsn,
  }
}

/** The Sentry event of a client error: the message, the stack as the exception's value, tenant and kind as tags. */
function sentryEvent(eventId: string, { report, tenant, receivedAt }: ClientErrorEvent) {
  return {
    event_id: eventId,
    timestamp: receivedAt,
    platform: 'javascript',
    level: 'error',
    logger: 'portal',
    release: report.release,
    tags: { tenant, kind: report.kind, ...(report.api ? { endpoint: report.api.endpoint } : {}) },
    request: { url: report.page },
    exception: { values: [{ type: report.kind, value: report.message }] },
    extra: { stack: report.stack, status: report.api?.status ?? null },
  }
}

const sendTimeoutMs = 5_000

/** Forwards each client error to a Sentry-compatible service's envelope endpoint. */
export function sentrySink(dsn: SentryDsn, log: FastifyBaseLogger): ClientErrorSink {
  return {
    send: async (event) => {
      const eventId = randomUUID().replaceAll('-', '')
      const envelope = [
        JSON.stringify({ event_id: eventId, sent_at: event.receivedAt, dsn: dsn.dsn }),
        JSON.stringify({ type: 'event' }),
        JSON.stringify(sentryEvent(eventId, event)),
      ].join('\n')
      try {
        const response = await fetch(dsn.envelopeUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-sentry-envelope',
            'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${dsn.publicKey}, sentry_client=portal-api/1`,
          },
          body: envelope,
          signal: AbortSignal.timeout(sendTimeoutMs),
        })
        if (!response.ok) log.warn({ status: response.status }, 'error reporting service refused an event')
      } catch (error) {
        log.warn({ err: error }, 'error reporting service unreachable')
      }
    },
  }
}
