import type { PicksAnswer } from '@picks/contracts'
import { createReadCache, type ReadCache, type ReadCacheOptions } from '../../http/read-cache.ts'
import { shopTopic } from '../creators/creators.service.ts'

/**
 * The topic a pick's writes are published on (posted, edited, deleted, graded, hidden by a
 * moderator), by the API processes and the worker alike (decision 050).
 */
export const picksTopic = 'picks'

/**
 * The public picks reads every visitor shares: the feeds, a creator's picks, records and the
 * leaderboard. They show creators' names, pictures and storefront standing too, so the shop's
 * notices (a profile changed, a storefront hidden, an account suspended) empty this cache as well.
 */
export function createPicksCache(options: Omit<ReadCacheOptions, 'topic' | 'alsoForgetOn'>): ReadCache {
  return createReadCache({ ...options, topic: picksTopic, alsoForgetOn: [shopTopic] })
}

/**
 * When a feed's answer stops being true by itself: the first start of a game among its open picks,
 * when that pick closes (`is_closed`). Null when none is open.
 */
export function feedFreshUntil(answer: PicksAnswer): number | null {
  let first: number | null = null
  for (const pick of answer.picks) {
    if (pick.is_closed) continue
    const starts = Date.parse(pick.game_date)
    if (first === null || starts < first) first = starts
  }
  return first
}
