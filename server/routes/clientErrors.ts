import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { clientErrorLimits } from '../../src/contract/clientErrorLimits'
import { errorCodes } from '../../src/contract/common'
import { endpoints } from '../../src/contract/endpoints'
import { scrubPagePath, scrubText } from '../../src/domain/errorScrub'
import type { KeyStore } from '../auth/accessTokens'
import { createRateWindow, type RateWindowOptions } from '../errorReporting/rateWindow'
import { parseSentryDsn, sentrySink } from '../errorReporting/sentrySink'
import { loggingSink, type ClientErrorSink } from '../errorReporting/sink'
import { limitKey } from '../net/clientAddress'
import { HttpError } from '../errors/httpError'
import { registerEndpoint } from './registerEndpoint'

/**
 * Per client address and API host instance: 20 reports a minute, at most 10,000 addresses remembered. In
 * process rather than in the database because reports are best-effort telemetry: a flood must cost neither a
 * database write per report nor shared state, and N instances letting N times as many through is harmless.
 */
export const clientErrorRate: RateWindowOptions = { limit: 20, windowMs: 60_000, maxKeys: 10_000 }

/** The log always; a Sentry-compatible service too when `ERROR_REPORTING_DSN` is set. */
function sinksFor(dsn: string | null, app: FastifyInstance): ClientErrorSink[] {
  const sinks = [loggingSink(app.log)]
  if (dsn) sinks.push(sentrySink(parseSentryDsn(dsn), app.log))
  return sinks
}

/**
 * Client error reports: no auth (an error may come before or without a sign-in) but tenant-resolved, scrubbed
 * again here because the sender is not trusted, rate limited, then passed to the sinks without waiting for them.
 */
export function registerClientErrorRoute(
  app: FastifyInstance,
  keys: KeyStore,
  options: { errorReportingDsn: string | null; rate?: RateWindowOptions },
): void {
  const sinks = sinksFor(options.errorReportingDsn, app)
  const rate = createRateWindow(options.rate ?? clientErrorRate)
  registerEndpoint(app, keys, endpoints.reportClientError, async ({ request, body }) => {
    if (!rate.take(limitKey(request.ip))) {
      throw new HttpError(429, errorCodes.tooManyRequests, 'Too many error reports from this address')
    }
    const event = {
      tenant: request.tenant.id,
      receivedAt: Temporal.Now.instant().toString(),
      report: {
        ...body,
        message: scrubText(body.message, clientErrorLimits.message),
        stack: body.stack === null ? null : scrubText(body.stack, clientErrorLimits.stack),
        page: scrubPagePath(body.page),
      },
    }
    for (const sink of sinks) void sink.send(event)
    return { accepted: true as const }
  })
}
