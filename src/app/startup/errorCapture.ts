import type { ErrorInput, ErrorReporter, ErrorReporterOptions } from '../../api/errorReporting'

/**
 * Listens for uncaught errors and unhandled rejections from the first moment, but loads the reporter
 * (src/api/errorReporting.ts) only when there is something to report, so a visit without errors pays nothing.
 * Returns the report function, for failed API calls too. A reporter that fails to load stays silent.
 */
export function installErrorCapture(
  target: Pick<Window, 'addEventListener'>,
  options: ErrorReporterOptions,
): (input: ErrorInput) => void {
  let reporter: Promise<ErrorReporter> | null = null
  const report = (input: ErrorInput) => {
    reporter ??= import('../../api/errorReporting').then(({ createErrorReporter }) =>
      createErrorReporter(options),
    )
    reporter.then(
      (loaded) => void loaded.report(input),
      () => undefined,
    )
  }
  target.addEventListener('error', (event) => report({ kind: 'error', error: event.error ?? event.message }))
  target.addEventListener('unhandledrejection', (event) => report({ kind: 'rejection', error: event.reason }))
  return report
}
