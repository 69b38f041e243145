import {
  createReadCache,
  defaultReadCacheEntries,
  type ReadCache,
  type ReadCacheOptions,
} from '../../http/read-cache.ts'

/**
 * The shop's read cache: the public creator listings, profiles and username lookups, keyed by their
 * normalized query (decisions 006 and 050). Everyone sees the same shop, so one answer serves every
 * visitor until a creator or plan changes (the `shop` topic, heard by every process within
 * milliseconds) or the time to live passes. See http/read-cache.ts.
 */
export type ShopCache = ReadCache

/** The topic the shop's changes are published on, by the API processes and the worker alike. */
export const shopTopic = 'shop'

export type ShopCacheOptions = Omit<ReadCacheOptions, 'topic' | 'alsoForgetOn'>

export const defaultShopCacheEntries = defaultReadCacheEntries

export function createShopCache(options: ShopCacheOptions): ShopCache {
  return createReadCache({ ...options, topic: shopTopic })
}
