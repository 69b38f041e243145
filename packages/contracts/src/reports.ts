import { z } from 'zod'
import { clientReportLimits, clientReportMessages, performanceMetrics } from './client-report-rules.ts'
import { text } from './text.ts'

// Client reporting (spec §3 "Error report", "Performance report"; §7 `POST /api/errors`,
// `POST /api/errors/performance`; issue 18). The rules and limits are in client-report-rules.ts.

export {
  clientReportLimits,
  clientReportMessages,
  performanceMetrics,
  reportingRelease,
  type PerformanceMetric,
} from './client-report-rules.ts'

/**
 * A value of the context: short text, a number, a boolean or null; nothing nested. (The null rides
 * on the text, so the OpenAPI 3.0 document can say it: `nullable` needs a `type` beside it.)
 */
const ContextValue = z.union(
  [
    text().max(clientReportLimits.contextValueMaxLength, clientReportMessages.contextValue).nullable(),
    z.number(),
    z.boolean(),
  ],
  { error: clientReportMessages.contextValue },
)

/**
 * `additionalContext` / `additionalData`: a flat object of a few short values, so what a client can
 * attach stays small and can be shown as a table. The error reporter puts `release` and
 * `environment` here (spec §9); the server reads them from here.
 */
const ReportContext = z
  .record(z.string(), ContextValue, { error: `an object of ${clientReportMessages.context}` })
  .superRefine((context, ctx) => {
    const keys = Object.keys(context)
    const tooLong = keys.some((key) => key.length > clientReportLimits.contextKeyMaxLength)
    if (keys.length > clientReportLimits.contextMaxKeys || tooLong) {
      ctx.addIssue({ code: 'custom', message: clientReportMessages.context })
    }
  })
export type ReportContext = z.infer<typeof ReportContext>

const Timestamp = z.iso.datetime({ offset: true, error: clientReportMessages.timestamp })
const LineNumber = (message: string) =>
  z.number(message).int(message).min(0, message).max(clientReportLimits.lineNumberMax, message)

/** Spec §3's error report, exactly: one uncaught error, rejection, boundary catch or failed call. */
export const ErrorReport = z.strictObject({
  message: text(clientReportMessages.message)
    .trim()
    .min(1, clientReportMessages.message)
    .max(clientReportLimits.messageMaxLength, clientReportMessages.message),
  stack: text(clientReportMessages.stack).max(clientReportLimits.stackMaxLength, clientReportMessages.stack).nullish(),
  /** The page's address when it happened. */
  url: text(clientReportMessages.url).max(clientReportLimits.urlMaxLength, clientReportMessages.url).nullish(),
  lineNumber: LineNumber(clientReportMessages.lineNumber).nullish(),
  columnNumber: LineNumber(clientReportMessages.columnNumber).nullish(),
  userAgent: text(clientReportMessages.userAgent)
    .max(clientReportLimits.userAgentMaxLength, clientReportMessages.userAgent)
    .nullish(),
  /** When the browser saw it (its clock); the server keeps its own time of receipt beside it. */
  timestamp: Timestamp,
  /** The server stores the session's user instead, and null without a session (decision 039). */
  userId: z.uuid(clientReportMessages.userId).nullish(),
  /** The app's route pattern or path (`/creator/:username`, `/dashboard`). */
  route: text(clientReportMessages.route).max(clientReportLimits.routeMaxLength, clientReportMessages.route).nullish(),
  additionalContext: ReportContext.nullish(),
})
export type ErrorReport = z.infer<typeof ErrorReport>

/** Spec §3's performance report, exactly: one Web Vital or one route change's duration. */
export const PerformanceReport = z.strictObject({
  metric: z.enum(performanceMetrics, { error: clientReportMessages.metric }),
  /** Milliseconds, except CLS, which has no unit. */
  value: z.number(clientReportMessages.value).min(0, clientReportMessages.value),
  timestamp: Timestamp,
  route: text(clientReportMessages.performanceRoute)
    .trim()
    .min(1, clientReportMessages.performanceRoute)
    .max(clientReportLimits.routeMaxLength, clientReportMessages.performanceRoute),
  userId: z.uuid(clientReportMessages.userId).nullish(),
  additionalData: ReportContext.nullish(),
})
export type PerformanceReport = z.infer<typeof PerformanceReport>

/** A body: one report, or a batch of 1 to `clientReportLimits.maxBatch` (what was queued while offline). */
function oneOrBatch<T extends z.ZodType>(report: T) {
  return z.union([
    report,
    z
      .array(report, { error: clientReportMessages.batch })
      .min(1, clientReportMessages.batch)
      .max(clientReportLimits.maxBatch, clientReportMessages.batch),
  ])
}

/** `POST /api/errors`. */
export const ErrorReportBody = oneOrBatch(ErrorReport)
export type ErrorReportBody = z.infer<typeof ErrorReportBody>

/** `POST /api/errors/performance`. */
export const PerformanceReportBody = oneOrBatch(PerformanceReport)
export type PerformanceReportBody = z.infer<typeof PerformanceReportBody>

/** 202: how many reports of the body were stored (all of them: a body is stored whole or refused). */
export const ReportsAccepted = z.object({ accepted: z.number().int() })
export type ReportsAccepted = z.infer<typeof ReportsAccepted>
