/** Counts requests per key in a sliding window, to refuse the ones beyond a limit. */
export interface SlidingWindow {
  /**
   * Counts `count` requests (default 1) for `key`, all or none: answers 0 when they are allowed, else
   * the milliseconds until the window has room for them.
   */
  take(key: string, count?: number): number
  /** Gives back the last `count` requests taken for `key` (one refused by another limit after this one). */
  giveBack(key: string, count?: number): void
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
    take(key, count = 1) {
      const at = now().getTime()
      // Now and then forget keys whose last request left the window, so the map stays small.
      if (Math.abs(at - sweptAt) >= 60_000) {
        sweptAt = at
        for (const [k, times] of recent) if (times.at(-1)! <= at - windowMs) recent.delete(k)
      }
      const times = (recent.get(key) ?? []).filter((t) => t > at - windowMs)
      if (times.length + count > limit) {
        recent.set(key, times)
        // Room for `count` comes when the oldest ones that stand in the way have left the window.
        const blocking = times[Math.min(times.length - 1, Math.max(0, times.length + count - limit - 1))]
        return count > limit || blocking === undefined ? windowMs : blocking + windowMs - at
      }
      for (let i = 0; i < count; i++) times.push(at)
      recent.set(key, times)
      return 0
    },
    giveBack(key, count = 1) {
      const times = recent.get(key)
      if (times) times.splice(Math.max(0, times.length - count), count)
    },
  }
}
