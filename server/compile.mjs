/**
 * Compiles the API host for production: server/start.ts and everything of ours it imports (server/, the
 * contract, the domain, tenants) bundled by esbuild into one ES module, build/server/start.js, with npm
 * packages left as imports. Plain JavaScript, so that node runs it and server/launch.mjs without a compile
 * step of their own. `npm run build:server` (part of `npm run build`) runs it; `npm start` runs it when the
 * bundle is missing or stale. `root` is the project's folder (tests give a copy of it).
 */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const projectRoot = fileURLToPath(new URL('..', import.meta.url))
const thisFile = 'server/compile.mjs'
/**
 * Two folders below the root, like server/i18n/catalogs.ts, whose way to the PO catalogs (`../../locales` from
 * its module's URL, which in the bundle is the bundle's) then holds as it is. Never under dist/, which is
 * served to browsers.
 */
const bundleFile = 'build/server/start.js'
/** What the bundle was built from, and when that build started (see `isStale`). */
const recordFile = 'build/server/build.json'

export const bundleUrl = (root = projectRoot) => pathToFileURL(join(root, bundleFile)).href

/** Writes through a temporary file and a rename, so a server starting meanwhile never reads half a file. */
async function writeAtomically(path, contents) {
  await mkdir(dirname(path), { recursive: true })
  const temporary = `${path}.${process.pid}.tmp`
  await writeFile(temporary, contents)
  await rename(temporary, path)
}

export async function compileServer(root = projectRoot) {
  let esbuild
  try {
    esbuild = await import('esbuild')
  } catch {
    throw new Error(
      'The compiled server (build/server/) is missing or older than its sources, and esbuild is not installed: ' +
        'run `npm run build` where the dev dependencies are, and ship build/ with the sources',
    )
  }
  // Taken before esbuild reads anything: a source saved during the build is newer, so the next start builds again.
  const startedAt = Date.now()
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: ['server/start.ts'],
      outfile: bundleFile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      packages: 'external',
      // For NODE_OPTIONS=--enable-source-maps (see launch.mjs); the sources stay out of it (they are beside it).
      sourcemap: 'linked',
      sourcesContent: false,
      metafile: true,
      write: false,
      logLevel: 'warning',
    })
    for (const file of result.outputFiles) await writeAtomically(file.path, file.contents)
    const inputs = [...Object.keys(result.metafile.inputs), thisFile]
    await writeAtomically(join(root, recordFile), JSON.stringify({ startedAt, inputs }))
  } finally {
    await esbuild.stop()
  }
}

/**
 * Whether the bundle must be built: it or its record is missing, or one of the files it was built from is gone
 * or was changed after its build started (this file included, for the build's options).
 */
export async function isStale(root = projectRoot) {
  try {
    const { startedAt, inputs } = JSON.parse(await readFile(join(root, recordFile), 'utf8'))
    await stat(join(root, bundleFile))
    const times = await Promise.all(inputs.map(async (input) => (await stat(join(root, input))).mtimeMs))
    return times.some((time) => time > startedAt)
  } catch {
    return true
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await compileServer()
