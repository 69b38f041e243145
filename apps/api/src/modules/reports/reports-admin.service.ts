import {
  performanceMetrics,
  rateVital,
  type AdminErrorGroup,
  type AdminErrorGroupDetail,
  type AdminErrorGroupPage,
  type AdminErrorOccurrence,
  type AdminPerformance,
  type ParsedAdminErrorsQuery,
  type PerformanceMetric,
  type VitalSummary,
} from '@picks/contracts'
import { sql, type SQL } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'
import { containsPattern } from '../../db/like.ts'
import { AppError } from '../../errors.ts'
import { browserOf } from './browser-of.ts'
import type { Symbolicator } from './source-maps.ts'
import { firstPlacedFrame, parseStack } from './stack-frames.ts'

/**
 * What operators see of the browsers' reports (issue 18, points 3 and 4; decision 042): error
 * groups (the reports sharing a fingerprint) with their stacks mapped back to the source, one
 * group's recent reports, and per route the 75th percentile of each Web Vital over 24 hours and 7
 * days. Stacks are symbolicated here, when read, not when stored: a report costs its sender an
 * insert only, and a map deployed later still serves the reports already kept.
 *
 * Nothing personal is shown: whether a report came from a signed-in session, never whose; browsers
 * as family and major version, not their user agents (an occurrence shows its own, as sent).
 */

export interface ReportsAdminDeps {
  db: Db
  now: () => Date
  symbolicator: Symbolicator
}

/** How many of the most frequent values a group lists of its releases, environments, routes and browsers. */
export const topValues = 5
/** How many of its latest reports a group's page shows. */
export const recentOccurrences = 20

const hourMs = 60 * 60 * 1000

interface GroupSqlRow {
  fingerprint: string
  count: number | string
  users: number | string
  anonymous: number | string
  first_seen: Date | string
  last_seen: Date | string
  message: string
  stack: string | null
}

interface TopSqlRow {
  fingerprint: string
  kind: 'release' | 'environment' | 'route' | 'userAgent'
  value: string
  n: number | string
}

const sortColumn: Record<ParsedAdminErrorsQuery['sortBy'], SQL> = {
  lastSeen: sql`g.last_seen`,
  firstSeen: sql`g.first_seen`,
  count: sql`g.count`,
  users: sql`g.users`,
}

/** `where a and b …` over the reports (alias `r`), or nothing. */
function whereAll(conditions: SQL[]): SQL {
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``
}

/** The query's filters on the reports: text in the message, a route, an environment (empty ones ignored). */
function filtersOf(query: ParsedAdminErrorsQuery): SQL[] {
  const conditions: SQL[] = []
  if (query.search) conditions.push(sql`r.message ilike ${containsPattern(query.search)}`)
  if (query.route) conditions.push(sql`r.route = ${query.route}`)
  if (query.environment) conditions.push(sql`r.environment = ${query.environment}`)
  return conditions
}

/**
 * The groups of the reports that match `conditions`: their counts and first and last times, and
 * the latest matching report's message and stack (through the `(fingerprint, received_at)` index).
 */
async function readGroups(db: Db, conditions: SQL[], order: SQL, page: SQL): Promise<GroupSqlRow[]> {
  return queryRows<GroupSqlRow>(
    db,
    sql`select g.fingerprint, g.count, g.users, g.anonymous, g.first_seen, g.last_seen, l.message, l.stack
      from (
        select r.fingerprint, count(*)::int as count, count(distinct r.user_id)::int as users,
          (count(*) filter (where r.user_id is null))::int as anonymous,
          min(r.received_at) as first_seen, max(r.received_at) as last_seen
        from client_error_reports r ${whereAll(conditions)}
        group by r.fingerprint
      ) g
      cross join lateral (
        select r.message, r.stack from client_error_reports r
        ${whereAll([...conditions, sql`r.fingerprint = g.fingerprint`])}
        order by r.received_at desc, r.id desc
        limit 1
      ) l
      ${order}
      ${page}`,
  )
}

/**
 * Each group's most frequent releases, environments, routes and browsers among the matching
 * reports. User agents are counted in SQL and folded into browsers here (`browserOf`).
 */
async function readTops(db: Db, conditions: SQL[], fingerprints: string[]): Promise<Map<string, GroupTops>> {
  const tops = new Map<string, GroupTops>()
  if (!fingerprints.length) return tops
  const where = whereAll([
    ...conditions,
    sql`r.fingerprint in (${sql.join(
      fingerprints.map((fingerprint) => sql`${fingerprint}`),
      sql`, `,
    )})`,
  ])
  const countsOf = (kind: TopSqlRow['kind'], column: SQL) =>
    sql`select r.fingerprint, ${kind}::text as kind, ${column} as value, count(*)::int as n
      from client_error_reports r ${where} group by r.fingerprint, ${column}`
  const rows = await queryRows<TopSqlRow>(
    db,
    sql`${countsOf('release', sql`coalesce(r.release, '')`)}
      union all ${countsOf('environment', sql`coalesce(r.environment, '')`)}
      union all ${countsOf('route', sql`coalesce(r.route, '')`)}
      union all ${countsOf('userAgent', sql`coalesce(r.user_agent, '')`)}`,
  )
  const counts = new Map<string, Record<keyof GroupTops, Map<string, number>>>()
  for (const row of rows) {
    let group = counts.get(row.fingerprint)
    if (!group) {
      group = { releases: new Map(), environments: new Map(), routes: new Map(), browsers: new Map() }
      counts.set(row.fingerprint, group)
    }
    const n = Number(row.n)
    // A report without a release, environment or route adds nothing to those lists; every report has a browser.
    if (row.kind === 'userAgent') add(group.browsers, browserOf(row.value), n)
    else if (row.value !== '') add(group[kindKey[row.kind]], row.value, n)
  }
  for (const [fingerprint, group] of counts) {
    tops.set(fingerprint, {
      releases: mostFrequent(group.releases),
      environments: mostFrequent(group.environments),
      routes: mostFrequent(group.routes),
      browsers: mostFrequent(group.browsers),
    })
  }
  return tops
}

interface GroupTops {
  releases: string[]
  environments: string[]
  routes: string[]
  browsers: string[]
}

const kindKey = { release: 'releases', environment: 'environments', route: 'routes' } as const

function add(counts: Map<string, number>, value: string, n: number): void {
  counts.set(value, (counts.get(value) ?? 0) + n)
}

/** The `topValues` most frequent values, the most frequent first (ties alphabetically). */
function mostFrequent(counts: Map<string, number>): string[] {
  return [...counts]
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, topValues)
    .map(([value]) => value)
}

const noTops: GroupTops = { releases: [], environments: [], routes: [], browsers: [] }

async function groupOf(
  deps: ReportsAdminDeps,
  row: GroupSqlRow,
  tops: GroupTops | undefined,
): Promise<AdminErrorGroup> {
  // The frame the fingerprint takes (`topFrame`), mapped to the source.
  const top = firstPlacedFrame(parseStack(row.stack))
  const [topFrame] = top ? await deps.symbolicator.symbolicate([top]) : []
  return {
    fingerprint: row.fingerprint,
    message: row.message,
    topFrame: topFrame ?? null,
    count: Number(row.count),
    users: Number(row.users),
    anonymous: Number(row.anonymous),
    firstSeen: new Date(row.first_seen).toISOString(),
    lastSeen: new Date(row.last_seen).toISOString(),
    ...(tops ?? noTops),
  }
}

/**
 * `GET /admin/errors`: one page of groups. The filters choose reports, so a group's figures count
 * the reports that match them (its count in production, on a route); the total is exact (groups
 * are few: one per fault and place, within the retention).
 */
export async function listErrorGroups(
  deps: ReportsAdminDeps,
  query: ParsedAdminErrorsQuery,
): Promise<AdminErrorGroupPage> {
  const conditions = filtersOf(query)
  const dir = sql.raw(query.sortOrder === 'asc' ? 'asc' : 'desc')
  const [found, [counted]] = await Promise.all([
    readGroups(
      deps.db,
      conditions,
      sql`order by ${sortColumn[query.sortBy]} ${dir}, g.fingerprint ${dir}`,
      sql`limit ${query.limit + 1} offset ${(query.page - 1) * query.limit}`,
    ),
    queryRows<{ n: number | string }>(
      deps.db,
      sql`select count(distinct r.fingerprint)::int as n from client_error_reports r ${whereAll(conditions)}`,
    ),
  ])
  const rows = found.slice(0, query.limit)
  const tops = await readTops(
    deps.db,
    conditions,
    rows.map((row) => row.fingerprint),
  )
  return {
    items: await Promise.all(rows.map((row) => groupOf(deps, row, tops.get(row.fingerprint)))),
    total: Number(counted?.n ?? 0),
    totalExact: true,
    page: query.page,
    limit: query.limit,
    hasMore: found.length > query.limit,
    personal: false,
  }
}

interface OccurrenceSqlRow {
  id: string
  received_at: Date | string
  reported_at: Date | string
  message: string
  stack: string | null
  route: string | null
  url: string | null
  user_agent: string | null
  release: string | null
  environment: string | null
  signed_in: boolean
}

/**
 * `GET /admin/errors/{fingerprint}`: the whole group, its latest stack symbolicated, and its
 * `recentOccurrences` latest reports with theirs. 404 when no kept report has the fingerprint.
 */
export async function errorGroupDetail(deps: ReportsAdminDeps, fingerprint: string): Promise<AdminErrorGroupDetail> {
  const conditions = [sql`r.fingerprint = ${fingerprint}`]
  const [row] = await readGroups(deps.db, conditions, sql``, sql`limit 1`)
  if (!row) {
    throw new AppError(
      'NOT_FOUND',
      'No error report has this fingerprint: it may never have been reported, or its reports were deleted after the retention period',
    )
  }
  const [tops, recent] = await Promise.all([
    readTops(deps.db, conditions, [fingerprint]),
    queryRows<OccurrenceSqlRow>(
      deps.db,
      sql`select r.id::text, r.received_at, r.reported_at, r.message, r.stack, r.route, r.url, r.user_agent,
          r.release, r.environment, (r.user_id is not null) as signed_in
        from client_error_reports r ${whereAll(conditions)}
        order by r.received_at desc, r.id desc
        limit ${recentOccurrences}`,
    ),
  ])
  const occurrences = await Promise.all(
    recent.map(async (report): Promise<AdminErrorOccurrence> => ({
      id: report.id,
      receivedAt: new Date(report.received_at).toISOString(),
      reportedAt: new Date(report.reported_at).toISOString(),
      message: report.message,
      route: report.route,
      url: report.url === null ? null : withoutQuery(report.url),
      userAgent: report.user_agent,
      browser: browserOf(report.user_agent),
      release: report.release,
      environment: report.environment,
      signedIn: report.signed_in,
      frames: await deps.symbolicator.symbolicate(parseStack(report.stack)),
    })),
  )
  return {
    group: await groupOf(deps, row, tops.get(fingerprint)),
    // The latest report's (the group's row and the first occurrence are the same report).
    stack: occurrences[0]?.frames ?? [],
    occurrences,
  }
}

/** A page address without its query and fragment, which can carry what someone searched or typed. */
export function withoutQuery(url: string): string {
  return url.split(/[?#]/)[0] ?? ''
}

interface PerformanceSqlRow {
  route: string
  metric: PerformanceMetric
  p75_day: number | string | null
  samples_day: number | string
  p75_week: number | string | null
  samples_week: number | string
}

function summaryOf(metric: PerformanceMetric, p75: number | string | null, samples: number | string): VitalSummary {
  const value = p75 === null ? null : Number(p75)
  return { p75: value, samples: Number(samples), rating: value === null ? null : rateVital(metric, value) }
}

/**
 * `GET /admin/performance`: per route and metric, the 75th percentile of the values received in
 * the last 24 hours and in the last 7 days before the app's clock (Web Vitals' own measure: 3 in 4
 * visits were at least this good), interpolated between the two nearest samples
 * (`percentile_cont`), with the number of samples and the rating of the p75 against the metric's
 * thresholds. One pass over the week's rows; the day's figures are the same aggregates filtered.
 */
export async function performanceSummary(deps: ReportsAdminDeps): Promise<AdminPerformance> {
  const now = deps.now()
  const dayAgo = new Date(now.getTime() - 24 * hourMs)
  const weekAgo = new Date(now.getTime() - 7 * 24 * hourMs)
  const inLastDay = sql`r.received_at > ${dayAgo.toISOString()}::timestamptz`
  const rows = await queryRows<PerformanceSqlRow>(
    deps.db,
    sql`select r.route, r.metric,
        percentile_cont(0.75) within group (order by r.value) filter (where ${inLastDay}) as p75_day,
        (count(*) filter (where ${inLastDay}))::int as samples_day,
        percentile_cont(0.75) within group (order by r.value) as p75_week,
        count(*)::int as samples_week
      from client_performance_reports r
      where r.received_at > ${weekAgo.toISOString()}::timestamptz and r.received_at <= ${now.toISOString()}::timestamptz
      group by r.route, r.metric`,
  )
  const metricOrder = (metric: PerformanceMetric) => performanceMetrics.indexOf(metric)
  return {
    generatedAt: now.toISOString(),
    rows: rows
      .sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : metricOrder(a.metric) - metricOrder(b.metric)))
      .map((row) => ({
        route: row.route,
        metric: row.metric,
        last24h: summaryOf(row.metric, row.p75_day, row.samples_day),
        last7d: summaryOf(row.metric, row.p75_week, row.samples_week),
      })),
  }
}
