import type { FastifyBaseLogger } from 'fastify'
import type { Counter, Gauge, Metric } from 'prom-client'
import { within } from '../time/deadline'
import { createRequestHistogram } from './requestHistogram'

/** A figure read at each scrape: one value, or one per label set. */
export type Reading = number | readonly { labels: Record<string, string>; value: number }[]

export interface CollectedMetric {
  /** Prometheus name, `portal_` first (a counter's ends in `_total`). */
  name: string
  help: string
  labelNames?: readonly string[]
  /**
   * Read at each scrape (e.g. from a cache's `stats()`). A read that fails or takes longer than
   * `readTimeoutMs` leaves its family without samples in that scrape, and is logged.
   */
  read(): Reading | Promise<Reading>
}

export interface Metrics {
  /** The Prometheus text exposition of every family, and its content type. */
  scrape(): Promise<string>
  contentType: string
  /** Registers a gauge whose value is `read()` at each scrape. */
  gauge(metric: CollectedMetric): void
  /** Registers a counter whose running total is `read()` at each scrape (it restarts with the process). */
  counter(metric: CollectedMetric): void
  /** One request Fastify answered, by its route pattern (never the raw URL), method and status. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void
}

export const readTimeoutMs = 1_000

/** Most answers take a few milliseconds; the request timeout is 30 s. */
const requestBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

/**
 * A registry of this process's metrics: Node's defaults (`process_*`, `nodejs_*`), request durations and the
 * figures registered with `gauge` and `counter`. prom-client is loaded only here, so an instance without an
 * operations listener neither loads it nor measures anything.
 */
export async function createMetrics(log: FastifyBaseLogger): Promise<Metrics> {
  const client = await import('prom-client')
  const registry = new client.Registry()
  client.collectDefaultMetrics({ register: registry })
  const requests = createRequestHistogram(
    'portal_http_request_duration_seconds',
    'Requests answered by the API host (not the poll front), by route pattern, method and status',
    requestBuckets,
  )
  // prom-client's types list only its own classes; its registry needs only the interface the histogram has.
  registry.registerMetric(requests as unknown as Metric)

  /** Sets `metric` to what `read` gives now, or to nothing when it cannot be read. */
  async function collect(
    metric: CollectedMetric,
    target: Gauge | Counter,
    put: (labels: Record<string, string>, value: number) => void,
  ): Promise<void> {
    const reading = await within(async () => metric.read(), readTimeoutMs, null)
    target.reset()
    if (reading === null) {
      log.warn(
        { metric: metric.name },
        `a metric could not be read (it failed or took over ${readTimeoutMs} ms)`,
      )
      return
    }
    if (typeof reading === 'number') put({}, reading)
    else for (const { labels, value } of reading) put(labels, value)
  }

  const family = ({ name, help, labelNames = [] }: CollectedMetric) => ({
    name,
    help,
    labelNames,
    registers: [registry],
  })

  return {
    scrape: () => registry.metrics(),
    contentType: registry.contentType,
    gauge(metric) {
      const gauge: Gauge = new client.Gauge({
        ...family(metric),
        collect: () => collect(metric, gauge, (labels, value) => gauge.set(labels, value)),
      })
    },
    counter(metric) {
      const counter: Counter = new client.Counter({
        ...family(metric),
        collect: () => collect(metric, counter, (labels, value) => counter.inc(labels, value)),
      })
    },
    observeRequest: requests.observe,
  }
}
