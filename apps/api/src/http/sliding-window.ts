import { and, eq, lte, sql, type SQL } from 'drizzle-orm'
import { queryRows, type Db } from '../db/client.ts'
import { rateLimits } from './rate-limits.table.ts'

/** Counts requests per key in a sliding window, to refuse the ones beyond a limit. */
export interface SlidingWindow {
  /**
   * Counts `count` requests (default 1) for `key`, all or none: answers 0 when they are allowed, else
   * the milliseconds until the window has room for them.
   */
  take(key: string, count?: number): Promise<number>
  /** Gives back the last `count` requests taken for `key` (one refused by another limit after this one). */
  giveBack(key: string, count?: number): Promise<void>
}

/** How many requests a key may make in how long. */
export interface WindowRule {
  limit: number
  windowMs: number
}

/** One limiter's windows when the rule comes with each request (the auth library's limiter names it per path). */
export interface SlidingWindows {
  take(key: string, rule: WindowRule, count?: number): Promise<number>
  giveBack(key: string, count?: number): Promise<void>
}

export interface SlidingWindowDeps {
  db: Db
  /** The limiter's name: its keys are its own, apart from every other limiter's. */
  name: string
  now: () => Date
}

/** How often a limiter deletes the rows whose last request has left its window (any limiter's). */
const sweepEveryMs = 60_000

function at(date: Date): SQL {
  return sql`${date.toISOString()}::timestamptz`
}

/**
 * Sliding windows in the database (`rate_limits`), so that every API process counts against the
 * same limit: one statement takes the requests or refuses them, with the key's row locked from the
 * count to the write, so parallel requests to any processes never pass the limit together. Times
 * come from `now` (tests move it) and reach SQL as parameters.
 */
export function createSlidingWindows({ db, name, now }: SlidingWindowDeps): SlidingWindows {
  const t = rateLimits
  const row = (key: string) => and(eq(t.limiter, name), eq(t.key, key))
  let sweptAt = 0
  return {
    async take(key, { limit, windowMs }, count = 1) {
      // A batch larger than the limit never fits.
      if (count > limit) return windowMs
      const time = now()
      const ms = time.getTime()
      if (Math.abs(ms - sweptAt) >= sweepEveryMs) {
        sweptAt = ms
        await db.delete(t).where(lte(t.expiresAt, time))
      }
      const cutoff = at(new Date(ms - windowMs))
      // Every expression reads the row as it was before this statement.
      const inWindow = sql`array(select h from unnest(${t.hits}) h where h > ${cutoff} order by h)`
      const [taken] = await db
        .insert(t)
        .values({
          limiter: name,
          key,
          hits: sql`array_fill(${at(time)}, array[${count}::int])`,
          expiresAt: new Date(ms + windowMs),
        })
        .onConflictDoUpdate({
          target: [t.limiter, t.key],
          set: {
            hits: sql`${inWindow} || excluded.hits`,
            expiresAt: sql`greatest(${t.expiresAt}, excluded.expires_at)`,
          },
          setWhere: sql`cardinality(${inWindow}) + ${count}::int <= ${limit}::int`,
        })
        .returning({ key: t.key })
      if (taken) return 0
      // Refused: room for `count` comes when the oldest requests that stand in the way have left the window.
      const times = (
        await queryRows<{ ms: number | string }>(
          db,
          sql`select extract(epoch from h) * 1000 as ms from ${t}, unnest(${t.hits}) h
            where ${row(key)} and h > ${cutoff} order by h`,
        )
      ).map((r) => Number(r.ms))
      const blocking = times[Math.min(times.length - 1, Math.max(0, times.length + count - limit - 1))]
      return blocking === undefined ? windowMs : Math.max(1, Math.ceil(blocking + windowMs - ms))
    },
    async giveBack(key, count = 1) {
      await db
        .update(t)
        .set({ hits: sql`${t.hits}[1:greatest(cardinality(${t.hits}) - ${count}::int, 0)]` })
        .where(row(key))
    },
  }
}

/** A limiter with one rule for every key (uploads, promo code quotes, client reports). */
export function createSlidingWindow({ limit, windowMs, ...deps }: SlidingWindowDeps & WindowRule): SlidingWindow {
  const windows = createSlidingWindows(deps)
  return {
    take: (key, count) => windows.take(key, { limit, windowMs }, count),
    giveBack: (key, count) => windows.giveBack(key, count),
  }
}
