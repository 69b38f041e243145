import { z } from 'zod'
import { adminPaging, auditActions, auditTargets, sortOrders, type SortOrder } from './admin-rules.ts'
import { text } from './text.ts'

const Timestamp = z.iso.datetime({ offset: true })

/** A query flag: `true` or `false` as text, anything else a 400 naming the field. */
export const QueryFlag = z.enum(['true', 'false'], 'must be true or false').transform((flag) => flag === 'true')

/**
 * The query of one admin list (spec §7 admin list filters): `page`, `limit`, `sortBy` among the
 * list's own keys, `sortOrder`, `search` and `includePersonal`. A sort key or order the list does not
 * have is a 400 naming the field; a list adds its own filters (`status`, `emailType`, …) with
 * `.extend`.
 */
export function adminListQuery<const Keys extends readonly [string, ...string[]]>(options: {
  sortKeys: Keys
  sortBy: Keys[number]
  sortOrder?: SortOrder
  limit?: number
}) {
  return z.object({
    page: z.coerce.number().int().min(1).max(adminPaging.maxPage).default(adminPaging.defaultPage),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(adminPaging.maxLimit)
      .default(options.limit ?? adminPaging.defaultLimit),
    sortBy: z.enum(options.sortKeys, `must be one of ${options.sortKeys.join(', ')}`).default(options.sortBy),
    sortOrder: z.enum(sortOrders, 'must be asc or desc').default(options.sortOrder ?? 'desc'),
    search: text().trim().max(adminPaging.searchMax).optional(),
    /** Show e-mail addresses and phone numbers in full; the read is written to the audit log. */
    includePersonal: QueryFlag.default(false),
  })
}

/** One page of an admin list: the rows, where they sit, and whether personal data is shown in full. */
export function adminPage<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    /** How many rows match: exact up to 10,000, the database's estimate above (`totalExact` false). */
    total: z.number().int(),
    totalExact: z.boolean(),
    page: z.number().int(),
    limit: z.number().int(),
    hasMore: z.boolean(),
    /** True when `includePersonal=true` was asked (and audited); otherwise e-mails and phones are masked. */
    personal: z.boolean(),
  })
}

/** One row of the audit log (append-only). */
export const AuditEntry = z.object({
  id: z.uuid(),
  at: Timestamp,
  actor: z.object({ id: z.uuid().nullable(), name: z.string(), role: z.string() }),
  action: z.enum(auditActions),
  target: z.object({ type: z.enum(auditTargets), id: z.string().nullable() }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  requestId: z.string().nullable(),
})
export type AuditEntry = z.infer<typeof AuditEntry>

export const AuditLogQuery = adminListQuery({ sortKeys: ['at'], sortBy: 'at' }).extend({
  action: z.enum(auditActions, `must be one of ${auditActions.join(', ')}`).optional(),
  targetType: z.enum(auditTargets, `must be one of ${auditTargets.join(', ')}`).optional(),
  targetId: text().trim().max(100).optional(),
  actorId: z.uuid('must be a user id').optional(),
  from: Timestamp.optional(),
  to: Timestamp.optional(),
})
export type AuditLogQuery = z.input<typeof AuditLogQuery>
export type ParsedAuditLogQuery = z.output<typeof AuditLogQuery>

export const AuditLogPage = adminPage(AuditEntry)
export type AuditLogPage = z.infer<typeof AuditLogPage>

/** `GET /admin/session`: the verified administrator (the check every other admin call makes). */
export const AdminSessionAnswer = z.object({ email: z.string(), name: z.string() })
export type AdminSessionAnswer = z.infer<typeof AdminSessionAnswer>
