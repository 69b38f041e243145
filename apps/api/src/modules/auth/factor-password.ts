import { blockedMessage } from '@picks/contracts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../errors.ts'
import { recordAuthEvent } from './auth.service.ts'
import { factorMessages } from './code-errors.ts'
import { passwordHashOf } from './factors.ts'
import type { FactorDeps } from './library-session.ts'
import {
  recordFailure,
  releaseAttempt,
  reserveAttempt,
  throttled,
  throttleKeys,
  type Reservation,
} from './login-throttle.ts'

/**
 * The throttled proofs of the factor steps: the password that confirms a change, and the try a
 * sign-in's code holds. Both count toward the failed-login throttle (spec §9); each try holds its
 * place before it is checked, so parallel tries cannot pass the limit (decision 018).
 */

type Person = { userId: string; email: string }
type PasswordDeps = Pick<FactorDeps, 'auth' | 'db' | 'now'>

/** A wrong confirmation password: the try `held` stays counted, and the event says what block it set. */
export async function wrongPassword(
  deps: Pick<FactorDeps, 'db' | 'now'>,
  request: FastifyRequest,
  user: Person,
  held: Reservation | null,
): Promise<never> {
  const blockedForMs = held ? await recordFailure(deps, held) : 0
  await recordAuthEvent(deps.db, request, {
    kind: 'reauth_failed',
    userId: user.userId,
    email: user.email,
    detail: { blockedForMs },
  })
  throw new AppError('VALIDATION_FAILED', factorMessages.incorrectPassword, { reason: 'INVALID_PASSWORD' })
}

/**
 * Re-authentication for a sensitive change: the password, when the account has one, on the same
 * keys as the sign-in form's. `check: false` leaves the comparison to the library call that
 * follows, and answers the place the try holds for the caller to settle (null when the account
 * has no password).
 */
export async function confirmPassword(
  deps: PasswordDeps,
  request: FastifyRequest,
  user: Person,
  password: string | undefined,
  check = true,
): Promise<Reservation | null> {
  const hash = await passwordHashOf(deps, user.userId)
  if (!hash) return null
  if (!password) {
    throw new AppError('VALIDATION_FAILED', factorMessages.passwordRequired, {
      details: [{ field: 'body.password', message: factorMessages.passwordRequired }],
    })
  }
  const keys = throttleKeys(user.email, request.ip)
  const attempt = await reserveAttempt(deps, [keys.email, keys.address])
  if (!attempt.ok) {
    throw new AppError('RATE_LIMITED', blockedMessage(attempt.blockedMs), { reason: 'BLOCKED' })
  }
  if (!check) return attempt.reservation
  const context = await deps.auth.$context
  if (!(await context.password.verify({ hash, password })))
    await wrongPassword(deps, request, user, attempt.reservation)
  await releaseAttempt(deps, attempt.reservation)
  return null
}

/** The place a sign-in's code holds, and the key a correct code clears. */
export interface CodeTry {
  held: Reservation
  key: string
}

/**
 * Holds a place for one sign-in code. Every wrong code of the account counts, across challenges
 * and sign-ins: five block the second step for 15 minutes, ten for an hour (the password form's rule).
 */
export async function holdCodeTry(
  deps: Pick<FactorDeps, 'db' | 'now'>,
  reply: FastifyReply,
  userId: string,
): Promise<CodeTry> {
  const key = throttled.secondFactor(userId)
  const attempt = await reserveAttempt(deps, [key])
  if (!attempt.ok) {
    reply.header('retry-after', String(Math.ceil(attempt.blockedMs / 1000)))
    throw new AppError('RATE_LIMITED', blockedMessage(attempt.blockedMs), { reason: 'BLOCKED' })
  }
  return { held: attempt.reservation, key: key.key }
}
