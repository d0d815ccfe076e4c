import { randomInt } from 'node:crypto'
import type { Temporal } from 'temporal-polyfill'
import type { AccessCodeRow } from '../db/repositories/passengers'
import type { TenantDb } from '../db/tenantDb'
import { requireGrantable } from './grantable'
import { tellPassengersAdded } from './passengersAdded'

/** No 0, O, 1, I or L: nothing a reader can take for another character, on paper or aloud. */
const accessCodeAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/**
 * A new access code: 12 characters of 31 (about 59 random bits, each drawn without bias), in groups of four,
 * `XXXX-XXXX-XXXX`. Users may type it without the dashes and in any case (`normalizeAccessCode`).
 */
export function newAccessCode(): string {
  const characters = Array.from(
    { length: 12 },
    () => accessCodeAlphabet[randomInt(accessCodeAlphabet.length)],
  )
  return [0, 4, 8].map((start) => characters.slice(start, start + 4).join('')).join('-')
}

export interface AccessCodeOptions {
  /** How many days from `now` it can be claimed. */
  validDays: number
  /** The code to keep; only the demo seed gives one (its readable codes), else a new one is made. */
  code?: string
}

/**
 * A new access code for a live passenger of the tenant: only its hash is kept, so the code is in this answer
 * and nowhere else. A user who claims it (`claimWithAccessCode`) is granted the passenger.
 */
export async function issueAccessCode(
  db: TenantDb,
  passengerId: string,
  now: Temporal.Instant,
  options: AccessCodeOptions,
): Promise<{ code: string; row: AccessCodeRow }> {
  await requireGrantable(db, [{ passengerId }])
  const code = options.code ?? newAccessCode()
  const row = await db.passengers.insertAccessCode({
    token: code,
    passengerId,
    expiresAt: now.add({ hours: 24 * options.validDays }),
  })
  return { code, row }
}

/**
 * Uses up an access code for the user and grants its passenger, telling the operator when the grant is new:
 * the passenger's id, or undefined for a code unknown, used or expired.
 */
export async function claimAccessCode(db: TenantDb, userId: string, code: string, now: Temporal.Instant) {
  return db.transaction(async (trx) => {
    const claimed = await trx.passengers.claimWithAccessCode(userId, code, now)
    if (claimed?.granted) await tellPassengersAdded(trx, userId, [claimed.passengerId], 'accessCode', now)
    return claimed?.passengerId
  })
}
