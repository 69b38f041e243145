import type { AuditAction, ContentReport, ModerationAnswer, ReportTargetType } from '@picks/contracts'
import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { recordAudit } from '../audit/audit.service.ts'
import { callerOf } from '../auth/guard.ts'
import { setCreatorHidden } from '../creators/creators.service.ts'
import { setPickHidden } from '../picks/picks.service.ts'
import { contentReports } from './moderation.table.ts'
import { toReport } from './reports.ts'

export interface ModerationDeps {
  db: Db
  now: () => Date
}

const actions = {
  pick: { hide: 'pick.hidden', restore: 'pick.restored' },
  creator: { hide: 'creator.hidden', restore: 'creator.restored' },
} as const satisfies Record<ReportTargetType, Record<'hide' | 'restore', AuditAction>>

/** Marks the target's open reports actioned by this moderator's decision; how many there were. */
async function resolveReports(
  tx: Db,
  target: { type: ReportTargetType; id: string },
  by: string,
  note: string,
  at: Date,
): Promise<number> {
  const resolved = await tx
    .update(contentReports)
    .set({ status: 'actioned', resolvedBy: by, resolutionNote: note, resolvedAt: at })
    .where(
      and(
        eq(contentReports.targetType, target.type),
        eq(contentReports.targetId, target.id),
        eq(contentReports.status, 'open'),
      ),
    )
    .returning({ id: contentReports.id })
  return resolved.length
}

/**
 * A moderator hides (`hide: true`) or restores a pick or a creator profile, with a note. The
 * content's own module keeps the state (picks.hidden_at, creator_profiles.hidden_at); the
 * decision resolves the target's open reports as actioned, and the audit log keeps before and
 * after, all in one transaction. 404 for a pick or creator that does not exist.
 */
export async function moderate(
  deps: ModerationDeps,
  request: FastifyRequest,
  target: { type: ReportTargetType; id: string },
  hide: boolean,
  note: string,
): Promise<ModerationAnswer> {
  const { user: moderator } = await callerOf(request)
  const at = deps.now()
  return deps.db.transaction(async (tx) => {
    const state = hide ? { at, note } : null
    const before =
      target.type === 'pick'
        ? await setPickHidden(tx, target.id, state)
        : await setCreatorHidden({ db: tx }, target.id, state)
    if (!before) throw new AppError('NOT_FOUND', target.type === 'pick' ? 'Pick not found' : 'Creator not found')
    const reportsActioned = await resolveReports(tx, target, moderator.id, note, at)
    await recordAudit(tx, request, at, {
      action: actions[target.type][hide ? 'hide' : 'restore'],
      target,
      before: { hidden: before.hiddenAt !== null, note: before.hiddenNote },
      after: { hidden: hide, reportsActioned },
      reason: note,
    })
    return {
      target_type: target.type,
      target_id: target.id,
      hidden: hide,
      hidden_at: hide ? at.toISOString() : null,
      note: hide ? note : null,
      reports_actioned: reportsActioned,
    }
  })
}

/** `POST /moderation/reports/{id}/dismiss`: an open report needs no action (409 once resolved; audited). */
export async function dismissReport(
  deps: ModerationDeps,
  request: FastifyRequest,
  reportId: string,
  note: string,
): Promise<ContentReport> {
  const { user: moderator } = await callerOf(request)
  const at = deps.now()
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(contentReports).where(eq(contentReports.id, reportId)).for('update')
    if (!row) throw new AppError('NOT_FOUND', 'Report not found')
    if (row.status !== 'open') {
      throw new AppError('CONFLICT', `This report is already ${row.status}`, { reason: 'REPORT_RESOLVED' })
    }
    const [dismissed] = await tx
      .update(contentReports)
      .set({ status: 'dismissed', resolvedBy: moderator.id, resolutionNote: note, resolvedAt: at })
      .where(eq(contentReports.id, reportId))
      .returning()
    if (!dismissed) throw new AppError('NOT_FOUND', 'Report not found')
    await recordAudit(tx, request, at, {
      action: 'report.dismissed',
      target: { type: 'report', id: reportId },
      before: { status: row.status },
      after: { status: 'dismissed', targetType: row.targetType, targetId: row.targetId },
      reason: note,
    })
    return toReport(dismissed)
  })
}
