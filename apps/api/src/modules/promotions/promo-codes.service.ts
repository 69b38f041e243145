import {
  discountedCents,
  normalizePromoCode,
  promoLimits,
  promoMessages,
  type ParsedCreatePromoCodeBody,
  type PromoCode,
  type PromoQuote,
  type UpdatePromoCodeBody,
} from '@picks/contracts'
import { and, desc, eq, gt, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm'
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { findPlan } from '../creators/creators.service.ts'
import { promoCodes } from './promotions.table.ts'

/**
 * A creator's promo codes (issue 17, docs/decisions/035-promo-codes.md): making and changing them,
 * and the one check that decides whether a code applies to a plan for a buyer, used alike by the
 * purchase page's quote and by checkout (purchases.service.ts, inside its transaction and under the
 * code's lock). Redemptions are purchases carrying the code, counted here, never kept by hand.
 */

/**
 * The purchases and ledger rows a code's figures are read from. Promotions sits below purchases
 * and the ledger in the layers and imports neither: these declare the columns read, by table name,
 * as ledger.table.ts does. Not exported, so the schema keeps one table of each name.
 */
const purchaseRows = pgTable('purchases', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  status: text('status').notNull(),
  priceCents: integer('price_cents').notNull(),
  promoCodeId: uuid('promo_code_id'),
  percentOff: integer('percent_off'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})
const ledgerRows = pgTable('ledger_entries', {
  id: uuid('id').primaryKey(),
  purchaseId: uuid('purchase_id'),
  kind: text('kind').notNull(),
  amountCents: integer('amount_cents').notNull(),
})

/**
 * How long an open checkout holds a redemption: the providers' checkout lifetime (the sandbox's
 * and Stripe's default: 24 hours). An unpaid checkout stops holding one when it expires or when
 * this window has passed, whichever comes first.
 */
const promoHoldMs = 24 * 60 * 60 * 1000

export type PromoCodeRow = typeof promoCodes.$inferSelect

export interface PromoDeps {
  db: Db
  now: () => Date
}

/** A paid redemption: a purchase carrying the code whose checkout went through. */
const paid = notInArray(purchaseRows.status, ['pending', 'incomplete'])

/** A checkout with the code still open: it holds a redemption until it is paid or lapses. */
function openCheckout(now: Date): SQL {
  return and(
    eq(purchaseRows.status, 'pending'),
    gt(purchaseRows.createdAt, new Date(now.getTime() - promoHoldMs)),
  ) as SQL
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null
}

/** Paid purchases per code, and the discount their charges were given so far. */
async function figuresOf(db: Db, ids: string[]): Promise<Map<string, { redemptions: number; discount: number }>> {
  const figures = new Map<string, { redemptions: number; discount: number }>()
  if (!ids.length) return figures
  const redeemed = await db
    .select({
      id: purchaseRows.promoCodeId,
      redemptions: sql<number>`count(*)::int`.mapWith(Number),
      // A 100%-off payment charges nothing (no ledger row): its price counts once as given.
      free: sql<number>`coalesce(sum(${purchaseRows.priceCents}) filter (where ${purchaseRows.percentOff} = 100), 0)::int`.mapWith(
        Number,
      ),
    })
    .from(purchaseRows)
    .where(and(inArray(purchaseRows.promoCodeId, ids), paid))
    .groupBy(purchaseRows.promoCodeId)
  const charged = await db
    .select({
      id: purchaseRows.promoCodeId,
      discount: sql<number>`coalesce(sum(${purchaseRows.priceCents} - ${ledgerRows.amountCents}), 0)::int`.mapWith(
        Number,
      ),
    })
    .from(ledgerRows)
    .innerJoin(purchaseRows, eq(purchaseRows.id, ledgerRows.purchaseId))
    .where(
      and(
        inArray(purchaseRows.promoCodeId, ids),
        eq(ledgerRows.kind, 'charge'),
        sql`${ledgerRows.amountCents} < ${purchaseRows.priceCents}`,
      ),
    )
    .groupBy(purchaseRows.promoCodeId)
  for (const row of redeemed) if (row.id) figures.set(row.id, { redemptions: row.redemptions, discount: row.free })
  for (const row of charged) {
    if (!row.id) continue
    const found = figures.get(row.id) ?? { redemptions: 0, discount: 0 }
    figures.set(row.id, { ...found, discount: found.discount + row.discount })
  }
  return figures
}

function toPromoCode(row: PromoCodeRow, figures: { redemptions: number; discount: number } | undefined): PromoCode {
  return {
    id: row.id,
    creator_id: row.creatorId,
    code: row.code,
    discount_kind: row.discountKind,
    percent_off: row.percentOff,
    amount_off_cents: row.amountOffCents,
    plan_ids: row.planIds,
    duration: row.duration,
    duration_months: row.durationMonths,
    expires_at: iso(row.expiresAt),
    max_redemptions: row.maxRedemptions,
    one_per_customer: row.onePerCustomer,
    active: row.active,
    redemptions: figures?.redemptions ?? 0,
    discount_given_cents: figures?.discount ?? 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

async function withFigures(db: Db, rows: PromoCodeRow[]): Promise<PromoCode[]> {
  const figures = await figuresOf(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((row) => toPromoCode(row, figures.get(row.id)))
}

/** A creator's codes, newest first, with what each brought. */
export async function promoCodesOf(deps: Pick<PromoDeps, 'db'>, creatorId: string): Promise<PromoCode[]> {
  const rows = await deps.db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.creatorId, creatorId))
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
    .limit(promoLimits.maxCodesPerCreator)
  return withFigures(deps.db, rows)
}

/** One code, for its creator or a verified admin (the route checks who asks). */
export async function findPromoCodeById(db: Db, id: string): Promise<PromoCodeRow | null> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id))
  return row ?? null
}

function fieldError(code: 'CONFLICT' | 'VALIDATION_FAILED', field: string, message: string, reason?: string) {
  return new AppError(code, message, { details: [{ field: `body.${field}`, message }], ...(reason ? { reason } : {}) })
}

/** Plans named for a code must be the creator's own. */
async function assertOwnPlans(db: Db, creatorId: string, planIds: string[] | null): Promise<void> {
  if (!planIds) return
  const unique = [...new Set(planIds)]
  const plans = await Promise.all(unique.map((id) => findPlan({ db }, id)))
  if (plans.some((plan) => !plan || plan.creatorId !== creatorId)) {
    throw fieldError('VALIDATION_FAILED', 'plan_ids', promoMessages.planNotYours)
  }
}

function assertFutureExpiry(expiresAt: string | null, now: Date): void {
  if (expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime()) {
    throw fieldError('VALIDATION_FAILED', 'expires_at', promoMessages.expiryInPast)
  }
}

/** A new code of `creatorId`. */
export async function createPromoCode(
  deps: PromoDeps,
  creatorId: string,
  body: ParsedCreatePromoCodeBody,
): Promise<PromoCode> {
  assertFutureExpiry(body.expires_at, deps.now())
  await assertOwnPlans(deps.db, creatorId, body.plan_ids)
  const row = await deps.db.transaction(async (tx) => {
    // One creator's codes are made one at a time, so the limit holds under concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`promo-codes:${creatorId}`}))`)
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(promoCodes)
      .where(eq(promoCodes.creatorId, creatorId))
    if ((counted?.n ?? 0) >= promoLimits.maxCodesPerCreator) {
      throw new AppError('CONFLICT', promoMessages.tooManyCodes, { reason: 'TOO_MANY_CODES' })
    }
    const [taken] = await tx
      .select({ id: promoCodes.id })
      .from(promoCodes)
      .where(
        and(eq(promoCodes.creatorId, creatorId), sql`upper(${promoCodes.code}) = ${normalizePromoCode(body.code)}`),
      )
    if (taken) throw fieldError('CONFLICT', 'code', promoMessages.codeTaken, 'CODE_TAKEN')
    const at = deps.now()
    const [made] = await tx
      .insert(promoCodes)
      .values({
        creatorId,
        code: body.code,
        discountKind: body.discount_kind,
        percentOff: body.percent_off,
        amountOffCents: body.amount_off_cents,
        planIds: body.plan_ids ? [...new Set(body.plan_ids)] : null,
        duration: body.duration,
        durationMonths: body.duration_months,
        expiresAt: body.expires_at ? new Date(body.expires_at) : null,
        maxRedemptions: body.max_redemptions,
        onePerCustomer: body.one_per_customer,
        active: body.active,
        createdAt: at,
        updatedAt: at,
      })
      .returning()
    return made
  })
  if (!row) throw new AppError('INTERNAL', 'The promo code was not stored')
  return toPromoCode(row, undefined)
}

/**
 * Changes a code's scope, expiry, limits, one-per-customer rule or active switch. The code and its
 * discount stay as made: customers may already hold it.
 */
export async function updatePromoCode(
  deps: PromoDeps,
  row: PromoCodeRow,
  body: UpdatePromoCodeBody,
): Promise<PromoCode> {
  if (body.expires_at !== undefined) assertFutureExpiry(body.expires_at, deps.now())
  if (body.plan_ids !== undefined) await assertOwnPlans(deps.db, row.creatorId, body.plan_ids)
  const [updated] = await deps.db
    .update(promoCodes)
    .set({
      ...(body.plan_ids !== undefined ? { planIds: body.plan_ids ? [...new Set(body.plan_ids)] : null } : {}),
      ...(body.expires_at !== undefined ? { expiresAt: body.expires_at ? new Date(body.expires_at) : null } : {}),
      ...(body.max_redemptions !== undefined ? { maxRedemptions: body.max_redemptions } : {}),
      ...(body.one_per_customer !== undefined ? { onePerCustomer: body.one_per_customer } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      updatedAt: deps.now(),
    })
    .where(eq(promoCodes.id, row.id))
    .returning()
  if (!updated) throw new AppError('NOT_FOUND', 'Promo code not found')
  const [named] = await withFigures(deps.db, [updated])
  return named!
}

// --- The check ------------------------------------------------------------------------------------

export type PromoRefusal =
  | 'PROMO_UNKNOWN'
  | 'PROMO_INACTIVE'
  | 'PROMO_EXPIRED'
  | 'PROMO_USED_UP'
  | 'PROMO_WRONG_PLAN'
  | 'PROMO_ALREADY_USED'
  | 'PROMO_FREE_NOT_ALLOWED'

const refusalMessages: Record<PromoRefusal, string> = {
  PROMO_UNKNOWN: promoMessages.unknownCode,
  PROMO_INACTIVE: promoMessages.inactiveCode,
  PROMO_EXPIRED: promoMessages.expiredCode,
  PROMO_USED_UP: promoMessages.usedUpCode,
  PROMO_WRONG_PLAN: promoMessages.wrongPlan,
  PROMO_ALREADY_USED: promoMessages.alreadyUsed,
  PROMO_FREE_NOT_ALLOWED: promoMessages.freeNotAllowed,
}

export type PromoCheck = { ok: true; promo: PromoCodeRow } | { ok: false; reason: PromoRefusal; message: string }

interface PromoCheckInput {
  creatorId: string
  plan: { id: string; kind: 'subscription' | 'one_time'; priceCents: number }
  code: string
  /** The signed-in buyer, for one per customer; null for a visitor (their use is checked at checkout). */
  buyerId: string | null
  now: Date
  /**
   * Checkout: takes the code's lock (until the transaction ends) before counting, so two buyers
   * cannot both take the last redemption. `db` must then be a transaction.
   */
  lock?: boolean
}

function refused(reason: PromoRefusal): PromoCheck {
  return { ok: false, reason, message: refusalMessages[reason] }
}

/**
 * Whether `code` applies to the plan for the buyer: the one check of quotes and checkout. The
 * buyer's own open checkouts with the code hold nothing against them (a new checkout replaces
 * them: purchases marks them incomplete).
 */
export async function checkPromoCode(db: Db, input: PromoCheckInput): Promise<PromoCheck> {
  const [promo] = await db
    .select()
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.creatorId, input.creatorId),
        sql`upper(${promoCodes.code}) = ${normalizePromoCode(input.code)}`,
      ),
    )
  if (!promo) return refused('PROMO_UNKNOWN')
  if (input.lock) await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`promo:${promo.id}`}))`)
  if (!promo.active) return refused('PROMO_INACTIVE')
  if (promo.expiresAt && promo.expiresAt.getTime() <= input.now.getTime()) return refused('PROMO_EXPIRED')
  if (promo.maxRedemptions !== null) {
    const others = input.buyerId ? sql`${purchaseRows.userId} <> ${input.buyerId}` : sql`true`
    const [held] = await db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(purchaseRows)
      .where(and(eq(purchaseRows.promoCodeId, promo.id), or(paid, and(openCheckout(input.now), others))))
    if ((held?.n ?? 0) >= promo.maxRedemptions) return refused('PROMO_USED_UP')
  }
  if (promo.planIds && !promo.planIds.includes(input.plan.id)) return refused('PROMO_WRONG_PLAN')
  if (promo.onePerCustomer && input.buyerId) {
    const [used] = await db
      .select({ id: purchaseRows.id })
      .from(purchaseRows)
      .where(and(eq(purchaseRows.promoCodeId, promo.id), eq(purchaseRows.userId, input.buyerId), paid))
      .limit(1)
    if (used) return refused('PROMO_ALREADY_USED')
  }
  // Every payment free is no sale: a pass has one payment, and `forever` covers every renewal.
  const free = discountedCents(input.plan.priceCents, promo) === 0
  if (free && (input.plan.kind === 'one_time' || promo.duration === 'forever')) return refused('PROMO_FREE_NOT_ALLOWED')
  return { ok: true, promo }
}

/** `GET /promo-codes/quote`: the plan's price and its first payment with the code. */
export async function quotePromoCode(
  deps: PromoDeps,
  viewerId: string | null,
  query: { plan_id: string; code: string },
): Promise<PromoQuote> {
  const plan = await findPlan(deps, query.plan_id)
  if (!plan || !plan.active) throw new AppError('NOT_FOUND', 'Plan not found')
  const check = await checkPromoCode(deps.db, {
    creatorId: plan.creatorId,
    plan: { id: plan.id, kind: plan.kind, priceCents: plan.priceCents },
    code: query.code,
    buyerId: viewerId === plan.creatorId ? null : viewerId,
    now: deps.now(),
  })
  if (!check.ok) {
    return {
      valid: false,
      message: check.message,
      code: query.code,
      price_cents: plan.priceCents,
      discounted_cents: plan.priceCents,
      duration: null,
      duration_months: null,
    }
  }
  const { promo } = check
  return {
    valid: true,
    message: null,
    code: promo.code,
    price_cents: plan.priceCents,
    discounted_cents: discountedCents(plan.priceCents, promo),
    duration: plan.kind === 'one_time' ? 'once' : promo.duration,
    duration_months: plan.kind === 'one_time' ? null : promo.durationMonths,
  }
}
