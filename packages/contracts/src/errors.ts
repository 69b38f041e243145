import { z } from 'zod'

/** Every error the API returns carries one of these codes; the API maps each to one HTTP status. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYMENT_FAILED',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
] as const
export const ErrorCode = z.enum(errorCodes)
export type ErrorCode = z.infer<typeof ErrorCode>

export const FieldIssue = z.object({
  /** Dotted path of the offending field, prefixed by where it came from: `query.limit`, `body.email`. */
  field: z.string(),
  message: z.string(),
})
export type FieldIssue = z.infer<typeof FieldIssue>

/** The one error shape, end to end: `{ error: { code, message, requestId, details? } }`. */
export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    requestId: z.string(),
    /** A finer reason within the code, for the client to choose its message (e.g. `EMAIL_NOT_VERIFIED`). */
    reason: z.string().optional(),
    details: z.array(FieldIssue).optional(),
  }),
})
export type ErrorBody = z.infer<typeof ErrorBody>
