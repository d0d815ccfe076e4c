import type { AnyActorLogic, DoneActorEvent, EventObject, InputFrom, OutputFrom } from 'xstate'

/**
 * A fetch as one region of a parallel machine: idle until its answer is due, loading while its actor runs,
 * then settled in a state its answer picks (`loaded` unless told otherwise) or failed. Every state but loading
 * loads again as soon as the answer is due again, and loading starts over when the answer it awaits went stale
 * meanwhile (the old answer is dropped with its actor). What an answer is for is the machine's: `start` stores
 * a key of what is asked as the fetch starts, and `due` compares it with what is asked now (`isStale` builds
 * such a guard). The region is plain config: the machine's `setup(...).createMachine` checks its actor, action,
 * guard and event names, and the state names are kept as types, so the snapshot's `matches` knows them.
 *
 * `fetchRegionFor<Context, Event, typeof actors>()` gives the builder for one machine's fetch actors.
 */

/** A state the answer leaves the region in: the first whose `when` holds (one without `when` always does). */
export interface FetchOutcome<TOutput, TState extends string> {
  state: TState
  when?: (output: TOutput) => boolean
}

/**
 * What a failure leaves: `idle` (it loads again only once due again), or the `failed` state, left for
 * loading by the `retry` event (when `retryGuard` allows) and whenever due again. With `tooManyRequests` (a
 * guard on the error event) `failed` says which failure it was: `failed.tooManyRequests` (over the user's limit:
 * wait a moment) or `failed.error`.
 */
export type FetchFailure<TRetry extends string, TRetryGuard, TTooMany> =
  'idle' | { retry: TRetry; retryGuard?: TRetryGuard; tooManyRequests?: TTooMany }

export interface FetchRegionOptions<
  TContext,
  TLogic extends AnyActorLogic,
  TSrc extends string,
  TDue,
  TStart extends string,
  TStore extends string,
  TLoading extends string,
  TSettled extends string,
  TFailure,
> {
  /** The actor the region invokes, by the name the machine's setup gives it. */
  src: TSrc
  /** Its input, built from the context when loading starts. */
  input: (args: { context: TContext }) => InputFrom<TLogic>
  /** When the answer is due: it is missing or stale, and wanted now. */
  due: TDue
  /** The action run as loading starts: it stores what the answer will be for (and drops the old one). */
  start: TStart
  /** The action that stores the answer: its params are the actor's output. */
  store: TStore
  /** The loading state's name; `loading` unless told otherwise. */
  loading?: TLoading
  /** Where an answer leaves the region, in order; `[{ state: 'loaded' }]` unless told otherwise. */
  outcomes?: readonly FetchOutcome<OutputFrom<TLogic>, TSettled>[]
  failure: TFailure
}

type Due<TDue, TLoading extends string> = { readonly always: { guard: TDue; target: TLoading } }

type Done<TOutput> = { event: DoneActorEvent<TOutput> }

type RetryOf<TFailure> = TFailure extends { retry: infer TRetry extends string } ? TRetry : never
type RetryGuardOf<TFailure> = TFailure extends { retryGuard: infer TGuard } ? TGuard : never
type TooManyOf<TFailure> = TFailure extends { tooManyRequests: infer TGuard } ? TGuard : never

interface Loading<TContext, TLogic extends AnyActorLogic, TSrc, TDue, TStart, TStore, TLoading, TFailure> {
  entry: TStart
  always: { guard: TDue; target: TLoading; reenter: true }
  invoke: {
    src: TSrc
    input: (args: { context: TContext }) => InputFrom<TLogic>
    onDone: readonly {
      guard?: (args: Done<OutputFrom<TLogic>>) => boolean
      target: string
      actions: { type: TStore; params: (args: Done<OutputFrom<TLogic>>) => OutputFrom<TLogic> }
    }[]
    onError: [TooManyOf<TFailure>] extends [never]
      ? 'idle' | 'failed'
      : readonly [{ guard: TooManyOf<TFailure>; target: 'failed.tooManyRequests' }, { target: 'failed' }]
  }
}

type Failed<TDue, TLoading extends string, TFailure> = Due<TDue, TLoading> & {
  on: {
    [K in RetryOf<TFailure>]: [RetryGuardOf<TFailure>] extends [never]
      ? { target: TLoading }
      : { guard: RetryGuardOf<TFailure>; target: TLoading }
  }
} & ([TooManyOf<TFailure>] extends [never]
    ? unknown
    : { initial: 'error'; states: { error: object; tooManyRequests: object } })

/** The region's config: its states' names are those it was built with. */
export type FetchRegion<
  TContext,
  TLogic extends AnyActorLogic,
  TSrc extends string,
  TDue,
  TStart extends string,
  TStore extends string,
  TLoading extends string,
  TSettled extends string,
  TFailure,
> = {
  initial: 'idle'
  states: { idle: Due<TDue, TLoading> } & {
    [K in TLoading]: Loading<TContext, TLogic, TSrc, TDue, TStart, TStore, TLoading, TFailure>
  } & { [K in Exclude<TSettled, 'idle'>]: Due<TDue, TLoading> } & ([RetryOf<TFailure>] extends [never]
      ? unknown
      : { failed: Failed<TDue, TLoading, TFailure> })
}

/** The region builder for a machine's context, events and fetch actors (by the names its setup gives them). */
export function fetchRegionFor<
  TContext,
  TEvent extends EventObject,
  TActors extends Record<string, AnyActorLogic>,
>() {
  return function fetchRegion<
    const TSrc extends keyof TActors & string,
    const TDue,
    const TStart extends string,
    const TStore extends string,
    const TLoading extends string = 'loading',
    const TSettled extends string = 'loaded',
    const TFailure extends FetchFailure<TEvent['type'], unknown, unknown> = 'idle',
  >(
    options: FetchRegionOptions<
      TContext,
      TActors[TSrc],
      TSrc,
      TDue,
      TStart,
      TStore,
      TLoading,
      TSettled,
      TFailure
    >,
    // NoInfer: built inside a machine's config, its names are the options', not the config's looser types.
  ): NoInfer<FetchRegion<TContext, TActors[TSrc], TSrc, TDue, TStart, TStore, TLoading, TSettled, TFailure>> {
    type Output = OutputFrom<TActors[TSrc]>
    const loading = options.loading ?? ('loading' as TLoading)
    const due = { guard: options.due, target: loading }
    const store = { type: options.store, params: ({ event }: Done<Output>) => event.output }
    const outcomes = options.outcomes ?? [{ state: 'loaded' as TSettled }]
    const onDone = outcomes.map(({ state, when }) => ({
      ...(when ? { guard: ({ event }: Done<Output>) => when(event.output) } : {}),
      target: state,
      actions: store,
    }))
    const { failure } = options
    const settled = Object.fromEntries(
      outcomes.filter(({ state }) => state !== 'idle').map(({ state }) => [state, { always: due }]),
    )
    const failed =
      failure === 'idle'
        ? {}
        : {
            failed: {
              ...(failure.tooManyRequests === undefined
                ? {}
                : { initial: 'error', states: { error: {}, tooManyRequests: {} } }),
              always: due,
              on: {
                [failure.retry]: {
                  ...(failure.retryGuard === undefined ? {} : { guard: failure.retryGuard }),
                  target: loading,
                },
              },
            },
          }
    const onError =
      failure === 'idle'
        ? 'idle'
        : failure.tooManyRequests === undefined
          ? 'failed'
          : [{ guard: failure.tooManyRequests, target: 'failed.tooManyRequests' }, { target: 'failed' }]
    const region = {
      initial: 'idle',
      states: {
        idle: { always: due },
        [loading]: {
          entry: options.start,
          always: { ...due, reenter: true },
          invoke: { src: options.src, input: options.input, onDone, onError },
        },
        ...settled,
        ...failed,
      },
    }
    // The object is built from the options as the type says; TypeScript cannot follow computed keys.
    return region as unknown as FetchRegion<
      TContext,
      TActors[TSrc],
      TSrc,
      TDue,
      TStart,
      TStore,
      TLoading,
      TSettled,
      TFailure
    >
  }
}

/** A `due` guard's staleness: the answer wanted now (`key`, null: none) is not the one fetched (`fetchedFor`). */
export function isStale<TContext>(
  key: (context: TContext) => string | null,
  fetchedFor: (context: TContext) => string | null | undefined,
) {
  return ({ context }: { context: TContext }) => {
    const wanted = key(context)
    return wanted !== null && wanted !== fetchedFor(context)
  }
}
