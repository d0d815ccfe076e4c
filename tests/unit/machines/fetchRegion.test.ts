import { describe, expect, it } from 'vitest'
import { assign, createActor, fromPromise, setup, type ErrorActorEvent } from 'xstate'
import { fetchRegionFor, isStale } from '../../../machines/shared/fetchRegion'

/**
 * A tiny machine with two fetches built by `fetchRegion`, as the booking machine builds its five: `words` is
 * fetched for the `topic` asked (loaded, `none` for an empty answer, failed told apart for 429, retried), and
 * `summary` (loading named `planning`) goes back to idle whatever its answer.
 */

interface Context {
  topic: string | null
  wordsFor: string | null
  words: string[] | null
  summaryFor: string | null
  summary: string | null
  /** Retrying is allowed only while this holds (as the estimate's retry only at a summary). */
  retryAllowed: boolean
}
type Event =
  | { type: 'topic.change'; topic: string | null }
  | { type: 'retry.allow'; allowed: boolean }
  | { type: 'words.retry' }

/** A call the test answers by hand, recorded with its input. */
function calls<TOutput>() {
  const made: { input: string; resolve: (value: TOutput) => void; reject: (error: unknown) => void }[] = []
  const logic = fromPromise<TOutput, string>(
    ({ input }) =>
      new Promise<TOutput>((resolve, reject) => {
        made.push({ input, resolve, reject })
      }),
  )
  return { made, logic }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

const actors = {
  fetchWords: fromPromise<string[], string>(() => Promise.reject(new Error('no fetchWords actor'))),
  summarize: fromPromise<string, string>(() => Promise.reject(new Error('no summarize actor'))),
}
const fetchRegion = fetchRegionFor<Context, Event, typeof actors>()

const machine = setup({
  types: { context: {} as Context, events: {} as Event },
  actors,
  actions: {
    setTopic: assign(({ event }) => (event.type === 'topic.change' ? { topic: event.topic } : {})),
    allowRetry: assign(({ event }) => (event.type === 'retry.allow' ? { retryAllowed: event.allowed } : {})),
    // The old answer stays while the next loads (stale while reloading): only its key moves on.
    markWordsFetch: assign(({ context }) => ({ wordsFor: context.topic })),
    setWords: assign((_, words: string[]) => ({ words })),
    markSummary: assign(({ context }) => ({ summaryFor: context.topic, summary: null })),
    setSummary: assign((_, summary: string) => ({ summary })),
  },
  guards: {
    wordsStale: isStale(
      (context: Context) => context.topic,
      (context) => context.wordsFor,
    ),
    summaryStale: isStale(
      (context: Context) => context.topic,
      (context) => context.summaryFor,
    ),
    isRetryAllowed: ({ context }) => context.retryAllowed,
    isTooManyRequests: ({ event }) => (event as unknown as ErrorActorEvent).error === 429,
  },
}).createMachine({
  context: { topic: null, wordsFor: null, words: null, summaryFor: null, summary: null, retryAllowed: true },
  on: {
    'topic.change': { actions: 'setTopic' },
    'retry.allow': { actions: 'allowRetry' },
  },
  type: 'parallel',
  states: {
    words: fetchRegion({
      src: 'fetchWords',
      due: 'wordsStale',
      start: 'markWordsFetch',
      input: ({ context }) => context.topic!,
      store: 'setWords',
      outcomes: [{ state: 'none', when: (words) => words.length === 0 }, { state: 'loaded' }],
      failure: { retry: 'words.retry', retryGuard: 'isRetryAllowed', tooManyRequests: 'isTooManyRequests' },
    }),
    summary: fetchRegion({
      src: 'summarize',
      loading: 'planning',
      due: 'summaryStale',
      start: 'markSummary',
      input: ({ context }) => context.topic!,
      store: 'setSummary',
      outcomes: [{ state: 'idle' }],
      failure: 'idle',
    }),
  },
})

function start() {
  const words = calls<string[]>()
  const summaries = calls<string>()
  const actor = createActor(
    machine.provide({ actors: { fetchWords: words.logic, summarize: summaries.logic } }),
  ).start()
  const value = () => actor.getSnapshot().value
  const send = (event: Event) => actor.send(event)
  return { actor, words: words.made, summaries: summaries.made, value, send }
}

describe('a fetch region', () => {
  it('stays idle until its answer is due, then loads it once and stores it', async () => {
    const { actor, words, value, send } = start()
    expect(value()).toEqual({ words: 'idle', summary: 'idle' })
    expect(words).toHaveLength(0)
    send({ type: 'topic.change', topic: 'birds' })
    expect(value()).toEqual({ words: 'loading', summary: 'planning' })
    expect(actor.getSnapshot().context.wordsFor).toBe('birds')
    words[0]!.resolve(['tit', 'crow'])
    await settle()
    expect(value()).toMatchObject({ words: 'loaded' })
    expect(actor.getSnapshot().context.words).toEqual(['tit', 'crow'])
    // The same topic again is not stale: no second call.
    send({ type: 'topic.change', topic: 'birds' })
    expect(words.map(({ input }) => input)).toEqual(['birds'])
  })

  it('picks the state its answer leaves it in: an empty answer is `none`', async () => {
    const { words, value, send } = start()
    send({ type: 'topic.change', topic: 'unicorns' })
    words[0]!.resolve([])
    await settle()
    expect(value()).toMatchObject({ words: 'none' })
    send({ type: 'topic.change', topic: 'birds' })
    expect(value()).toMatchObject({ words: 'loading' })
  })

  it('keeps the old answer while a stale one reloads, and drops an answer that went stale in the air', async () => {
    const { actor, words, value, send } = start()
    send({ type: 'topic.change', topic: 'birds' })
    words[0]!.resolve(['tit'])
    await settle()
    send({ type: 'topic.change', topic: 'fish' })
    expect(value()).toMatchObject({ words: 'loading' })
    expect(actor.getSnapshot().context.words).toEqual(['tit'])
    // Another topic while loading: loading starts over, and the first answer is dropped with its actor.
    send({ type: 'topic.change', topic: 'trees' })
    expect(words.map(({ input }) => input)).toEqual(['birds', 'fish', 'trees'])
    words[1]!.resolve(['pike'])
    await settle()
    expect(value()).toMatchObject({ words: 'loading' })
    expect(actor.getSnapshot().context.words).toEqual(['tit'])
    words[2]!.resolve(['oak'])
    await settle()
    expect(value()).toMatchObject({ words: 'loaded' })
    expect(actor.getSnapshot().context).toMatchObject({ words: ['oak'], wordsFor: 'trees' })
  })

  it('fails told apart (429: tooManyRequests), retries on its event where allowed, and reloads once due', async () => {
    const { actor, words, value, send } = start()
    send({ type: 'topic.change', topic: 'birds' })
    words[0]!.reject(429)
    await settle()
    expect(actor.getSnapshot().matches({ words: { failed: 'tooManyRequests' } })).toBe(true)
    send({ type: 'retry.allow', allowed: false })
    send({ type: 'words.retry' })
    expect(actor.getSnapshot().matches({ words: 'failed' })).toBe(true)
    send({ type: 'retry.allow', allowed: true })
    send({ type: 'words.retry' })
    expect(value()).toMatchObject({ words: 'loading' })
    words[1]!.reject(new Error('down'))
    await settle()
    expect(actor.getSnapshot().matches({ words: { failed: 'error' } })).toBe(true)
    // Failed and due again (another topic): it loads without a retry.
    send({ type: 'topic.change', topic: 'fish' })
    expect(value()).toMatchObject({ words: 'loading' })
    words[2]!.resolve(['pike'])
    await settle()
    expect(value()).toMatchObject({ words: 'loaded' })
    expect(words.map(({ input }) => input)).toEqual(['birds', 'birds', 'fish'])
  })

  it('can settle back in idle whatever the answer, loading again only once due again', async () => {
    const { actor, summaries, value, send } = start()
    send({ type: 'topic.change', topic: 'birds' })
    expect(value()).toMatchObject({ summary: 'planning' })
    summaries[0]!.reject(new Error('broken'))
    await settle()
    expect(value()).toMatchObject({ summary: 'idle' })
    expect(actor.getSnapshot().context.summary).toBeNull()
    expect(summaries).toHaveLength(1)
    send({ type: 'topic.change', topic: 'fish' })
    summaries[1]!.resolve('Fish swim.')
    await settle()
    expect(value()).toMatchObject({ summary: 'idle' })
    expect(actor.getSnapshot().context.summary).toBe('Fish swim.')
  })
})
