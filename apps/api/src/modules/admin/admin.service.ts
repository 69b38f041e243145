import { blockedMessage, passwordProblem } from '@picks/contracts'
import { hashPassword, verifyPassword } from 'better-auth/crypto'
import { and, eq, gt } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import {
  clearFailures,
  recordAuthEvent,
  recordFailure,
  remainingBlockMs,
  requireSession,
  type Auth,
} from '../auth/auth.service.ts'
import { adminPasswords, adminVerifications } from './admin.table.ts'

type Deps = { auth: Auth; db: Db; now: () => Date }

async function requireAdminSession(deps: Deps, request: FastifyRequest) {
  const session = await requireSession(deps.auth, deps.db, request)
  if (session.user.role !== 'admin') throw new AppError('FORBIDDEN', 'Administrators only')
  return session
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
  const session = await requireAdminSession(deps, request)
  const [password] = await deps.db
    .select({ userId: adminPasswords.userId })
    .from(adminPasswords)
    .where(eq(adminPasswords.userId, session.user.id))
  return { hasPassword: password !== undefined, verified: await isVerified(deps, session.sessionId) }
}

/**
 * Every /admin/* call but these three needs this: an administrator whose current session entered
 * the admin password (spec §7 admin entry).
 */
export async function requireVerifiedAdmin(deps: Deps, request: FastifyRequest) {
  const session = await requireAdminSession(deps, request)
  if (!(await isVerified(deps, session.sessionId))) {
    throw new AppError('FORBIDDEN', 'Enter the admin password first', undefined, 'ADMIN_PASSWORD_REQUIRED')
  }
  return session.user
}

/** Sets the admin password: the first time freely, later only from a session that entered the current one. */
export async function setAdminPassword(deps: Deps, request: FastifyRequest, password: string): Promise<void> {
  const session = await requireAdminSession(deps, request)
  const status = await adminStatus(deps, request)
  if (status.hasPassword && !status.verified) {
    throw new AppError('FORBIDDEN', 'Enter the current admin password first', undefined, 'ADMIN_PASSWORD_REQUIRED')
  }
  const problem = passwordProblem(password)
  if (problem) throw new AppError('VALIDATION_FAILED', problem, [{ field: 'body.password', message: problem }])
  const passwordHash = await hashPassword(password)
  await deps.db
    .insert(adminPasswords)
    .values({ userId: session.user.id, passwordHash, updatedAt: deps.now() })
    .onConflictDoUpdate({ target: adminPasswords.userId, set: { passwordHash, updatedAt: deps.now() } })
  await recordAuthEvent(deps.db, request, {
    kind: 'admin_password_set',
    userId: session.user.auth_id,
    email: session.user.email,
  })
}

/** Checks the admin password; on success this session counts as verified until it ends. Throttled like sign-in. */
export async function verifyAdminPassword(deps: Deps, request: FastifyRequest, password: string): Promise<void> {
  const session = await requireAdminSession(deps, request)
  const key = `admin:${session.user.id}`
  const throttle = { db: deps.db, now: deps.now }
  const blockedMs = await remainingBlockMs(throttle, [key])
  if (blockedMs > 0) throw new AppError('RATE_LIMITED', blockedMessage(blockedMs), undefined, 'BLOCKED')

  const [stored] = await deps.db.select().from(adminPasswords).where(eq(adminPasswords.userId, session.user.id))
  const event = { userId: session.user.auth_id, email: session.user.email }
  if (!stored || !(await verifyPassword({ hash: stored.passwordHash, password }))) {
    await recordFailure(throttle, [key])
    await recordAuthEvent(deps.db, request, { kind: 'admin_verify_failed', ...event })
    throw new AppError('UNAUTHENTICATED', 'That admin password is not right.', undefined, 'INVALID_CREDENTIALS')
  }
  await clearFailures(throttle, key)
  await deps.db
    .insert(adminVerifications)
    .values({ sessionId: session.sessionId, userId: session.user.id, expiresAt: session.expiresAt })
    .onConflictDoUpdate({
      target: adminVerifications.sessionId,
      set: { verifiedAt: deps.now(), expiresAt: session.expiresAt },
    })
  await recordAuthEvent(deps.db, request, { kind: 'admin_verified', ...event })
}
