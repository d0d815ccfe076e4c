import { execFileSync } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshPostgres } from '../bench/apiThroughput'
import { startServer } from '../e2e/support/server'
import { backends, type Backend } from './support/database'

/** What the compiled server is built from and reads at run time, copied so that the test may edit it. */
const projectParts = [
  'server',
  'src/contract',
  'src/domain',
  'tenants',
  'locales',
  'package.json',
  'tsconfig.json',
]

async function copyProject(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'compiled-server-'))
  for (const part of projectParts) await cp(part, join(root, part), { recursive: true })
  await symlink(join(process.cwd(), 'node_modules'), join(root, 'node_modules'), 'dir')
  return root
}

/** A database of its own for the server's process: a fresh PostgreSQL database, or PGlite in memory. */
async function databaseFor(
  backend: Backend,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (!backend.databaseUrl) return { env: { PGLITE_DIR: 'memory' }, drop: async () => undefined }
  const database = await freshPostgres(backend.databaseUrl)
  return { env: { DATABASE_URL: database.url }, drop: database.drop }
}

/** A start spends most of its time migrating a fresh database: seconds, but a minute on a busy machine. */
const startTimeoutMs = 150_000

/**
 * `npm start` runs the compiled server (server/launch.mjs): on a fresh checkout it compiles it first, an edited
 * source makes it compile again, and the bundle finds what the server reads at run time (the PO catalogs).
 */
describe.each(backends)('the compiled server on $name', { timeout: startTimeoutMs }, (backend) => {
  let root: string
  let database: Awaited<ReturnType<typeof databaseFor>>
  const start = () =>
    startServer({ ...database.env, STATIC_DIR: 'none', DEMO: 'false', EMAIL: 'off' }, [], root)
  const stale = () =>
    execFileSync(
      process.execPath,
      ['--input-type=module', '-e', "console.log(await (await import('./server/compile.mjs')).isStale())"],
      { cwd: root, encoding: 'utf8' },
    ).trim()
  const built = async () =>
    (JSON.parse(await readFile(join(root, 'build/server/build.json'), 'utf8')) as { startedAt: number })
      .startedAt

  beforeAll(async () => {
    root = await copyProject()
    database = await databaseFor(backend)
  })
  afterAll(async () => {
    await database.drop()
    await rm(root, { recursive: true, force: true })
  })

  it('compiles itself on a fresh checkout, and serves translated pages from the bundle', async () => {
    expect(stale()).toBe('true')
    const server = await start()
    try {
      expect(stale()).toBe('false')
      const login = await fetch(`${server.origin}/espoo/login?locale=fi`)
      expect(login.status).toBe(200)
      expect(await login.text()).toContain('<title>Kirjaudu sisään')
      expect(await (await fetch(`${server.origin}/health`)).json()).toEqual({ status: 'ok' })
    } finally {
      await server.stop()
    }
  })

  it('never runs a stale bundle: an edited source is compiled again before the server starts', async () => {
    const before = await built()
    const source = join(root, 'server/ops/healthRoutes.ts')
    const original = await readFile(source, 'utf8')
    const edited = original.replace("{ status: 'ok' }", "{ status: 'edited' }")
    expect(edited).not.toBe(original)
    await writeFile(source, edited)
    expect(stale()).toBe('true')
    const server = await start()
    try {
      expect(await (await fetch(`${server.origin}/health`)).json()).toEqual({ status: 'edited' })
      expect(await built()).toBeGreaterThan(before)
    } finally {
      await server.stop()
    }
  })
})
