import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { createKeyStore } from '../../../server/auth/accessTokens'
import type { Db } from '../../../server/db/schema'
import { registerEndpoint } from '../../../server/routes/registerEndpoint'

export const heldPath = '/api/test/echo'

const echo = {
  method: 'POST',
  path: heldPath,
  summary: 'Test only: echoes the text, counting runs; can be held or made to fail',
  auth: true,
  body: z.object({ text: z.string() }),
  response: z.object({ text: z.string(), run: z.number() }),
} as const

/**
 * A state-changing test endpoint whose handler can be held mid-run (to see a key in flight) or made to throw
 * (a 5xx). One instance may be registered on several apps, as several server instances on one database.
 */
export function createHeldEndpoint() {
  let runs = 0
  let gate: Promise<void> | null = null
  let entered: (() => void) | null = null
  let failNext = false

  return {
    get runs() {
      return runs
    },
    /** Holds the next run (only that one); `entered` resolves once it is inside the handler. */
    hold() {
      let release = () => {}
      gate = new Promise<void>((resolve) => (release = resolve))
      const inside = new Promise<void>((resolve) => (entered = resolve))
      return { entered: inside, release }
    },
    failOnce() {
      failNext = true
    },
    /** Registers the endpoint on an app that is not ready yet. */
    register(app: FastifyInstance, db: Db) {
      registerEndpoint(app, createKeyStore(db), echo, async ({ body }) => {
        const run = ++runs
        const myGate = gate
        gate = null
        entered?.()
        entered = null
        if (myGate) await myGate
        if (failNext) {
          failNext = false
          throw new Error('Simulated failure')
        }
        return { text: body.text, run }
      })
    },
  }
}
