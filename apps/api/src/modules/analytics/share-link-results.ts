import type { ShareLinkResults } from '@picks/contracts'
import { count, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import {
  attributionDays,
  findCreatorProfile,
  shareLinkSignups,
  shareLinkVisits,
  type ShareLinkEvents,
} from '../creators/creators.service.ts'
import { shareLinkFirstPurchases } from '../purchases/purchases.service.ts'

/**
 * What a creator's share link brought (decision 036): visits → sign-ups → first purchases. Each of
 * the three is defined once, as the creator's events of that kind with their time `at`, for any
 * count over them (these results by UTC day; the creator's analytics by its own periods).
 */

type Deps = { db: Db }

export interface DailyCounts {
  /** Every event, whenever it happened. */
  allTime: number
  /** Events from `since` on, by UTC day (YYYY-MM-DD); days without any are absent. */
  byDay: Map<string, number>
}

/** Counts events by UTC day from `since`, and all of them, in one pass. */
export async function countByUtcDay(db: Db, events: ShareLinkEvents, since: Date): Promise<DailyCounts> {
  const day = sql<string | null>`case when ${events.at} >= ${since.toISOString()}::timestamptz
    then to_char(${events.at} at time zone 'UTC', 'YYYY-MM-DD') end`
  const rows = await db
    .select({ day, n: count() })
    .from(events)
    .groupBy(sql`1`)
  const byDay = new Map<string, number>()
  let allTime = 0
  for (const row of rows) {
    allTime += Number(row.n)
    if (row.day) byDay.set(row.day, Number(row.n))
  }
  return { allTime, byDay }
}

const dayMs = 24 * 60 * 60 * 1000

/** The UTC days from `days - 1` days before `now`'s day through that day, oldest first. */
export function lastUtcDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * dayMs).toISOString().slice(0, 10))
}

/** The creator's share-link results per UTC day over the last `days` days (today included), and in total. */
export async function shareLinkResults(
  { db }: Deps,
  creatorId: string,
  { days, now }: { days: number; now: Date },
): Promise<ShareLinkResults> {
  if (!(await findCreatorProfile({ db }, creatorId))) throw new AppError('NOT_FOUND', 'Creator not found')
  const dates = lastUtcDays(now, days)
  const since = new Date(`${dates[0]}T00:00:00Z`)
  const [visits, signups, firstPurchases] = await Promise.all([
    countByUtcDay(db, shareLinkVisits(db, creatorId), since),
    countByUtcDay(db, shareLinkSignups(db, creatorId), since),
    countByUtcDay(db, shareLinkFirstPurchases(db, creatorId), since),
  ])
  const series = dates.map((date) => ({
    date,
    visits: visits.byDay.get(date) ?? 0,
    signups: signups.byDay.get(date) ?? 0,
    first_purchases: firstPurchases.byDay.get(date) ?? 0,
  }))
  const sum = (key: 'visits' | 'signups' | 'first_purchases') => series.reduce((total, day) => total + day[key], 0)
  return {
    days: series,
    totals: { visits: sum('visits'), signups: sum('signups'), first_purchases: sum('first_purchases') },
    all_time: { visits: visits.allTime, signups: signups.allTime, first_purchases: firstPurchases.allTime },
    attribution_days: attributionDays,
  }
}
