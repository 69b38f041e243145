import {
  maskEmail,
  maskPhone,
  type AdminUser,
  type AdminUsersPage,
  type ParsedAdminUsersQuery,
  type ServerUser,
} from '@picks/contracts'
import { and, asc, desc, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { countUpTo } from '../../db/counts.ts'
import { containsPattern } from '../../db/like.ts'
import { AppError } from '../../errors.ts'
import { recordAudit } from '../audit/audit.service.ts'
import { endSessionsOf } from '../auth/auth.service.ts'
import { callerOf } from '../auth/guard.ts'
import { creatorSideOf } from './users.service.ts'
import { users } from './users.table.ts'

type UserRow = typeof users.$inferSelect

/**
 * The stored role that the last-administrator rules protect. These rules are about whom a change
 * targets, not about who may call (the routes' `manage_users` access in guard.ts decides that).
 */
const administrator: ServerUser['role'] = 'admin'

/** What the administrator list, role changes and suspensions need: the database and the clock. */
export interface UserAdminDeps {
  db: Db
  now: () => Date
}

function toAdminUser(row: UserRow, personal: boolean): AdminUser {
  return {
    id: row.id,
    email: personal ? row.email : maskEmail(row.email),
    name: row.name,
    role: row.role,
    phone: row.phone === null ? null : personal ? row.phone : maskPhone(row.phone),
    verified: row.emailVerified,
    status: row.suspendedAt ? 'suspended' : 'active',
    suspended_at: row.suspendedAt?.toISOString() ?? null,
    suspended_reason: row.suspendedReason,
    created_at: row.createdAt.toISOString(),
  }
}

const sortColumns = {
  created_at: users.createdAt,
  name: sql`lower(${users.name})`,
  email: users.email,
} as const

/** `GET /users`: one page of people, searched by name or e-mail, masked unless personal data was asked for. */
export async function listAdminUsers(db: Db, query: ParsedAdminUsersQuery): Promise<AdminUsersPage> {
  const where: SQL[] = []
  if (query.search) {
    const like = containsPattern(query.search)
    where.push(or(ilike(users.email, like), ilike(users.name, like))!)
  }
  if (query.role) where.push(eq(users.role, query.role))
  if (query.status === 'suspended') where.push(isNotNull(users.suspendedAt))
  if (query.status === 'active') where.push(isNull(users.suspendedAt))
  const condition = where.length ? and(...where) : undefined
  const direction = query.sortOrder === 'asc' ? asc : desc
  const [found, counted] = await Promise.all([
    db
      .select()
      .from(users)
      .where(condition)
      .orderBy(direction(sortColumns[query.sortBy]), direction(users.id))
      .limit(query.limit + 1)
      .offset((query.page - 1) * query.limit),
    countUpTo(db, sql`from ${users} ${condition ? sql`where ${condition}` : sql``}`),
  ])
  const rows = found.slice(0, query.limit)
  return {
    items: rows.map((row) => toAdminUser(row, query.includePersonal)),
    total: counted.total,
    totalExact: counted.exact,
    page: query.page,
    limit: query.limit,
    hasMore: found.length > query.limit,
    personal: query.includePersonal,
  }
}

/** The person, locked for the change (404 when unknown). */
async function lockUser(tx: Db, id: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update')
  if (!row) throw new AppError('NOT_FOUND', 'User not found')
  return row
}

/** The transaction lock every role change and suspension takes first (`oneChangeAtATime`). */
const adminRolesLock = 716_000_016

/**
 * One role change or suspension at a time, taken before any row is locked: two administrators
 * demoting each other would otherwise each lock the other's row and then wait for their own, a
 * deadlock PostgreSQL breaks by failing one request (PGlite, one query at a time, never shows it).
 */
async function oneChangeAtATime(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${adminRolesLock})`)
}

/**
 * Whether another active administrator remains besides `id`. The administrators' rows are locked,
 * so two administrators demoting each other at once cannot both pass.
 */
async function anotherActiveAdmin(tx: Db, id: string): Promise<boolean> {
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, administrator), isNull(users.suspendedAt), ne(users.id, id)))
    .for('update')
  return others.length > 0
}

/**
 * `PUT /admin/users/{id}/role`: a verified administrator sets a person's role, audited with the
 * role before and after. An administrator never demotes themselves, and the last administrator
 * stays one: the console always has someone who can run it.
 */
export async function changeRole(
  deps: UserAdminDeps,
  request: FastifyRequest,
  id: string,
  change: { role: ServerUser['role']; reason: string },
): Promise<AdminUser> {
  const { user: admin } = await callerOf(request)
  return deps.db.transaction(async (tx) => {
    await oneChangeAtATime(tx)
    const row = await lockUser(tx, id)
    if (row.role === change.role) return toAdminUser(row, true)
    if (row.role === administrator) {
      if (row.id === admin.id) {
        throw new AppError('CONFLICT', 'You cannot remove your own administrator role', { reason: 'SELF_DEMOTION' })
      }
      if (!(await anotherActiveAdmin(tx, row.id))) {
        throw new AppError('CONFLICT', 'The last administrator keeps the role', { reason: 'LAST_ADMIN' })
      }
    }
    const [updated] = await tx
      .update(users)
      // The administrator vouches for the role, as for a record made before sign-up (decision 017).
      .set({ role: change.role, roleGrantedBy: admin.id, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning()
    if (!updated) throw new AppError('NOT_FOUND', 'User not found')
    await recordAudit(tx, request, deps.now(), {
      action: 'user.role_changed',
      target: { type: 'user', id },
      before: { role: row.role },
      after: { role: change.role },
      reason: change.reason,
    })
    return toAdminUser(updated, true)
  })
}

/**
 * `POST /admin/users/{id}/suspend`: the person cannot sign in, every session they have ends at
 * once (and with them the access tokens those sessions minted), and their storefront and picks
 * leave the shop, the feeds and the alerts. Suspending oneself, or the last active administrator,
 * is refused. Suspending a suspended account changes nothing and writes nothing.
 */
export async function suspendUser(
  deps: UserAdminDeps,
  request: FastifyRequest,
  id: string,
  reason: string,
): Promise<{ user: AdminUser; changed: boolean }> {
  const { user: admin } = await callerOf(request)
  if (admin.id === id) {
    throw new AppError('CONFLICT', 'You cannot suspend your own account', { reason: 'SELF_SUSPENSION' })
  }
  return deps.db.transaction(async (tx) => {
    await oneChangeAtATime(tx)
    const row = await lockUser(tx, id)
    if (row.suspendedAt) return { user: toAdminUser(row, true), changed: false }
    if (row.role === administrator && !(await anotherActiveAdmin(tx, row.id))) {
      throw new AppError('CONFLICT', 'The last administrator cannot be suspended', { reason: 'LAST_ADMIN' })
    }
    const at = deps.now()
    const [updated] = await tx
      .update(users)
      .set({ suspendedAt: at, suspendedReason: reason, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning()
    if (!updated) throw new AppError('NOT_FOUND', 'User not found')
    const sessionsEnded = row.authId ? await endSessionsOf(tx, row.authId) : 0
    await creatorSideOf().suspensionChanged({ db: tx }, id, at)
    await recordAudit(tx, request, at, {
      action: 'user.suspended',
      target: { type: 'user', id },
      before: { status: 'active' },
      after: { status: 'suspended', sessionsEnded },
      reason,
    })
    return { user: toAdminUser(updated, true), changed: true }
  })
}

/** `POST /admin/users/{id}/restore`: the person may sign in again and what they sell is back. */
export async function restoreUser(
  deps: UserAdminDeps,
  request: FastifyRequest,
  id: string,
  reason: string,
): Promise<{ user: AdminUser; changed: boolean }> {
  return deps.db.transaction(async (tx) => {
    await oneChangeAtATime(tx)
    const row = await lockUser(tx, id)
    if (!row.suspendedAt) return { user: toAdminUser(row, true), changed: false }
    const [updated] = await tx
      .update(users)
      .set({ suspendedAt: null, suspendedReason: null, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning()
    if (!updated) throw new AppError('NOT_FOUND', 'User not found')
    await creatorSideOf().suspensionChanged({ db: tx }, id, null)
    await recordAudit(tx, request, deps.now(), {
      action: 'user.restored',
      target: { type: 'user', id },
      before: { status: 'suspended', suspendedReason: row.suspendedReason },
      after: { status: 'active' },
      reason,
    })
    return { user: toAdminUser(updated, true), changed: true }
  })
}
