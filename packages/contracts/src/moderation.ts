import { z } from 'zod'
import { adminListQuery, adminPage } from './admin.ts'
import { reportLimits, reportMessages, reportTargetTypes } from './moderation-rules.ts'
import { text } from './text.ts'

const Timestamp = z.iso.datetime({ offset: true })

export const reportStatuses = ['open', 'actioned', 'dismissed'] as const
export type ReportStatus = (typeof reportStatuses)[number]

/** `POST /reports`: anyone signed in reports a pick or a creator profile, with a reason. */
export const ReportBody = z.object({
  target_type: z.enum(reportTargetTypes, `must be one of ${reportTargetTypes.join(', ')}`),
  target_id: z.uuid('must be an id'),
  reason: text()
    .trim()
    .min(1, reportMessages.reasonRequired)
    .max(reportLimits.reasonMaxLength, reportMessages.reasonTooLong),
})
export type ReportBody = z.infer<typeof ReportBody>

export const ContentReport = z.object({
  id: z.uuid(),
  target_type: z.enum(reportTargetTypes),
  target_id: z.uuid(),
  reason: z.string(),
  status: z.enum(reportStatuses),
  created_at: Timestamp,
  resolved_at: Timestamp.nullable(),
  resolution_note: z.string().nullable(),
})
export type ContentReport = z.infer<typeof ContentReport>

export const ReportAnswer = z.object({
  report: ContentReport,
  /** True when the person's earlier report on the target is still open: it is answered unchanged (200). */
  repeated: z.boolean(),
})
export type ReportAnswer = z.infer<typeof ReportAnswer>

/** `GET /moderation/reports`: the queue, open reports first by default, newest first. */
export const ModerationReportsQuery = adminListQuery({ sortKeys: ['created_at'], sortBy: 'created_at' }).extend({
  status: z.enum(reportStatuses, `must be one of ${reportStatuses.join(', ')}`).default('open'),
  targetType: z.enum(reportTargetTypes, `must be one of ${reportTargetTypes.join(', ')}`).optional(),
})
export type ModerationReportsQuery = z.input<typeof ModerationReportsQuery>
export type ParsedModerationReportsQuery = z.output<typeof ModerationReportsQuery>

/** A report in the queue: who reported (e-mail masked unless asked), and how many open reports its target has. */
export const QueuedReport = ContentReport.extend({
  reporter: z.object({ id: z.uuid().nullable(), name: z.string(), email: z.string() }),
  /** Open reports on the same target, this one included. */
  open_reports_on_target: z.number().int(),
  /** Whether the target is hidden now. */
  target_hidden: z.boolean(),
})
export type QueuedReport = z.infer<typeof QueuedReport>

export const ModerationReportsPage = adminPage(QueuedReport)
export type ModerationReportsPage = z.infer<typeof ModerationReportsPage>

/** A moderator's note on a hide, a restore or a dismissal (kept in the audit log). */
export const ModerationNoteBody = z.object({ note: text().trim().min(1, 'must not be empty').max(500) })
export type ModerationNoteBody = z.infer<typeof ModerationNoteBody>

/** The state of a pick or a creator profile after a moderator's hide or restore. */
export const ModerationAnswer = z.object({
  target_type: z.enum(reportTargetTypes),
  target_id: z.uuid(),
  hidden: z.boolean(),
  hidden_at: Timestamp.nullable(),
  note: z.string().nullable(),
  /** Open reports on the target this action resolved as actioned. */
  reports_actioned: z.number().int(),
})
export type ModerationAnswer = z.infer<typeof ModerationAnswer>
