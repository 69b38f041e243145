/**
 * Reporting content (issue 16, point 4) as the browser and the API both check it: what can be
 * reported and the reason's rules and messages. Zod-free.
 */

/** What can be reported and hidden. */
export const reportTargetTypes = ['pick', 'creator'] as const
export type ReportTargetType = (typeof reportTargetTypes)[number]

export const reportLimits = { reasonMaxLength: 500 } as const

export const reportMessages = {
  reasonRequired: 'Reason is required',
  reasonTooLong: `Reason must be at most ${reportLimits.reasonMaxLength} characters`,
} as const

/** What is wrong with a report's reason as the server will judge it (trimmed), or null. */
export function reportReasonProblem(reason: string): string | null {
  const trimmed = reason.trim()
  if (!trimmed) return reportMessages.reasonRequired
  if (trimmed.length > reportLimits.reasonMaxLength) return reportMessages.reasonTooLong
  return null
}
