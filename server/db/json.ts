import { sql, type RawBuilder } from 'kysely'

/**
 * A jsonb value for an insert or update. pg turns JavaScript arrays into PostgreSQL arrays and PGlite
 * serializes by the parameter's type, so both are sent one way: as text, cast to jsonb in SQL.
 */
export function jsonb<T>(value: T): RawBuilder<T> {
  return sql<T>`(${JSON.stringify(value)}::text)::jsonb`
}
