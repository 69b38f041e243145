import type { ReportAnswer, ReportBody, ReportTargetType } from '@picks/contracts'
import { api, ApiError } from '../../lib/api-client.ts'

// Reporting a pick or a creator profile to the moderators (issue 16, point 4; decision 033). Shared
// by the pick cards of every feed and the creator's page, so it lives beside them in components/.

/** What a report is about. */
export interface ReportTarget {
  type: ReportTargetType
  id: string
}

/**
 * `POST /reports`. A second report on the same target while the first is open changes nothing: the
 * server answers the open one with `repeated: true`. Not retried: sending again is the person's click.
 */
export function fileReport(target: ReportTarget, reason: string): Promise<ReportAnswer> {
  const body: ReportBody = { target_type: target.type, target_id: target.id, reason }
  return api.post<ReportAnswer>('/reports', body)
}

/** Why a report was not filed, and whether it is about the reason the person wrote. */
export interface ReportRefusal {
  onReason: boolean
  message: string
}

/**
 * The server's own words for a refused report (one's own content, a pick since deleted, a lapsed
 * session): its message, or the message about the reason when the refusal is about that field.
 */
export function reportRefusal(error: unknown): ReportRefusal {
  if (!(error instanceof ApiError)) {
    return { onReason: false, message: 'The report could not be sent. Check your connection and try again.' }
  }
  const aboutReason = error.details?.find((detail) => detail.field === 'body.reason')
  if (aboutReason) return { onReason: true, message: aboutReason.message }
  // An answer without our error body (a proxy's page) has only its status to say.
  if (error.code === `HTTP_${error.status}`) {
    return { onReason: false, message: `The report could not be sent (HTTP ${error.status}). Try again.` }
  }
  return { onReason: false, message: error.message }
}
