import { CompiledQuery, sql, type Compilable, type RawBuilder } from 'kysely'
import type pg from 'pg'
import type { Db } from './schema'

/** Stands in a prepared query for the value each run gives at `index` (see `argument`). */
class Argument {
  constructor(readonly index: number) {}
}

/** The value each run of a prepared query gives at `index`, cast to the PostgreSQL `type`. */
export const argument = <T>(index: number, type: string): RawBuilder<T> =>
  sql<T>`${new Argument(index)}::${sql.raw(type)}`

/**
 * A statement of the hot path, compiled once from a query builder, so through the tenant scope like any other
 * query (the tenant is one of its parameters). Planned once per connection on PostgreSQL.
 */
export class PreparedStatement {
  private constructor(
    /** Unique per text. */
    readonly name: string,
    readonly text: string,
    private readonly parameters: readonly unknown[],
  ) {}

  static compile(name: string, query: Compilable): PreparedStatement {
    const compiled = query.compile()
    return new PreparedStatement(name, compiled.sql, compiled.parameters)
  }

  /** The parameters of a run with `args`. */
  parametersFor(args: readonly unknown[]): unknown[] {
    return this.parameters.map((parameter) =>
      parameter instanceof Argument ? args[parameter.index] : parameter,
    )
  }
}

type Runner = (statement: PreparedStatement, params: unknown[]) => Promise<unknown[]>

const runners = new WeakMap<Db, Runner>()

/**
 * On PostgreSQL the hot reads go to the pool as named statements, which PostgreSQL parses and plans once per
 * connection instead of on every request (Kysely sends unnamed ones). Only for the pool itself: a transaction
 * has its own connection, and PGlite's single session may be inside one, so those run through Kysely.
 */
export function usePreparedStatements(db: Db, pool: pg.Pool): void {
  runners.set(db, async (statement, params) => {
    const result = await pool.query({ name: statement.name, text: statement.text, values: params })
    return result.rows
  })
}

/** Runs a hot-path statement: prepared on a PostgreSQL pool, else as a precompiled query through Kysely. */
export async function runPrepared<Row>(
  db: Db,
  statement: PreparedStatement,
  args: readonly unknown[],
): Promise<Row[]> {
  const params = statement.parametersFor(args)
  const runner = runners.get(db)
  if (runner) return (await runner(statement, params)) as Row[]
  return (await db.executeQuery<Row>(CompiledQuery.raw(statement.text, params))).rows
}

/** `runPrepared` on one database, as repositories get it from `tenantDb`. */
export type RunPrepared = <Row>(statement: PreparedStatement, args: readonly unknown[]) => Promise<Row[]>
