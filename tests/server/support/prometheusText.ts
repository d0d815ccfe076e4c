export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

export interface Family {
  type: string
  help: string
  samples: Sample[]
}

const metricName = '[a-zA-Z_:][a-zA-Z0-9_:]*'
const sampleLine = new RegExp(`^(${metricName})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`)
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/y
const sampleSuffixes: Record<string, readonly string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['_sum', '_count', ''],
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {}
  labelPair.lastIndex = 0
  while (labelPair.lastIndex < text.length) {
    const match = labelPair.exec(text)
    if (!match) throw new Error(`Malformed labels: ${line}`)
    labels[match[1]!] = match[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c))
  }
  return labels
}

/** A float as Prometheus reads it (Go's ParseFloat: `NaN` and `Inf` in any case; prom-client writes `Nan`). */
function parseValue(text: string, line: string): number {
  const special: Record<string, number> = { nan: NaN, '+inf': Infinity, inf: Infinity, '-inf': -Infinity }
  const lower = text.toLowerCase()
  if (lower in special) return special[lower]!
  const value = Number(text)
  if (text === '' || Number.isNaN(value)) throw new Error(`Malformed value: ${line}`)
  return value
}

/**
 * Parses Prometheus' text exposition format (version 0.0.4) strictly enough for a test: every line is a HELP,
 * a TYPE or a sample of a family declared before it, and labels and values are well-formed; throws otherwise.
 */
export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>()
  const familyOf = (name: string): Family | undefined => {
    for (const [familyName, family] of families) {
      const suffixes = sampleSuffixes[family.type] ?? ['']
      if (suffixes.some((suffix) => `${familyName}${suffix}` === name)) return family
    }
    return undefined
  }
  for (const line of text.split('\n')) {
    if (line === '') continue
    const comment = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line)
    if (comment) {
      const [, kind, name, rest] = comment as unknown as [string, string, string, string]
      const family = families.get(name) ?? { type: 'untyped', help: '', samples: [] }
      if (kind === 'HELP') family.help = rest
      else if (['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest)) family.type = rest
      else throw new Error(`Unknown type: ${line}`)
      families.set(name, family)
      continue
    }
    const sample = sampleLine.exec(line)
    if (!sample) throw new Error(`Malformed line: ${line}`)
    const [, name, labels, value] = sample as unknown as [string, string, string | undefined, string]
    const family = familyOf(name)
    if (!family) throw new Error(`Sample of an undeclared family: ${line}`)
    family.samples.push({
      name,
      labels: labels ? parseLabels(labels, line) : {},
      value: parseValue(value, line),
    })
  }
  return families
}
