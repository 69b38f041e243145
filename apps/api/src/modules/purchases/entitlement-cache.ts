import type { Db } from '../../db/client.ts'
import { createReadCache, type ReadCacheOptions } from '../../http/read-cache.ts'
import { entitlementsOf } from './entitlements.ts'

/**
 * The topic a change to purchases is published on. The database publishes it itself: a trigger on
 * `purchases` notifies after every statement that writes the table (migration 0033), whoever wrote
 * it (a request, a payment provider's webhook, the worker's renewals, an administrator's refund),
 * and every process hears it once the write commits (decision 050).
 */
export const entitlementsTopic = 'entitlements'

/**
 * Which creators a signed-in customer may read now, kept per customer for a few seconds (the session
 * cache's time to live): a subscriber's feed asks on every request. An entry is forgotten by every
 * process when the purchases table changes, on `signedInWritesTopic` (the session cache's, which this
 * process publishes before the answer of any signed-in write leaves, so a customer who just paid reads their new picks at once here even
 * before the database's notice arrives), and when the first access it counts ends.
 */
export interface EntitlementCache {
  /** The sorted ids of the creators `userId` is entitled to now. */
  creatorIds(userId: string): Promise<string[]>
}

export function createEntitlementCache(
  db: Db,
  now: () => Date,
  options: Omit<ReadCacheOptions, 'topic' | 'alsoForgetOn' | 'now'> & { signedInWritesTopic: string },
): EntitlementCache {
  const { signedInWritesTopic, ...cacheOptions } = options
  const cache = createReadCache({
    maxEntries: 10_000,
    ...cacheOptions,
    now: () => now().getTime(),
    topic: entitlementsTopic,
    alsoForgetOn: [signedInWritesTopic],
  })
  return {
    async creatorIds(userId) {
      const { bytes } = await cache.get(userId, async () => {
        const { creatorIds, changesAt } = await entitlementsOf(db, userId, now())
        return { body: creatorIds.join(' '), freshUntil: changesAt?.getTime() ?? null }
      })
      return bytes.length ? bytes.toString('utf8').split(' ') : []
    },
  }
}
