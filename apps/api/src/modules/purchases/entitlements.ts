import { and, eq, gt, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { purchases } from './purchases.table.ts'

/**
 * The one place that answers "has this user paid for this creator's premium content now"
 * (product-decisions.md "What is sold"; the creator and administrators see it too, by the rule in
 * picks/pick-view.ts): a live subscription (trialing, active, past due while the
 * provider retries, or cancelled until its period ends) or a pass whose access window covers now.
 * A past-due subscription keeps access until the provider gives up and ends it.
 * An auto-renewing subscription keeps access for a day past its period end, so a renewal that the
 * provider confirms a little late never locks a paying customer out.
 */

const renewalGraceMs = 24 * 60 * 60 * 1000
const liveStatuses = ['trialing', 'active'] as const

/**
 * Checkouts that never went anywhere: not a purchase yet. Every other purchase *started* (paid or
 * trialing, whatever became of it since); lists, the console's and a creator's figures count those.
 */
export const unstartedStatuses: (typeof purchases.$inferSelect.status)[] = ['pending', 'incomplete']

/** The SQL condition "this purchase started" (written against the table by its name). */
export const startedPurchases = notInArray(purchases.status, unstartedStatuses)

/** The SQL condition "this purchase gives access at `now`". */
export function givesAccessAt(now: Date) {
  return or(
    eq(purchases.status, 'past_due'),
    and(
      inArray(purchases.status, ['trialing', 'active']),
      gt(
        sql`${purchases.currentPeriodEnd} + case when ${purchases.autoRenewal} then interval '1 day' else interval '0' end`,
        sql`${now.toISOString()}::timestamptz`,
      ),
    ),
  )
}

/**
 * Every purchase that gives access at `now`, as a `select ${'$'}{columns} from purchases …` (columns
 * written against the table by its name): the rule of `givesAccessAt` in a form the planner can
 * answer from indexes — past due by status, the rest by the end of their period, which is never
 * more than a day behind `now` for a live one — so a list over every live purchase (the admin
 * console's subscribers) reads the live ones, not the whole table.
 */
export function livePurchasesQuery(now: Date, columns: SQL): SQL {
  const earliestEnd = new Date(now.getTime() - renewalGraceMs).toISOString()
  return sql`select ${columns} from purchases where ${eq(purchases.status, 'past_due')}
    union all
    select ${columns} from purchases
    where ${inArray(purchases.status, [...liveStatuses])} and ${gt(purchases.currentPeriodEnd, sql`${earliestEnd}::timestamptz`)}
      and ${givesAccessAt(now)}`
}

type AccessFields = Pick<typeof purchases.$inferSelect, 'status' | 'currentPeriodEnd' | 'autoRenewal'>

/**
 * When one purchase row stops giving access by itself (epoch ms): its period's end, plus the day of
 * grace of an auto-renewing subscription. Infinity for a past-due one (only a write ends it), null
 * for one that gives no access whatever the time.
 */
function accessEndsAt(row: AccessFields): number | null {
  if (row.status === 'past_due') return Number.POSITIVE_INFINITY
  if (!(liveStatuses as readonly string[]).includes(row.status) || !row.currentPeriodEnd) return null
  return row.currentPeriodEnd.getTime() + (row.autoRenewal ? renewalGraceMs : 0)
}

/** Whether one purchase row gives access at `now` (the same rule as `givesAccessAt`, in memory). */
export function purchaseGivesAccess(row: AccessFields, now: Date): boolean {
  const end = accessEndsAt(row)
  return end !== null && end > now.getTime()
}

/** Whether `userId` holds a purchase of `creatorId` that gives access now. */
export async function hasPaidAccess(db: Db, userId: string, creatorId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.creatorId, creatorId), givesAccessAt(now)))
    .limit(1)
  return Boolean(row)
}

/**
 * The creators whose premium content `userId` may see at `now`, sorted, and the earliest time that
 * can change without a write: the first access among them to end (a past-due subscription ends
 * only by a write). Null when nothing ends by itself.
 */
export async function entitlementsOf(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ creatorIds: string[]; changesAt: Date | null }> {
  const rows = await db
    .select({
      creatorId: purchases.creatorId,
      status: purchases.status,
      currentPeriodEnd: purchases.currentPeriodEnd,
      autoRenewal: purchases.autoRenewal,
    })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), givesAccessAt(now)))
  const firstEnd = Math.min(...rows.map((r) => accessEndsAt(r) ?? Number.POSITIVE_INFINITY))
  return {
    creatorIds: [...new Set(rows.map((r) => r.creatorId))].sort(),
    changesAt: Number.isFinite(firstEnd) ? new Date(firstEnd) : null,
  }
}

/** The creators whose premium content `userId` may see now (for feeds). */
export async function entitledCreatorIds(db: Db, userId: string, now: Date): Promise<string[]> {
  return (await entitlementsOf(db, userId, now)).creatorIds
}

/**
 * For queries another module composes (the pick alerts' audience): one `select` of the user ids
 * entitled to `creatorId` at `now`, narrowed by `narrow` over the user id column. The SQL over the
 * purchases table is written here; the caller sees only user ids.
 */
export function entitledUserIdsQuery(creatorId: string, now: Date, narrow: (userId: SQL) => SQL): SQL {
  const userId = sql`purchases.user_id`
  return sql`select ${userId} from purchases
    where ${and(eq(sql`purchases.creator_id`, creatorId), givesAccessAt(now))} and ${narrow(userId)}`
}

/**
 * For a lateral join (the creator's subscriber list): the plan name (`plan_name`) and the access
 * end (`current_period_end`) of the entitling purchase of `creatorId` by the user `userId` names
 * that runs longest; no row when the user is not entitled now.
 */
export function entitlingPlanQuery(userId: SQL, creatorId: string, now: Date): SQL {
  return sql`select purchases.plan_name, purchases.current_period_end from purchases
          where purchases.user_id = ${userId} and ${and(eq(sql`purchases.creator_id`, creatorId), givesAccessAt(now))}
          order by purchases.current_period_end desc nulls last
          limit 1`
}
