import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely'
import { Temporal } from 'temporal-polyfill'

/**
 * The one boundary between database time values and Temporal. pg and PGlite both return timestamptz as a
 * JavaScript Date, which the rest of the server never sees; Temporal.Instant parameters are sent as ISO
 * strings, which both drivers pass to PostgreSQL as text. (`date` columns never arrive as Date values, whose
 * local midnights would shift a day: connect.ts has both drivers keep them as YYYY-MM-DD text.)
 */
export class TemporalPlugin implements KyselyPlugin {
  readonly #parameters = new InstantParameters()

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#parameters.transformNode(args.node, args.queryId)
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return { ...args.result, rows: args.result.rows.map(toTemporalRow) }
  }
}

const toParameter = (value: unknown): unknown =>
  value instanceof Temporal.Instant ? value.toString() : value

class InstantParameters extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return node.value instanceof Temporal.Instant ? { ...node, value: toParameter(node.value) } : node
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return node.values.some((value) => value instanceof Temporal.Instant)
      ? { ...node, values: node.values.map(toParameter) }
      : node
  }
}

function toTemporalRow(row: UnknownRow): UnknownRow {
  const converted: UnknownRow = {}
  for (const [key, value] of Object.entries(row)) {
    converted[key] = value instanceof Date ? Temporal.Instant.fromEpochMilliseconds(value.getTime()) : value
  }
  return converted
}
