import { sql, type Kysely, type SelectQueryBuilder } from 'kysely'

/**
 * A select of `rows` sent as one JSON parameter and read back by `jsonb_to_recordset` with each column's SQL type:
 * what `insertInto(table).columns(...).expression(...)` takes to write many rows in one statement. Unlike a
 * multi-row VALUES, its size does not grow the statement: no parameter per value for the driver to bind, no
 * expression per value for the database to parse (a thousand trips of forty columns are one parameter, not
 * forty thousand). Column names are the code's own, never input.
 */
export function jsonRecords<C extends string>(
  db: Kysely<object>,
  rows: readonly Record<C, unknown>[],
  types: Readonly<Record<C, string>>,
): SelectQueryBuilder<object, never, Record<C, unknown>> {
  const columns = Object.keys(types) as C[]
  const definitions = sql.raw(columns.map((column) => `${column} ${types[column]}`).join(', '))
  // Sent as text and cast, as server/db/json.ts does: pg and PGlite then agree on the parameter's type.
  const source = sql`jsonb_to_recordset((${JSON.stringify(rows)}::text)::jsonb) as r(${definitions})`
  return db
    .selectFrom(source as never)
    .select(columns.map((column) => sql.ref(`r.${column}`).as(column)) as never) as never
}
