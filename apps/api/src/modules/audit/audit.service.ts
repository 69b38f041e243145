import type { AuditAction, AuditEntry, AuditLogPage, AuditTarget, ParsedAuditLogQuery } from '@picks/contracts'
import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { countUpTo } from '../../db/counts.ts'
import { containsPattern } from '../../db/like.ts'
import { callerOf } from '../auth/guard.ts'
import { adminAuditLog } from './audit.table.ts'

/** What an action did, as the audit log keeps it. Never a secret (no password, token or card number). */
export interface AuditFacts {
  action: AuditAction
  target: { type: AuditTarget; id: string | null }
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
  reason?: string | null
}

/**
 * Writes one audit entry for the signed-in caller's action. Pass the transaction that makes the
 * change, so the change and its entry are stored together or not at all. The actor's name and
 * stored role are copied into the row.
 */
export async function recordAudit(db: Db, request: FastifyRequest, at: Date, facts: AuditFacts): Promise<void> {
  const { user } = await callerOf(request)
  await db.insert(adminAuditLog).values({
    at,
    actorId: user.id,
    actorName: user.name,
    actorRole: user.role,
    action: facts.action,
    targetType: facts.target.type,
    targetId: facts.target.id,
    before: facts.before ?? null,
    after: facts.after ?? null,
    reason: facts.reason ?? null,
    requestId: request.id,
  })
}

/**
 * Records that an admin list was read with `includePersonal=true`: the list, and the filters it
 * was read with (page, sort, search), so the log says whose data could have been shown.
 */
export async function auditPersonalRead(
  db: Db,
  request: FastifyRequest,
  at: Date,
  list: string,
  filters: Record<string, unknown>,
): Promise<void> {
  const shown = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined))
  await recordAudit(db, request, at, {
    action: 'personal_data.read',
    target: { type: 'admin_list', id: list },
    after: shown,
  })
}

/** A page of the audit log, newest first unless asked otherwise, filtered as the query says. */
export async function listAudit(db: Db, query: ParsedAuditLogQuery): Promise<AuditLogPage> {
  const t = adminAuditLog
  const where: SQL[] = []
  if (query.action) where.push(eq(t.action, query.action))
  if (query.targetType) where.push(eq(t.targetType, query.targetType))
  if (query.targetId) where.push(eq(t.targetId, query.targetId))
  if (query.actorId) where.push(eq(t.actorId, query.actorId))
  if (query.from) where.push(gte(t.at, new Date(query.from)))
  if (query.to) where.push(lte(t.at, new Date(query.to)))
  if (query.search) {
    const like = containsPattern(query.search)
    where.push(or(ilike(t.actorName, like), ilike(t.targetId, like), ilike(t.reason, like))!)
  }
  const condition = where.length ? and(...where) : undefined
  const order = query.sortOrder === 'asc' ? [asc(t.at), asc(t.id)] : [desc(t.at), desc(t.id)]
  const [found, counted] = await Promise.all([
    db
      .select()
      .from(t)
      .where(condition)
      .orderBy(...order)
      .limit(query.limit + 1)
      .offset((query.page - 1) * query.limit),
    countUpTo(db, sql`from ${t} ${condition ? sql`where ${condition}` : sql``}`),
  ])
  const rows = found.slice(0, query.limit)
  return {
    items: rows.map((row): AuditEntry => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: { id: row.actorId, name: row.actorName, role: row.actorRole },
      action: row.action,
      target: { type: row.targetType, id: row.targetId },
      before: row.before,
      after: row.after,
      reason: row.reason,
      requestId: row.requestId,
    })),
    total: counted.total,
    totalExact: counted.exact,
    page: query.page,
    limit: query.limit,
    hasMore: found.length > query.limit,
    personal: false,
  }
}
