import { relative } from 'node:path'
import type { Plugin } from 'vite'
import { routePattern, type StartPreloads } from './server/net/startPreloads'
import { locales } from './src/domain/locale'

/** The file the server reads to tell a navigation's browser, in a `Link` header, which chunks its start needs. */
export const startPreloadsFile = 'start-preloads.json'

/**
 * What a signed-in start loads besides its screen, which the page asks for only once it has run: the session's
 * local database and the signed-in shell (src/main.tsx asks for both at once on a remembered user's start).
 */
const signedInStart = ['src/app/session/userSession.ts', 'src/components/shell/signedInShell.ts']

/**
 * The sync worker's entry and its service (workers/sync.worker.ts, workers/syncService.ts): Vite builds workers
 * apart and hands their files to this build as nameless assets, so they are known by their file names.
 */
const syncWorkerFile = /^assets\/(sync\.worker|syncService)-[\w-]+\.js$/

const routeComponent = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/

/**
 * The catalog's parts a start shows (src/app/startup/i18n.ts): the first part always, the screens' part signed
 * in, and the follow-up screens' part on those screens.
 */
const catalogPart = (locale: string, part: 'first' | 'screens' | 'followUp') =>
  `locales/${locale}/messages.po?part=${part}`

interface ChunkInfo {
  fileName: string
  imports: string[]
}

/** A chunk and every chunk it imports statically, transitively: what the browser fetches before running it. */
function withImports(
  chunks: Map<string, ChunkInfo>,
  fileName: string,
  into = new Set<string>(),
): Set<string> {
  if (into.has(fileName)) return into
  into.add(fileName)
  for (const imported of chunks.get(fileName)?.imports ?? []) withImports(chunks, imported, into)
  return into
}

/**
 * Writes `start-preloads.json` beside the build: the entry's stylesheet and chunks; per screen (its URL
 * pattern), the chunks of its code split component; the chunks of a signed-in start and of each locale's
 * catalog. Beyond the entry's, each list holds only what the page would otherwise discover after the entry
 * has run.
 */
export function startPreloads(): Plugin {
  let root = process.cwd()
  return {
    name: 'portal-start-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>()
      const bySource = new Map<string, string>()
      let entry: string | null = null
      let styles: string[] = []
      const syncWorker: string[] = []
      for (const output of Object.values(bundle)) {
        if (output.type === 'asset' && syncWorkerFile.test(output.fileName)) syncWorker.push(output.fileName)
        if (output.type !== 'chunk') continue
        chunks.set(output.fileName, { fileName: output.fileName, imports: output.imports })
        if (output.isEntry) {
          entry = output.fileName
          styles = [...(output.viteMetadata?.importedCss ?? [])]
        }
        // Every module the chunk holds, not only its facade: a chunk of a code splitting group (vite.config.ts)
        // holds the module a dynamic import names without being its facade.
        for (const id of output.moduleIds) {
          bySource.set(relative(root, id).replaceAll('\\', '/'), output.fileName)
        }
      }
      if (!entry) throw new Error('start preloads: the build has no entry chunk')
      const initial = withImports(chunks, entry)
      const needs = (fileName: string) =>
        [...withImports(chunks, fileName)].filter((file) => !initial.has(file))
      const routes: StartPreloads['routes'] = []
      for (const [source, fileName] of bySource) {
        const route = routeComponent.exec(source)?.[1]
        if (route) routes.push({ pattern: routePattern(route), files: needs(fileName) })
      }
      const chunkOf = (source: string) => {
        const fileName = bySource.get(source)
        if (!fileName) throw new Error(`start preloads: ${source} is in no chunk`)
        return fileName
      }
      const catalogs = Object.fromEntries(
        locales.map((locale) => [
          locale,
          {
            first: needs(chunkOf(catalogPart(locale, 'first'))),
            screens: needs(chunkOf(catalogPart(locale, 'screens'))),
            followUp: needs(chunkOf(catalogPart(locale, 'followUp'))),
          },
        ]),
      ) as StartPreloads['catalogs']
      if (syncWorker.length !== 2)
        throw new Error(`start preloads: the sync worker's files are ${syncWorker}`)
      const preloads: StartPreloads = {
        styles,
        entry: [...initial],
        routes,
        signedIn: [...new Set(signedInStart.map(chunkOf).flatMap(needs))],
        syncWorker,
        catalogs,
      }
      this.emitFile({ type: 'asset', fileName: startPreloadsFile, source: JSON.stringify(preloads) })
    },
  }
}
