import type { Invalidations } from '../../db/invalidations.ts'

/**
 * The shop's read cache: serialized answers of the public creator listings, keyed by their
 * normalized query. Everyone sees the same shop, so one answer serves every visitor until a
 * creator or plan changes (`invalidate`, heard by every process within milliseconds) or `ttlMs`
 * passes, which bounds how stale an answer can be should a notice be lost. Concurrent misses for
 * one key share one database load. At most `maxEntries` answers are kept; the least recently used
 * goes first. See docs/decisions/006-shop-read-cache.md and 047-stateless-api-processes.md.
 */
export interface ShopCache {
  /** The cached answer for `key`, or the result of `load`, which is cached when it succeeds. */
  get(key: string, load: () => Promise<string>): Promise<string>
  /**
   * Forgets every answer here at once, and in every other process as soon as the notice reaches it;
   * call after any write that changes what the shop shows, once it has committed.
   */
  invalidate(): Promise<void>
  readonly size: number
}

/** The topic the shop's changes are published on, by the API processes and the worker alike. */
export const shopTopic = 'shop'

export interface ShopCacheOptions {
  /** 0 turns the cache off: every call loads. */
  ttlMs: number
  maxEntries?: number
  now?: () => number
  /** How the processes tell each other of a change. */
  invalidations: Pick<Invalidations, 'publish' | 'subscribe'>
}

interface Entry {
  body: string
  expiresAt: number
}

export const defaultShopCacheEntries = 1_000

export function createShopCache({
  ttlMs,
  maxEntries = defaultShopCacheEntries,
  now = Date.now,
  invalidations,
}: ShopCacheOptions): ShopCache {
  const entries = new Map<string, Entry>()
  const inFlight = new Map<string, Promise<string>>()
  // A load that started before an invalidation must not store its (possibly stale) answer.
  let generation = 0

  function remember(key: string, body: string) {
    entries.delete(key)
    entries.set(key, { body, expiresAt: now() + ttlMs })
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value
      if (oldest === undefined) break
      entries.delete(oldest)
    }
  }

  invalidations.subscribe(shopTopic, () => {
    generation += 1
    entries.clear()
    inFlight.clear()
  })

  return {
    async get(key, load) {
      if (ttlMs <= 0) return load()
      const hit = entries.get(key)
      if (hit && hit.expiresAt > now()) {
        // Re-inserting keeps the Map in least-recently-used order.
        entries.delete(key)
        entries.set(key, hit)
        return hit.body
      }
      if (hit) entries.delete(key)
      const pending = inFlight.get(key)
      if (pending) return pending
      const startedIn = generation
      const loading = load()
        .then((body) => {
          if (startedIn === generation) remember(key, body)
          return body
        })
        .finally(() => {
          if (inFlight.get(key) === loading) inFlight.delete(key)
        })
      inFlight.set(key, loading)
      return loading
    },
    invalidate: () => invalidations.publish(shopTopic),
    get size() {
      return entries.size
    },
  }
}
