import type { FastifyInstance } from 'fastify'
import type { Metrics } from './metrics'

/**
 * The poll front's figures and the sizes of the in-process caches behind the polled calls, each read at scrape
 * time from what the front and the caches already count.
 */
export function registerPollMetrics(metrics: Metrics, app: FastifyInstance): void {
  const { pollReplay, answerCache, versionWatch, sessionCache } = app
  metrics.counter({
    name: 'portal_poll_replays_total',
    help: 'Polls the poll front answered itself, replaying a kept answer (not in the request histogram)',
    read: () => pollReplay.stats().replays,
  })
  metrics.counter({
    name: 'portal_poll_handed_on_total',
    help: 'Polls of the polled routes the poll front handed on to Fastify (nothing to replay, or not admitted)',
    read: () => pollReplay.stats().handedOn,
  })
  metrics.gauge({
    name: 'portal_poll_replay_store_entries',
    help: 'Answers the poll front keeps to replay',
    read: () => pollReplay.stats().entries,
  })
  metrics.gauge({
    name: 'portal_poll_replay_store_bytes',
    help: 'Bytes the poll front keeps to replay (answers, headers and keys, estimated)',
    read: () => pollReplay.stats().bytes,
  })
  metrics.gauge({
    name: 'portal_answer_cache_entries',
    help: 'Serialized answers of the hot reads kept',
    read: () => answerCache.size.entries,
  })
  metrics.gauge({
    name: 'portal_answer_cache_bytes',
    help: 'Bytes of the serialized answers of the hot reads kept',
    read: () => answerCache.size.bytes,
  })
  metrics.gauge({
    name: 'portal_version_cache_entries',
    help: 'Read versions kept while the database announces no change to them',
    read: () => versionWatch.cache.size,
  })
  metrics.gauge({
    name: 'portal_session_cache_entries',
    help: 'Sessions whose user is kept so that a bearer token costs no query',
    read: () => sessionCache.size,
  })
}
