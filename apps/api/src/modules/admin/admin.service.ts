import { blockedMessage, passwordProblem } from '@picks/contracts'
import { hashPassword, verifyPassword } from 'better-auth/crypto'
import { and, eq, gt } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import {
  recordAuthEvent,
  recordFailure,
  releaseAttempt,
  reserveAttempt,
  throttled,
  type Auth,
} from '../auth/auth.service.ts'
import { recordAudit } from '../audit/audit.service.ts'
import { callerOf } from '../auth/guard.ts'
import { adminPasswords, adminVerifications } from './admin.table.ts'

type Deps = { auth: Auth; db: Db; now: () => Date }

/** The administrator calling: the admin entry's routes declare `admin`, which the guard has checked. */
function requireAdminSession(request: FastifyRequest) {
  return callerOf(request)
}

/** Whether the session entered the admin password and that verification has not ended. */
export async function isVerified(deps: Pick<Deps, 'db' | 'now'>, sessionId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ sessionId: adminVerifications.sessionId })
    .from(adminVerifications)
    .where(and(eq(adminVerifications.sessionId, sessionId), gt(adminVerifications.expiresAt, deps.now())))
  return row !== undefined
}

export async function adminStatus(deps: Deps, request: FastifyRequest) {
  const session = await requireAdminSession(request)
  const [password] = await deps.db
    .select({ userId: adminPasswords.userId })
    .from(adminPasswords)
    .where(eq(adminPasswords.userId, session.user.id))
  // The guard looked this session's verification up for the request (decision 017).
  return { hasPassword: password !== undefined, verified: session.adminVerified }
}

/** Sets the admin password: the first time freely, later only from a session that entered the current one. */
export async function setAdminPassword(deps: Deps, request: FastifyRequest, password: string): Promise<void> {
  const session = await requireAdminSession(request)
  const status = await adminStatus(deps, request)
  if (status.hasPassword && !status.verified) {
    throw new AppError('FORBIDDEN', 'Enter the current admin password first', { reason: 'ADMIN_PASSWORD_REQUIRED' })
  }
  const problem = passwordProblem(password)
  if (problem)
    throw new AppError('VALIDATION_FAILED', problem, { details: [{ field: 'body.password', message: problem }] })
  const passwordHash = await hashPassword(password)
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(adminPasswords)
      .values({ userId: session.user.id, passwordHash, updatedAt: deps.now() })
      .onConflictDoUpdate({ target: adminPasswords.userId, set: { passwordHash, updatedAt: deps.now() } })
    // Whether it was set or changed, never the password or its hash.
    await recordAudit(tx, request, deps.now(), {
      action: 'admin_password.set',
      target: { type: 'user', id: session.user.id },
      before: { hadPassword: status.hasPassword },
      after: { hasPassword: true },
    })
  })
  await recordAuthEvent(deps.db, request, {
    kind: 'admin_password_set',
    userId: session.user.auth_id,
    email: session.user.email,
  })
}

/** Checks the admin password; on success this session counts as verified until it ends. Throttled like sign-in. */
export async function verifyAdminPassword(deps: Deps, request: FastifyRequest, password: string): Promise<void> {
  const session = await requireAdminSession(request)
  const key = throttled.adminPassword(session.user.id)
  const throttle = { db: deps.db, now: deps.now }
  // The try holds its place before the password is checked, so parallel tries cannot pass the limit.
  const attempt = await reserveAttempt(throttle, [key])
  if (!attempt.ok) {
    throw new AppError('RATE_LIMITED', blockedMessage(attempt.blockedMs), {
      reason: 'BLOCKED',
      retryAfterMs: attempt.blockedMs,
    })
  }

  const [stored] = await deps.db.select().from(adminPasswords).where(eq(adminPasswords.userId, session.user.id))
  const event = { userId: session.user.auth_id, email: session.user.email }
  if (!stored || !(await verifyPassword({ hash: stored.passwordHash, password }))) {
    await recordFailure(throttle, attempt.reservation)
    await recordAuthEvent(deps.db, request, { kind: 'admin_verify_failed', ...event })
    throw new AppError('UNAUTHENTICATED', 'That admin password is not right.', { reason: 'INVALID_CREDENTIALS' })
  }
  await releaseAttempt(throttle, attempt.reservation, [key.key])
  await deps.db
    .insert(adminVerifications)
    .values({ sessionId: session.sessionId, userId: session.user.id, expiresAt: session.expiresAt })
    .onConflictDoUpdate({
      target: adminVerifications.sessionId,
      set: { verifiedAt: deps.now(), expiresAt: session.expiresAt },
    })
  await recordAuthEvent(deps.db, request, { kind: 'admin_verified', ...event })
}
