/** What the trace needs: the main thread's tasks and the user timing marks. */
export const traceCategories = [
  '__metadata',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
]

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { data?: { documentLoaderURL?: string } }
}

/**
 * The main thread's script events, as Lighthouse groups them (script evaluation, and parse and compile): their
 * union is the time the page's own thread ran script.
 */
const scriptEvents = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireIdleCallback',
  'FireAnimationFrame',
  'RunMicrotasks',
  'EventDispatch',
  'V8.Execute',
  'v8.compile',
  'v8.compileModule',
  'v8.produceCache',
  'v8.produceModuleCache',
])

/**
 * Milliseconds the page's main thread spent running script from navigation start until `mark`, from a Chromium
 * trace: the main thread is the one the mark was set on, and nested events count once.
 */
export function scriptTimeBefore(trace: Buffer, mark: string): number {
  const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }
  const end = traceEvents.find((event) => event.name === mark)
  if (!end) throw new Error(`The trace has no mark ${mark}`)
  const onThread = traceEvents.filter((event) => event.pid === end.pid && event.tid === end.tid)
  // The page's own navigation: the thread may have hosted another page's blank document before it.
  const start =
    onThread.findLast(
      (event) =>
        event.name === 'navigationStart' &&
        event.ts <= end.ts &&
        Boolean(event.args?.data?.documentLoaderURL),
    )?.ts ?? 0
  const spans = onThread
    .filter((event) => event.ph === 'X' && scriptEvents.has(event.name) && event.dur !== undefined)
    .map((event) => [Math.max(event.ts, start), Math.min(event.ts + event.dur!, end.ts)] as const)
    .filter(([from, to]) => to > from)
    .sort((a, b) => a[0] - b[0])
  let total = 0
  let reached = -Infinity
  for (const [from, to] of spans) {
    if (to <= reached) continue
    total += to - Math.max(from, reached)
    reached = to
  }
  return total / 1000
}
