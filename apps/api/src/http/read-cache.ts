import type { Invalidations } from '../db/invalidations.ts'
import { weakEtagOf } from './public-etags.ts'

/**
 * A shared read cache (decision 050, generalising the shop's of decision 006): serialized answers
 * of public reads that every visitor shares, keyed by their normalized query, each with its weak
 * ETag taken once. One answer serves every visitor until a write publishes one of the cache's
 * topics (heard by every process within milliseconds, decision 047), the answer's own freshness
 * ends (`freshUntil`, e.g. the start of the next game in a feed, when a pick closes), or `ttlMs`
 * passes, which bounds how stale an answer can be should a notice be lost. Concurrent misses for
 * one key share one database load. At most `maxEntries` answers are kept; the least recently used
 * goes first.
 */
export interface ReadCache {
  /** The cached answer for `key`, or the result of `load`, which is cached when it succeeds. */
  get(key: string, load: () => Promise<string | Loaded>): Promise<CachedAnswer>
  /**
   * Forgets every answer of `topic` (this cache's own by default) here at once, and in every other
   * process as soon as the notice reaches it; call after a write that changes what it shows, once it
   * has committed.
   */
  invalidate(topic?: string): Promise<void>
  readonly size: number
}

/** What a load returns when its answer stops being true at a known time. */
export interface Loaded {
  body: string
  /** Epoch ms after which the answer must be loaded again (earlier than the time to live). */
  freshUntil?: number | null
}

export interface CachedAnswer {
  /**
   * The body as UTF-8 bytes, encoded once when cached: a string was encoded again by every answer
   * that sent it (the feeds' 31 kB pages, in the socket write and in Content-Length).
   */
  bytes: Buffer
  etag: string
}

export interface ReadCacheOptions {
  /** The topic `invalidate()` publishes. */
  topic: string
  /** Other topics whose notices empty this cache too (what its answers also show). */
  alsoForgetOn?: readonly string[]
  /** 0 turns the cache off: every call loads. */
  ttlMs: number
  maxEntries?: number
  now?: () => number
  /** How the processes tell each other of a change. */
  invalidations: Pick<Invalidations, 'publish' | 'subscribe'>
}

interface Entry extends CachedAnswer {
  expiresAt: number
}

export const defaultReadCacheEntries = 1_000

export function createReadCache({
  topic,
  alsoForgetOn = [],
  ttlMs,
  maxEntries = defaultReadCacheEntries,
  now = Date.now,
  invalidations,
}: ReadCacheOptions): ReadCache {
  const entries = new Map<string, Entry>()
  const inFlight = new Map<string, Promise<CachedAnswer>>()
  // A load that started before an invalidation must not store its (possibly stale) answer.
  let generation = 0

  function remember(key: string, entry: Entry) {
    entries.delete(key)
    entries.set(key, entry)
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value
      if (oldest === undefined) break
      entries.delete(oldest)
    }
  }

  const forget = () => {
    generation += 1
    entries.clear()
    inFlight.clear()
  }
  for (const t of new Set([topic, ...alsoForgetOn])) invalidations.subscribe(t, forget)

  const answerOf = (loaded: string | Loaded): { answer: CachedAnswer; freshUntil: number | null } => {
    const body = typeof loaded === 'string' ? loaded : loaded.body
    const freshUntil = typeof loaded === 'string' ? null : (loaded.freshUntil ?? null)
    const bytes = Buffer.from(body, 'utf8')
    return { answer: { bytes, etag: weakEtagOf(bytes) }, freshUntil }
  }

  return {
    async get(key, load) {
      if (ttlMs <= 0) return answerOf(await load()).answer
      const hit = entries.get(key)
      if (hit && hit.expiresAt > now()) {
        // Re-inserting keeps the Map in least-recently-used order.
        entries.delete(key)
        entries.set(key, hit)
        return hit
      }
      if (hit) entries.delete(key)
      const pending = inFlight.get(key)
      if (pending) return pending
      const startedIn = generation
      const loading = load()
        .then((loaded) => {
          const { answer, freshUntil } = answerOf(loaded)
          const expiresAt = Math.min(now() + ttlMs, freshUntil ?? Number.POSITIVE_INFINITY)
          if (startedIn === generation && expiresAt > now()) remember(key, { ...answer, expiresAt })
          return answer
        })
        .finally(() => {
          if (inFlight.get(key) === loading) inFlight.delete(key)
        })
      inFlight.set(key, loading)
      return loading
    },
    invalidate: (t = topic) => invalidations.publish(t),
    get size() {
      return entries.size
    },
  }
}
