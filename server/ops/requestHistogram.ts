interface Series {
  labels: { method: string; route: string; status_code: number }
  /** Observations per bucket, not cumulative; the last one is above every bound (`+Inf`). */
  counts: Float64Array
  sum: number
  count: number
}

/** One sample of prom-client's metric interface. */
interface Value {
  metricName: string
  labels: Record<string, string | number>
  value: number
}

/**
 * A histogram of the requests Fastify answers, kept in plain numbers: once a route, status and method have been
 * seen, an observation is three map lookups and a few additions, with nothing allocated (prom-client's own
 * histogram builds a label object and a key string on every one). It speaks prom-client's metric interface
 * (`name`, `help`, `type`, `get()`), so its registry prints it among the others.
 */
export function createRequestHistogram(name: string, help: string, bounds: readonly number[]) {
  const routes = new Map<string, Map<number, Map<string, Series>>>()

  function seriesOf(method: string, route: string, statusCode: number): Series {
    let statuses = routes.get(route)
    if (!statuses) routes.set(route, (statuses = new Map()))
    let methods = statuses.get(statusCode)
    if (!methods) statuses.set(statusCode, (methods = new Map()))
    let series = methods.get(method)
    if (!series) {
      const labels = { method, route, status_code: statusCode }
      methods.set(
        method,
        (series = { labels, counts: new Float64Array(bounds.length + 1), sum: 0, count: 0 }),
      )
    }
    return series
  }

  function valuesOf(series: Series): Value[] {
    const values: Value[] = []
    let cumulative = 0
    for (const [index, bound] of [...bounds, '+Inf' as const].entries()) {
      cumulative += series.counts[index]!
      values.push({
        metricName: `${name}_bucket`,
        labels: { ...series.labels, le: bound },
        value: cumulative,
      })
    }
    values.push({ metricName: `${name}_sum`, labels: series.labels, value: series.sum })
    values.push({ metricName: `${name}_count`, labels: series.labels, value: series.count })
    return values
  }

  return {
    name,
    help,
    type: 'histogram',
    observe(method: string, route: string, statusCode: number, seconds: number): void {
      const series = seriesOf(method, route, statusCode)
      let bucket = 0
      while (bucket < bounds.length && seconds > bounds[bucket]!) bucket++
      series.counts[bucket]! += 1
      series.sum += seconds
      series.count += 1
    },
    async get() {
      const values: Value[] = []
      for (const statuses of routes.values())
        for (const methods of statuses.values())
          for (const series of methods.values()) values.push(...valuesOf(series))
      return { name, help, type: 'histogram', values, aggregator: 'sum' }
    },
  }
}
