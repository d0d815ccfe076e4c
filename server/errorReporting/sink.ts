import type { FastifyBaseLogger } from 'fastify'
import type { ClientErrorReport } from '../../src/contract/clientErrors'
import type { TenantId } from '../../tenants'

/** A client error as the API host passes it on: the scrubbed report, its tenant and when it arrived. */
export interface ClientErrorEvent {
  report: ClientErrorReport
  tenant: TenantId
  /** ISO instant the server received it. */
  receivedAt: string
}

/** Where client errors go. Never throws: a sink that fails says so in the log and drops the event. */
export interface ClientErrorSink {
  send(event: ClientErrorEvent): Promise<void>
}

/** The default sink: one structured log line per report, with tenant and release as their own fields. */
export function loggingSink(log: FastifyBaseLogger): ClientErrorSink {
  return {
    send: async ({ report, tenant, receivedAt }) => {
      log.warn(
        {
          clientError: {
            tenant,
            release: report.release,
            kind: report.kind,
            page: report.page,
            api: report.api,
            stack: report.stack,
            receivedAt,
          },
        },
        `client error: ${report.message}`,
      )
    },
  }
}
