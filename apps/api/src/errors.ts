import type { ErrorCode, FieldIssue } from '@picks/contracts'

export const statusOf: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYMENT_FAILED: 402,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
}

/** What an error may carry besides its code and message. */
export interface AppErrorOptions {
  /** The fields at fault (`body.email`), each with its message. */
  details?: FieldIssue[]
  /** A finer cause within the code, for the client to choose its message (`EMAIL_NOT_VERIFIED`). */
  reason?: string
  /** For a refusal that ends (429, 503): how long until asking again may succeed, sent as `Retry-After`. */
  retryAfterMs?: number
}

/** The one error type services throw; the error handler turns it into `{ error: { code, message, requestId, details? } }`. */
export class AppError extends Error {
  readonly details: FieldIssue[] | undefined
  readonly reason: string | undefined
  readonly retryAfterMs: number | undefined

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message)
    this.name = 'AppError'
    this.details = options.details
    this.reason = options.reason
    this.retryAfterMs = options.retryAfterMs
  }

  get status(): number {
    return statusOf[this.code]
  }
}
