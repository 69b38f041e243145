import {
  maskEmail,
  type ContentReport,
  type ModerationReportsPage,
  type ParsedModerationReportsQuery,
  type QueuedReport,
  type ReportBody,
} from '@picks/contracts'
import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { countUpTo } from '../../db/counts.ts'
import { containsPattern } from '../../db/like.ts'
import { AppError } from '../../errors.ts'
import { creatorVisibility, hiddenCreatorIds } from '../creators/creators.service.ts'
import { hiddenPickIds, pickModeration } from '../picks/picks.service.ts'
import { userContacts } from '../users/users.service.ts'
import { contentReports } from './moderation.table.ts'

type ReportRow = typeof contentReports.$inferSelect

export function toReport(row: ReportRow): ContentReport {
  return {
    id: row.id,
    target_type: row.targetType,
    target_id: row.targetId,
    reason: row.reason,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolution_note: row.resolutionNote,
  }
}

/** Who owns a report's target (the reporter may not be them); 404 when there is no such pick or creator. */
async function ownerOfTarget(db: Db, target: Pick<ReportBody, 'target_type' | 'target_id'>): Promise<string> {
  if (target.target_type === 'pick') {
    const pick = await pickModeration(db, target.target_id)
    if (!pick) throw new AppError('NOT_FOUND', 'Pick not found')
    return pick.creatorId
  }
  const creator = await creatorVisibility({ db }, target.target_id)
  if (!creator) throw new AppError('NOT_FOUND', 'Creator not found')
  return target.target_id
}

/**
 * `POST /reports`: a signed-in person reports a pick or a creator profile. One open report per
 * reporter and target: a repeat answers the open one (`created: false`) and changes nothing, so
 * reporting again cannot push a target up the queue. One's own content is not reportable.
 */
export async function fileReport(
  db: Db,
  reporterId: string,
  body: ReportBody,
  now: Date,
): Promise<{ report: ContentReport; created: boolean }> {
  const owner = await ownerOfTarget(db, body)
  if (owner === reporterId) {
    throw new AppError('CONFLICT', 'You cannot report your own content', { reason: 'OWN_CONTENT' })
  }
  const [inserted] = await db
    .insert(contentReports)
    .values({
      reporterId,
      targetType: body.target_type,
      targetId: body.target_id,
      reason: body.reason,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning()
  if (inserted) return { report: toReport(inserted), created: true }
  const [open] = await db
    .select()
    .from(contentReports)
    .where(
      and(
        eq(contentReports.reporterId, reporterId),
        eq(contentReports.targetType, body.target_type),
        eq(contentReports.targetId, body.target_id),
        eq(contentReports.status, 'open'),
      ),
    )
  if (!open) throw new AppError('CONFLICT', 'The report could not be filed; try again')
  return { report: toReport(open), created: false }
}

/**
 * `GET /moderation/reports`: the queue, open reports by default, newest first, each with how many
 * open reports its target has and whether it is hidden now. The reporter's e-mail is masked
 * unless personal data was asked for (the route audits that read).
 */
export async function reportQueue(db: Db, query: ParsedModerationReportsQuery): Promise<ModerationReportsPage> {
  const t = contentReports
  const where: SQL[] = [eq(t.status, query.status)]
  if (query.targetType) where.push(eq(t.targetType, query.targetType))
  if (query.search) where.push(ilike(t.reason, containsPattern(query.search)))
  const condition = and(...where)
  const order = query.sortOrder === 'asc' ? [asc(t.createdAt), asc(t.id)] : [desc(t.createdAt), desc(t.id)]
  // The outer table is content_reports itself, unaliased; the inner one is `o`.
  const openOnTarget = sql<number>`(select count(*) from content_reports o
    where o.target_type = content_reports.target_type and o.target_id = content_reports.target_id
      and o.status = 'open')::int`
  const [found, counted] = await Promise.all([
    db
      .select({ report: t, openOnTarget })
      .from(t)
      .where(condition)
      .orderBy(...order)
      .limit(query.limit + 1)
      .offset((query.page - 1) * query.limit),
    countUpTo(db, sql`from ${t} ${condition ? sql`where ${condition}` : sql``}`),
  ])
  const rows = found.slice(0, query.limit)
  const ids = (type: 'pick' | 'creator') =>
    rows.filter((r) => r.report.targetType === type).map((r) => r.report.targetId)
  const [contacts, hiddenPicks, hiddenCreators] = await Promise.all([
    userContacts(
      { db },
      rows.flatMap((r) => (r.report.reporterId ? [r.report.reporterId] : [])),
    ),
    hiddenPickIds(db, ids('pick')),
    hiddenCreatorIds({ db }, ids('creator')),
  ])
  return {
    items: rows.map(({ report, openOnTarget: open }): QueuedReport => {
      const contact = report.reporterId ? contacts.get(report.reporterId) : undefined
      const hidden = report.targetType === 'pick' ? hiddenPicks : hiddenCreators
      return {
        ...toReport(report),
        reporter: {
          id: report.reporterId,
          name: contact?.name ?? '',
          email: contact ? (query.includePersonal ? contact.email : maskEmail(contact.email)) : '',
        },
        open_reports_on_target: Number(open),
        target_hidden: hidden.has(report.targetId),
      }
    }),
    total: counted.total,
    totalExact: counted.exact,
    page: query.page,
    limit: query.limit,
    hasMore: found.length > query.limit,
    personal: query.includePersonal,
  }
}
