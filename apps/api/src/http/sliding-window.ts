/** Counts requests per key in a sliding window, to refuse the ones beyond a limit. */
export interface SlidingWindow {
  /** Counts one request for `key`; answers 0 when allowed, else the milliseconds until the next one is. */
  take(key: string): number
}

/**
 * A sliding window per key, in this process's memory: what it guards is cheap to recount, and a
 * restart forgetting the counts only gives a few requests back.
 */
export function createSlidingWindow({
  limit,
  windowMs,
  now,
}: {
  limit: number
  windowMs: number
  now: () => Date
}): SlidingWindow {
  const recent = new Map<string, number[]>()
  let sweptAt = 0
  return {
    take(key) {
      const at = now().getTime()
      // Now and then forget keys whose last request left the window, so the map stays small.
      if (Math.abs(at - sweptAt) >= 60_000) {
        sweptAt = at
        for (const [k, times] of recent) if (times.at(-1)! <= at - windowMs) recent.delete(k)
      }
      const times = (recent.get(key) ?? []).filter((t) => t > at - windowMs)
      if (times.length >= limit) {
        recent.set(key, times)
        return times[0]! + windowMs - at
      }
      times.push(at)
      recent.set(key, times)
      return 0
    },
  }
}
