import { AppError } from '../../errors.ts'
import { reasons } from './auth.routes.ts'
import type { CodeOutcome } from './challenges.ts'

/** A code that did not work, with the reasons and messages of the e-mail codes (spec §8). */
export function codeError(outcome: Exclude<CodeOutcome, 'ok'>): AppError {
  const known =
    outcome === 'invalid'
      ? reasons.INVALID_OTP
      : outcome === 'expired'
        ? reasons.OTP_EXPIRED
        : reasons.TOO_MANY_ATTEMPTS
  return new AppError('VALIDATION_FAILED', known?.message ?? 'That code did not work.', { reason: known?.reason })
}
