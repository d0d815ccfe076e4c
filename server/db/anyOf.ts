import { sql, type RawBuilder } from 'kysely'

/**
 * `column = any($1)`: a batch's keys as one text[] parameter, whatever their number, none too (where `in ()`
 * is an error and a thousand keys would be a thousand parameters).
 */
export function anyOf(values: readonly string[]): RawBuilder<string> {
  return sql<string>`any(${values}::text[])`
}
