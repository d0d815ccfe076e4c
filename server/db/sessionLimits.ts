/**
 * How long a PostgreSQL connection may be stuck before it lets go: every statement the server runs takes
 * milliseconds and every row lock it takes is held as long, so anything near these is a connection that stopped
 * answering (a network gone silent) or a holder that will never commit. Without them such a connection kept its
 * locks, and the pool its connections, for minutes.
 */
export const sessionLimits = {
  /** PostgreSQL cancels a statement that runs longer (statement_timeout). */
  statementTimeoutMs: 10_000,
  /** PostgreSQL cancels a statement that waits longer for a lock (lock_timeout): the holder is stuck. */
  lockTimeoutMs: 3_000,
  /**
   * PostgreSQL ends a session idle this long inside a transaction (idle_in_transaction_session_timeout),
   * freeing its locks: the server never waits on anything else inside one, so its client went silent.
   */
  idleInTransactionTimeoutMs: 10_000,
  /**
   * The client gives up on a query unanswered this long and discards its connection. Later than
   * `statementTimeoutMs`, so that a slow server that still answers cancels the statement itself, and its
   * connection is kept.
   */
  queryDeadlineMs: 12_000,
} as const
