import { describe, it } from 'vitest'
import { postgresUrl, type Backend } from './database'

/**
 * Tests that only PostgreSQL can run (a connection to lose, a network to stall), on TEST_DATABASE_URL. Without
 * it they never vanish unseen: locally they are listed as skipped under a name that says why, and in CI (`CI`
 * set, where TEST_DATABASE_URL always is: .ci/run) a test fails saying that it is required.
 */
export function describeOnPostgres(name: string, body: (backend: Backend) => void): void {
  const databaseUrl = postgresUrl
  if (databaseUrl) {
    describe(name, () => body({ name: 'postgres', databaseUrl }))
  } else if (process.env.CI) {
    describe(name, () =>
      it('cannot run: TEST_DATABASE_URL is required in CI', () => {
        throw new Error(`TEST_DATABASE_URL is not set, so "${name}" cannot run on PostgreSQL`)
      }),
    )
  } else {
    describe.skip(`${name} (skipped: needs PostgreSQL, set TEST_DATABASE_URL)`, () =>
      body({ name: 'postgres', databaseUrl: '' }))
  }
}
