import {
  AliasNode,
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  type ColumnUpdateNode,
  IdentifierNode,
  ListNode,
  OnNode,
  OperationNodeTransformer,
  OperatorNode,
  ParensNode,
  PrimitiveValueListNode,
  ReferenceNode,
  SelectionNode,
  SelectQueryNode,
  TableNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  WhereNode,
  type DeleteQueryNode,
  type InsertQueryNode,
  type JoinNode,
  type CommonTableExpression,
  type Kysely,
  type KyselyPlugin,
  type OnConflictNode,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryCreator,
  type QueryCreatorWithCommonTableExpression,
  type QueryId,
  type QueryResult,
  type RawNode,
  type RootOperationNode,
  type UnknownRow,
  type UpdateQueryNode,
} from 'kysely'
import type { TenantId } from '../../tenants'
import type { Database } from './schema'

/**
 * Every table, per tenant or global; a new table must be classified here. All but `vapid_keys` and `email_link_keys` are per tenant: each has
 * `tenant_id` and keys that begin with it. The only statements across tenants take the unscoped `Db` outside
 * `tenantDb`, deliberately: migrations, the demo seed's lock, the idempotency key purge, the operations metrics'
 * counts (keys in flight, overdue cancellations per tenant), the retention's batches (server/retention/), the outboxes' senders (their claims with
 * leases, server/db/leaseClaim.ts, and settlements): push's (server/db/pushOutbox.ts) and the webhooks'
 * (server/db/webhookOutbox.ts, with the count and age of the pending deliveries on /metrics), and besides, for push
 * (server/notifications/), an endpoint leaving the tenant it was kept for when another subscribes it and the one
 * VAPID key pair (`vapid_keys`), and for e-mail its outbox's sender (server/db/emailOutbox.ts) and the key that signs
 * unsubscribe links (`email_link_keys`); those two tables are the only global ones.
 */
const tableScopes: Record<keyof Database, 'tenant' | 'global'> = {
  users: 'tenant',
  sessions: 'tenant',
  login_throttles: 'tenant',
  signing_keys: 'tenant',
  passengers: 'tenant',
  passenger_grants: 'tenant',
  access_codes: 'tenant',
  places: 'tenant',
  trip_events: 'tenant',
  trips: 'tenant',
  idempotency_keys: 'tenant',
  operator_api_keys: 'tenant',
  transportation_permissions: 'tenant',
  permission_periods: 'tenant',
  permission_places: 'tenant',
  tracking_links: 'tenant',
  messages: 'tenant',
  message_seen: 'tenant',
  invitations: 'tenant',
  invitation_passengers: 'tenant',
  travel_cards: 'tenant',
  travel_card_throttles: 'tenant',
  vapid_keys: 'global',
  push_subscriptions: 'tenant',
  notification_settings: 'tenant',
  notification_switches: 'tenant',
  push_deliveries: 'tenant',
  notification_marks: 'tenant',
  calendar_feeds: 'tenant',
  operator_changes: 'tenant',
  operator_change_horizons: 'tenant',
  webhook_endpoints: 'tenant',
  webhook_deliveries: 'tenant',
  dispatch_settings: 'tenant',
  email_tokens: 'tenant',
  email_switches: 'tenant',
  email_deliveries: 'tenant',
  email_throttles: 'tenant',
  demo_mails: 'tenant',
  email_link_keys: 'global',
}

const tenantColumn = 'tenant_id'

const isTenantTable = (name: string): boolean => tableScopes[name as keyof Database] === 'tenant'

/** A tenant table's name as a word of raw SQL text, quoted or not, in any case. */
const namesTenantTable = new RegExp(
  `(?<![\\w$])(?:${Object.keys(tableScopes).filter(isTenantTable).join('|')})(?![\\w$])`,
  'i',
)

/** The schema as repositories see it: no `tenant_id`, which the scope alone reads and writes. */
export type ScopedDatabase = { [T in keyof Database]: Omit<Database[T], typeof tenantColumn> }

/** The query builders of `DB`, and `with` answering the same: none of Kysely's ways out of the plugins. */
interface Queries<DB> extends Pick<
  QueryCreator<DB>,
  'selectFrom' | 'insertInto' | 'updateTable' | 'deleteFrom'
> {
  with<N extends string, E extends CommonTableExpression<DB, N>>(
    name: N,
    expression: E,
  ): Queries<QueryCreatorWithCommonTableExpression<DB, N, E> extends QueryCreator<infer With> ? With : never>
}

/**
 * What repositories query through: the tenant's tables, every query scoped by the plugin, and no way to the
 * unscoped Kysely (`withoutPlugins`, `executeQuery`, raw SQL, the schema builder) in its type.
 */
export interface ScopedDb extends Queries<ScopedDatabase> {
  /** Runs `work` in a transaction, scoped the same. */
  transaction<T>(work: (trx: ScopedDb) => Promise<T>): Promise<T>
}

/** A query the scope cannot bind to the tenant: refused rather than sent unscoped. */
export class TenantScopeError extends Error {
  override name = 'TenantScopeError'
}

/** Binds `db` to `tenant`: what every repository of a request gets. */
export function scopeToTenant(db: Kysely<Database>, tenant: TenantId): ScopedDb {
  return confine(db.withPlugin(new TenantScopePlugin(tenant)) as unknown as Kysely<ScopedDatabase>)
}

function confine(db: Kysely<ScopedDatabase>): ScopedDb {
  return {
    selectFrom: db.selectFrom.bind(db),
    insertInto: db.insertInto.bind(db),
    updateTable: db.updateTable.bind(db),
    deleteFrom: db.deleteFrom.bind(db),
    with: db.with.bind(db),
    transaction: (work) => db.transaction().execute((trx) => work(confine(trx))),
  }
}

const scopedRoots = new Set<RootOperationNode['kind']>([
  'SelectQueryNode',
  'InsertQueryNode',
  'UpdateQueryNode',
  'DeleteQueryNode',
])

/**
 * Rewrites every query's tree so that it touches only the tenant's rows: each tenant table it reads, updates or
 * deletes from (in FROM, USING, UPDATE, every join, every subquery and CTE) gets `tenant_id = $tenant`, and each
 * insert into one gets the tenant's `tenant_id` (and the tenant column at the head of its ON CONFLICT target).
 * Anything it cannot scope throws TenantScopeError: raw SQL as a whole query, a tenant table named inside raw
 * SQL (in its text, `sql.table`, `sql.id`: a raw FROM, join, CTE or `exists(select ...)`; a query built with
 * Kysely inside raw SQL is scoped as usual), an insert, update or conflict target naming `tenant_id` itself, an
 * ON CONFLICT with no target, and joins that keep unmatched rows of a tenant table.
 */
export class TenantScopePlugin implements KyselyPlugin {
  readonly #scope: TenantScope

  constructor(tenant: TenantId) {
    this.#scope = new TenantScope(tenant)
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (!scopedRoots.has(node.kind)) throw new TenantScopeError(`A ${node.kind} cannot be scoped to a tenant`)
    return this.#scope.transformNode(node, queryId)
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result)
  }
}

/** The name a FROM or JOIN item's tenant table is referred to by (its alias, else itself); undefined if none. */
function tenantTableRef(item: OperationNode): TableNode | undefined {
  const table = AliasNode.is(item) ? item.node : item
  if (!TableNode.is(table) || !isTenantTable(table.table.identifier.name)) return undefined
  if (!AliasNode.is(item)) return table
  if (!IdentifierNode.is(item.alias)) throw new TenantScopeError('A tenant table needs a plain alias')
  return TableNode.create(item.alias.name)
}

/** A raw SQL parameter that is a tenant table (`sql.table`, `sql.id`), aliased or not. */
function isTenantTableNode(node: OperationNode): boolean {
  if (AliasNode.is(node)) return isTenantTableNode(node.node)
  if (TableNode.is(node)) return isTenantTable(node.table.identifier.name)
  return IdentifierNode.is(node) && isTenantTable(node.name)
}

/** The column an update sets, whether named alone or through its table. */
function updatedColumn(node: ColumnUpdateNode): string | undefined {
  const column = ReferenceNode.is(node.column) ? node.column.column : node.column
  return ColumnNode.is(column) ? column.column.name : undefined
}

/** `scope and (existing)`: the parentheses keep an existing condition's own ors together. */
const and = (scope: OperationNode, existing: OperationNode | undefined): OperationNode =>
  existing ? AndNode.create(scope, ParensNode.create(existing)) : scope

/** Joins whose rows of the joined table all match ON: scoped in WHERE, or in ON for a left join. */
const joinsScopedInWhere = new Set<JoinNode['joinType']>([
  'InnerJoin',
  'LateralInnerJoin',
  'CrossJoin',
  'LateralCrossJoin',
])
const joinsScopedInOn = new Set<JoinNode['joinType']>(['LeftJoin', 'LateralLeftJoin'])

class TenantScope extends OperationNodeTransformer {
  readonly #tenant: TenantId

  constructor(tenant: TenantId) {
    super()
    this.#tenant = tenant
  }

  #condition(table: TableNode): OperationNode {
    return BinaryOperationNode.create(
      ReferenceNode.create(ColumnNode.create(tenantColumn), table),
      OperatorNode.create('='),
      ValueNode.create(this.#tenant),
    )
  }

  /** `where`, narrowed to the tenant for each tenant table of `items`. */
  #scopeWhere(where: WhereNode | undefined, items: readonly OperationNode[]): WhereNode | undefined {
    const scopes = items.flatMap((item) => {
      const table = tenantTableRef(item)
      return table ? [this.#condition(table)] : []
    })
    if (scopes.length === 0) return where
    const conditions = where ? [...scopes, ParensNode.create(where.where)] : scopes
    return WhereNode.create(conditions.reduce((left, right) => AndNode.create(left, right)))
  }

  /** Scopes left joins in their ON; answers the tables of the others, to scope in WHERE. */
  #scopeJoins(joins: readonly JoinNode[] | undefined): {
    joins?: readonly JoinNode[]
    inWhere: OperationNode[]
  } {
    if (!joins) return { inWhere: [] }
    const inWhere: OperationNode[] = []
    const scoped = joins.map((join) => {
      const table = tenantTableRef(join.table)
      if (!table) return join
      if (joinsScopedInWhere.has(join.joinType)) {
        inWhere.push(join.table)
        return join
      }
      if (!joinsScopedInOn.has(join.joinType)) {
        throw new TenantScopeError(`A ${join.joinType} of a tenant table cannot be scoped`)
      }
      return { ...join, on: OnNode.create(and(this.#condition(table), join.on?.on)) }
    })
    return { joins: scoped, inWhere }
  }

  /** Raw SQL is passed as it is, so it must not name a tenant table the scope cannot see. */
  protected override transformRaw(node: RawNode, queryId?: QueryId): RawNode {
    if (
      node.sqlFragments.some((fragment) => namesTenantTable.test(fragment)) ||
      node.parameters.some(isTenantTableNode)
    ) {
      throw new TenantScopeError(
        'Raw SQL names a tenant table, which the scope cannot bind: use the query builder',
      )
    }
    return super.transformRaw(node, queryId)
  }

  /** In an UPDATE and an ON CONFLICT DO UPDATE alike: a row stays in its tenant. */
  protected override transformColumnUpdate(node: ColumnUpdateNode, queryId?: QueryId): ColumnUpdateNode {
    if (updatedColumn(node) === tenantColumn)
      throw new TenantScopeError('A row’s tenant_id cannot be changed')
    return super.transformColumnUpdate(node, queryId)
  }

  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    const query = super.transformSelectQuery(node, queryId)
    const { joins, inWhere } = this.#scopeJoins(query.joins)
    const where = this.#scopeWhere(query.where, [...(query.from?.froms ?? []), ...inWhere])
    return { ...query, ...(joins && { joins }), ...(where && { where }) }
  }

  protected override transformUpdateQuery(node: UpdateQueryNode, queryId?: QueryId): UpdateQueryNode {
    const query = super.transformUpdateQuery(node, queryId)
    const tables =
      query.table && ListNode.is(query.table) ? query.table.items : query.table ? [query.table] : []
    const { joins, inWhere } = this.#scopeJoins(query.joins)
    const where = this.#scopeWhere(query.where, [...tables, ...(query.from?.froms ?? []), ...inWhere])
    return { ...query, ...(joins && { joins }), ...(where && { where }) }
  }

  protected override transformDeleteQuery(node: DeleteQueryNode, queryId?: QueryId): DeleteQueryNode {
    const query = super.transformDeleteQuery(node, queryId)
    const { joins, inWhere } = this.#scopeJoins(query.joins)
    const where = this.#scopeWhere(query.where, [
      ...query.from.froms,
      ...(query.using?.tables ?? []),
      ...inWhere,
    ])
    return { ...query, ...(joins && { joins }), ...(where && { where }) }
  }

  protected override transformInsertQuery(node: InsertQueryNode, queryId?: QueryId): InsertQueryNode {
    const query = super.transformInsertQuery(node, queryId)
    if (!query.into || !isTenantTable(query.into.table.identifier.name)) return query
    if (query.columns?.some((column) => column.column.name === tenantColumn)) {
      throw new TenantScopeError('The tenant scope sets tenant_id; a query must not')
    }
    return {
      ...query,
      columns: [...(query.columns ?? []), ColumnNode.create(tenantColumn)],
      values: this.#withTenant(query.values),
      ...(query.onConflict && { onConflict: scopeConflictTarget(query.onConflict) }),
    }
  }

  /** The rows to insert, each with the tenant as its last value. */
  #withTenant(values: OperationNode | undefined): OperationNode {
    if (values && ValuesNode.is(values)) {
      return ValuesNode.create(
        values.values.map((row) =>
          PrimitiveValueListNode.is(row)
            ? PrimitiveValueListNode.create([...row.values, this.#tenant])
            : ValueListNode.create([...row.values, ValueNode.create(this.#tenant)]),
        ),
      )
    }
    if (
      values &&
      SelectQueryNode.is(values) &&
      !values.setOperations &&
      values.selections?.every((selection) => selection.selection.kind !== 'SelectAllNode')
    ) {
      const tenant = AliasNode.create(ValueNode.create(this.#tenant), IdentifierNode.create(tenantColumn))
      return SelectQueryNode.cloneWithSelections(values, [SelectionNode.create(tenant)])
    }
    throw new TenantScopeError('Only VALUES or a select of named columns can be inserted into a tenant table')
  }
}

/**
 * Unique keys of tenant tables begin with tenant_id, so a conflict target names the rest (none for a table keyed
 * by the tenant alone) and the scope adds it. A target by constraint or expression cannot be checked, and no
 * target at all would meet any unique key, among them one without the tenant (a link or code unique in the
 * whole table), so another tenant's row could silently stop an insert: both are refused.
 */
function scopeConflictTarget(conflict: OnConflictNode): OnConflictNode {
  if (conflict.constraint || conflict.indexExpression || !conflict.columns) {
    throw new TenantScopeError('An ON CONFLICT target on a tenant table must be columns')
  }
  if (conflict.columns.some((column) => column.column.name === tenantColumn)) {
    throw new TenantScopeError('The tenant scope adds tenant_id to the conflict target; a query must not')
  }
  return { ...conflict, columns: [ColumnNode.create(tenantColumn), ...conflict.columns] }
}
