/**
 * `npm run check:deps`, second part: no two rooms import each other. A room is a folder of the server
 * (server/trips), of the client's middle (src/app/effects, machines/booking) or a top folder (workers). The
 * composition root (src/main.tsx, the files at the top of src/app, server/*.ts) puts the rooms together and is
 * left out: it imports them and a few of them import its router. Lint (eslint.layers.js) says which room may
 * import which; this shows the rooms that lean on each other both ways, which the table alone would not name.
 */
import { cruise, type ICruiseResult } from 'dependency-cruiser'

function roomOf(path: string): string | null {
  const parts = path.split('/')
  if (parts[0] === 'tests' || parts[0] === 'node_modules' || parts.length === 1) return null
  if (parts[0] === 'src' && parts.length === 2) return null
  if (parts[0] === 'src' && parts[1] === 'app' && parts.length === 3) return null
  if (parts[0] === 'server' && parts.length === 2) return null
  const nested = ['src', 'server', 'machines'].includes(parts[0]!)
  if (nested && parts[0] === 'src' && parts[1] === 'app') return parts.slice(0, 3).join('/')
  return nested ? parts.slice(0, 2).join('/') : parts[0]!
}

const { output } = await cruise(
  ['src', 'machines', 'workers', 'sw', 'tenants', 'locales', 'server'],
  { tsPreCompilationDeps: true, doNotFollow: { path: 'node_modules' } },
  {},
  { tsConfig: { fileName: 'tsconfig.json' } },
)
const edges = new Map<string, string>()
for (const module of (output as ICruiseResult).modules) {
  const from = roomOf(module.source)
  for (const dependency of module.dependencies) {
    const to = roomOf(dependency.resolved)
    if (from && to && from !== to) edges.set(`${from} ${to}`, `${module.source} -> ${dependency.resolved}`)
  }
}
const pairs = [...edges.keys()]
  .map((edge) => edge.split(' ') as [string, string])
  .filter(([from, to]) => from < to && edges.has(`${to} ${from}`))
const rooms = new Set([...edges.keys()].flatMap((edge) => edge.split(' ')))
console.log(
  `${rooms.size} rooms, ${edges.size} room-to-room imports, ${pairs.length} pairs importing each other`,
)
for (const [a, b] of pairs) console.error(`  ${edges.get(`${a} ${b}`)}\n  ${edges.get(`${b} ${a}`)}`)
if (pairs.length > 0) process.exit(1)
