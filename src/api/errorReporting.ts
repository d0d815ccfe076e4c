import { clientErrorLimits } from '../contract/clientErrorLimits'
import type { ClientErrorReport } from '../contract/clientErrors'
import { scrubPagePath, scrubText } from '../domain/errorScrub'

/**
 * Sends errors the portal meets to the API host (`POST /api/client-errors`), which logs and forwards them.
 * Loaded only when the first error happens (src/app/startup/errorCapture.ts), and free of ky and zod. It never sends a
 * token, a cookie or a request body, scrubs text and paths of personal data, sends each distinct error once and
 * at most `maxReports` per page, and falls silent after its own first failure, so it can never loop.
 */

export type ErrorInput =
  | { kind: 'error' | 'rejection'; error: unknown }
  | { kind: 'api'; endpoint: string; status: number; message: string }

export interface ErrorReporterOptions {
  origin: string
  tenantId: string
  release: string
  /** The current page's path (scrubbed before sending). */
  page: () => string
  fetch?: typeof fetch
  maxReports?: number
  /** Offline, nothing is sent (and a call that failed for want of a network is no fault). */
  online?: () => boolean
}

export interface ErrorReporter {
  /** Resolves when the report was sent or dropped; never rejects. */
  report(input: ErrorInput): Promise<void>
}

function describe(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error)
    return { message: `${error.name}: ${error.message}`, stack: error.stack ?? null }
  return { message: typeof error === 'string' ? error : 'Non-error value thrown', stack: null }
}

export function toClientErrorReport(input: ErrorInput, release: string, page: string): ClientErrorReport {
  const { message, stack } =
    input.kind === 'api' ? { message: input.message, stack: null } : describe(input.error)
  return {
    kind: input.kind,
    message: scrubText(message, clientErrorLimits.message),
    stack: stack === null ? null : scrubText(stack, clientErrorLimits.stack),
    page: scrubPagePath(page).slice(0, clientErrorLimits.page),
    release,
    api: input.kind === 'api' ? { endpoint: input.endpoint, status: input.status } : null,
  }
}

export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const doFetch = options.fetch ?? fetch
  const maxReports = options.maxReports ?? 10
  const online = options.online ?? (() => navigator.onLine)
  const seen = new Set<string>()
  let silent = false

  async function send(report: ClientErrorReport): Promise<boolean> {
    try {
      const response = await doFetch(new URL('/api/client-errors', options.origin), {
        method: 'POST',
        credentials: 'omit',
        keepalive: true,
        headers: {
          'Content-Type': 'application/json',
          ...(options.tenantId === 'default' ? {} : { 'X-Tenant': options.tenantId }),
        },
        body: JSON.stringify(report),
      })
      return response.ok
    } catch {
      return false
    }
  }

  return {
    async report(input) {
      if (silent || seen.size >= maxReports || !online()) return
      const report = toClientErrorReport(input, options.release, options.page())
      const fingerprint = `${report.kind} ${report.api?.endpoint ?? ''} ${report.message}`
      if (seen.has(fingerprint)) return
      seen.add(fingerprint)
      if (!(await send(report))) silent = true
    },
  }
}
