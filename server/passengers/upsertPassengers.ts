import { randomUUID } from 'node:crypto'
import type { PassengerItem } from '../../src/contract/operatorPassengers'
import { initials } from '../../src/domain/initials'
import type { PassengerRow } from '../db/repositories/passengers'
import type { TenantDb } from '../db/tenantDb'
import { passengerEnded } from '../errors/passengerErrors'
import { failed, repeats, succeeded, type Outcome } from './outcomes'

/**
 * The initials to write: those given, else those a guardian chose (they differ from the ones the current name
 * makes, `api/passenger/{id}` changes them), else the name's.
 */
function initialsFor(item: PassengerItem, current: PassengerRow | undefined): string {
  if (item.initials !== undefined) return item.initials
  if (current && current.avatar_text !== initials(current.name)) return current.avatar_text
  return initials(item.name)
}

/**
 * Creates the tenant's passengers by the operator's references, or updates the one with each reference: one
 * outcome per item, the passenger's row, or 409 passenger_ended for one the operator ended (not updated), 400 for
 * a reference an earlier item has. Two queries for the batch; call inside a transaction.
 */
export async function upsertPassengers(
  db: TenantDb,
  items: readonly PassengerItem[],
): Promise<Outcome<PassengerRow>[]> {
  const repeated = repeats(items, (item) => item.externalRef, 'externalRef')
  const current = new Map(
    (await db.passengers.findNamed({ ids: [], refs: items.map((item) => item.externalRef) })).map((row) => [
      row.external_ref,
      row,
    ]),
  )
  const writes = items.flatMap((item, index) =>
    repeated[index] || current.get(item.externalRef)?.ended_at
      ? []
      : [
          {
            id: randomUUID(),
            external_ref: item.externalRef,
            name: item.name,
            phone: item.phone,
            avatar_text: initialsFor(item, current.get(item.externalRef)),
            language: item.language,
          },
        ],
  )
  const written = new Map((await db.passengers.upsertByRef(writes)).map((row) => [row.external_ref, row]))
  return items.map((item, index) => {
    const refused = repeated[index]
    if (refused) return failed(refused)
    const row = written.get(item.externalRef)
    // Not written: the operator ended it, before this batch or while it ran.
    return row ? succeeded(row) : failed(passengerEnded('externalRef'))
  })
}
