import { clientReportLimits, type ErrorReport, type PerformanceReport, type ReportContext } from '@picks/contracts'
import { inArray, lt } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { errorFingerprint } from './error-fingerprint.ts'
import { clientErrorReports, clientPerformanceReports } from './reports.table.ts'

/**
 * Client error and performance reports (issue 18, decision 039): storing what browsers send, and
 * pruning it. Nothing here logs a report's contents: they can hold personal data (a page address
 * with a search, a message quoting what someone typed).
 */

export interface ReportDeps {
  db: Db
  now: () => Date
}

/** Who sent a batch: the signed-in person's id, or null for a visitor. */
export interface Reporter {
  userId: string | null
}

/**
 * Stores every report of a batch, in one statement. The person is the session's (a report's own
 * `userId` is never stored: a client cannot file reports as someone else, and a visitor's reports
 * are nobody's); release and environment come from the context.
 */
export async function storeErrorReports(deps: ReportDeps, reporter: Reporter, reports: ErrorReport[]): Promise<number> {
  const receivedAt = deps.now()
  await deps.db.insert(clientErrorReports).values(
    reports.map((report) => ({
      receivedAt,
      reportedAt: new Date(report.timestamp),
      message: report.message,
      stack: report.stack ?? null,
      url: report.url ?? null,
      lineNumber: report.lineNumber ?? null,
      columnNumber: report.columnNumber ?? null,
      userAgent: report.userAgent ?? null,
      userId: reporter.userId,
      route: report.route ?? null,
      additionalContext: report.additionalContext ?? null,
      release: shortTextOf(report.additionalContext, 'release'),
      environment: shortTextOf(report.additionalContext, 'environment'),
      fingerprint: errorFingerprint(report.message, report.stack),
    })),
  )
  return reports.length
}

/** Stores every report of a batch, in one statement, as the session's person (see storeErrorReports). */
export async function storePerformanceReports(
  deps: ReportDeps,
  reporter: Reporter,
  reports: PerformanceReport[],
): Promise<number> {
  const receivedAt = deps.now()
  await deps.db.insert(clientPerformanceReports).values(
    reports.map((report) => ({
      receivedAt,
      reportedAt: new Date(report.timestamp),
      metric: report.metric,
      value: report.value,
      route: report.route,
      userId: reporter.userId,
      additionalData: report.additionalData ?? null,
    })),
  )
  return reports.length
}

/** A text value of the context, trimmed, when it is short enough to be a release or an environment name. */
function shortTextOf(context: ReportContext | null | undefined, key: 'release' | 'environment'): string | null {
  const value = context?.[key]
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  return trimmed.length > 0 && trimmed.length <= clientReportLimits.releaseMaxLength ? trimmed : null
}

/** How long reports are kept, in days (ERROR_REPORT_RETENTION_DAYS, PERFORMANCE_REPORT_RETENTION_DAYS). */
export interface ReportRetention {
  errorDays: number
  performanceDays: number
}

/** Rows one delete statement removes at most, so a run never holds its locks for long. */
export const pruneBatchSize = 5_000

const dayMs = 24 * 60 * 60 * 1000

/**
 * Deletes the reports received before their retention, oldest first in batches of `batchSize`
 * until none is left; answers how many of each went. Safe to repeat and to run beside inserts.
 */
export async function pruneReports(
  deps: ReportDeps,
  retention: ReportRetention,
  batchSize: number = pruneBatchSize,
): Promise<{ errors: number; performance: number }> {
  const at = deps.now().getTime()
  const errors = await pruneOlder(deps.db, clientErrorReports, new Date(at - retention.errorDays * dayMs), batchSize)
  const performance = await pruneOlder(
    deps.db,
    clientPerformanceReports,
    new Date(at - retention.performanceDays * dayMs),
    batchSize,
  )
  return { errors, performance }
}

async function pruneOlder(
  db: Db,
  table: typeof clientErrorReports | typeof clientPerformanceReports,
  before: Date,
  batchSize: number,
): Promise<number> {
  let total = 0
  for (;;) {
    // The received_at index finds the batch; each statement is its own short transaction.
    const batch = db
      .select({ id: table.id })
      .from(table)
      .where(lt(table.receivedAt, before))
      .orderBy(table.receivedAt)
      .limit(batchSize)
    const deleted = await db.delete(table).where(inArray(table.id, batch)).returning({ id: table.id })
    total += deleted.length
    if (deleted.length < batchSize) return total
  }
}
