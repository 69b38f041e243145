import { discountedCents, liveStatuses, paymentMessages, type Purchase, type PurchaseDiscount } from '@picks/contracts'
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { actsAsAdmin } from '../auth/guard.ts'
import { creatorCards, findPlan, type CreatorCard, type ReferralTouch } from '../creators/creators.service.ts'
import { PaymentProviderError, type CheckoutDiscount, type PaymentProvider } from '../payments/payments.service.ts'
import { checkPromoCode, type PromoCheck, type PromoCodeRow } from '../promotions/promotions.service.ts'
import { userNames } from '../users/users.service.ts'
import { givesAccessAt, purchaseGivesAccess, startedPurchases } from './entitlements.ts'
import { purchases } from './purchases.table.ts'

// The entitlement rules, for other modules (the picks feeds, the pick alerts' audience).
export {
  entitledCreatorIds,
  entitledUserIdsQuery,
  entitlingPlanQuery,
  givesAccessAt,
  hasPaidAccess,
  livePurchasesQuery,
  purchaseGivesAccess,
  startedPurchases,
  unstartedStatuses,
} from './entitlements.ts'
// What the provider's events do to purchases, for billing's event switch.
export {
  applyPurchaseEvent,
  endRefundedPurchase,
  lockEventPurchase,
  purchaseRowById,
  type PurchaseEvent,
  type PurchaseEventDeps,
  type PurchaseRow,
} from './purchase-events.ts'
// First purchases through a creator's share link, for the creator's results (decision 036).
export { shareLinkFirstPurchases } from './share-link-purchases.ts'
export { createEntitlementCache, type EntitlementCache } from './entitlement-cache.ts'
// Subscriptions in numbers, for the admin console.
export {
  liveSubscriptions,
  subscriptionCensus,
  subscriptionFlows,
  type LiveSubscriptions,
  type SubscriptionFlows,
} from './subscription-figures.ts'

/**
 * Buying, listing and cancelling purchases. Money moves only at the provider; what the provider
 * reports comes back through billing's event switch to purchase-events.ts, which is where a
 * purchase becomes paid. The
 * changes made here after a provider call (cancel, auto-renewal) are the same ones its event will
 * bring, so whichever arrives first, the result is the same.
 */

export interface PurchaseDeps {
  db: Db
  provider: PaymentProvider
  feeBps: number
  publicUrl: string
  now: () => Date
  /**
   * The creator's payout account when it can take a charge now, else null: payouts' one rule
   * (`takesCharges`), which also decides what the shop has on sale. app.ts passes payouts' reader
   * in, so that purchases and payouts, side by side under billing, never import each other.
   */
  chargeableAccountOf: (creatorId: string) => Promise<PayoutAccount | null>
  /**
   * Credits a new purchase to the affiliate whose signed click it carries (decision 038): app.ts
   * passes the affiliates module's, which sits above purchases.
   */
  attributePurchase?: (
    purchase: { id: string; userId: string; creatorId: string },
    affiliateClick: string | undefined,
  ) => Promise<unknown>
}

/** What a purchase needs of the creator's payout account. */
export interface PayoutAccount {
  accountId: string
}

/** Whoever acts: the `actor` of a signed-in caller (auth/guard.ts), never the stored user. */
export interface Actor {
  id: string
  email: string
  role: 'customer' | 'creator' | 'moderator' | 'admin'
}

type PurchaseRow = typeof purchases.$inferSelect

/** A purchase with the names a list shows: the creator's card and the buyer's name. */
interface PurchaseWithNames {
  purchase: PurchaseRow
  creator: CreatorCard
  customerName: string
}

/** Adds the creators' cards and buyers' names to purchase rows (two queries, however many rows). */
async function withNames(db: Db, rows: PurchaseRow[]): Promise<PurchaseWithNames[]> {
  const [cards, names] = await Promise.all([
    creatorCards(
      { db },
      rows.map((r) => r.creatorId),
    ),
    userNames(
      { db },
      rows.map((r) => r.userId),
    ),
  ])
  return rows.map((purchase) => ({
    purchase,
    creator: cards.get(purchase.creatorId) ?? { name: '', username: '', profilePicture: null },
    customerName: names.get(purchase.userId) ?? '',
  }))
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null
}

export function toPurchase(row: PurchaseWithNames, now: Date): Purchase {
  const p = row.purchase
  return {
    id: p.id,
    user_id: p.userId,
    creator_id: p.creatorId,
    plan_id: p.planId,
    creator: {
      id: p.creatorId,
      name: row.creator.name,
      username: row.creator.username,
      profile_picture: row.creator.profilePicture,
    },
    customer_name: row.customerName,
    plan_name: p.planName,
    kind: p.kind,
    interval: p.interval,
    access_days: p.accessDays,
    price_cents: p.priceCents,
    currency: p.currency,
    trial_days: p.trialDays,
    status: p.status,
    auto_renewal: p.autoRenewal,
    current_period_start: iso(p.currentPeriodStart),
    current_period_end: iso(p.currentPeriodEnd),
    has_access: purchaseGivesAccess(p, now),
    canceled_at: iso(p.canceledAt),
    ended_at: iso(p.endedAt),
    created_at: p.createdAt.toISOString(),
    provider: p.provider,
    promo_code: p.promoCode,
    discount: discountOf(p),
  }
}

/** The promo code's discount copied onto a purchase, as its buyer sees it. */
function discountOf(p: PurchaseRow): PurchaseDiscount | null {
  if (!p.discountKind || !p.discountDuration) return null
  const terms = { kind: p.discountKind, percentOff: p.percentOff, amountOffCents: p.amountOffCents }
  return {
    kind: p.discountKind,
    percent_off: p.percentOff,
    amount_off_cents: p.amountOffCents,
    duration: p.discountDuration,
    duration_months: p.discountMonths,
    first_payment_cents: discountedCents(p.priceCents, terms),
  }
}

/** The discount the provider is asked to give, from what the purchase copied. */
function checkoutDiscountOf(p: PurchaseRow): CheckoutDiscount | null {
  if (!p.promoCodeId || !p.promoCode || !p.discountDuration) return null
  return {
    promoCodeId: p.promoCodeId,
    code: p.promoCode,
    percentOff: p.percentOff,
    amountOffCents: p.amountOffCents,
    duration: p.discountDuration,
    durationMonths: p.discountMonths,
  }
}

/** A refused code: 400 naming the field for a code that does not exist, 409 for one that does not apply. */
function promoRefusal(check: Extract<PromoCheck, { ok: false }>): AppError {
  const details = [{ field: 'body.promo_code', message: check.message }]
  return new AppError(check.reason === 'PROMO_UNKNOWN' ? 'VALIDATION_FAILED' : 'CONFLICT', check.message, {
    reason: check.reason,
    details,
  })
}

/**
 * Checks the buyer's code at checkout under the code's lock (held to the end of `tx`, so two buyers
 * cannot both take the last redemption), and lets the buyer's earlier open checkouts with the code
 * go: the new checkout replaces them and holds the redemption instead.
 */
async function promoAtCheckout(
  tx: Db,
  buyer: Actor,
  plan: { id: string; creatorId: string; kind: 'subscription' | 'one_time'; priceCents: number },
  code: string,
  now: Date,
): Promise<PromoCodeRow> {
  const check = await checkPromoCode(tx, { creatorId: plan.creatorId, plan, code, buyerId: buyer.id, now, lock: true })
  if (!check.ok) throw promoRefusal(check)
  await tx
    .update(purchases)
    .set({ status: 'incomplete', updatedAt: sql`now()` })
    .where(
      and(eq(purchases.userId, buyer.id), eq(purchases.promoCodeId, check.promo.id), eq(purchases.status, 'pending')),
    )
  return check.promo
}

/**
 * Whether the buyer has had a free trial from this creator: a subscription with trial days that
 * went past its checkout. A plan's trial is given once per creator.
 */
async function hadTrialFrom(tx: Db, buyerId: string, creatorId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, buyerId),
        eq(purchases.creatorId, creatorId),
        eq(purchases.kind, 'subscription'),
        sql`${purchases.trialDays} > 0`,
        startedPurchases,
      ),
    )
    .limit(1)
  return row !== undefined
}

async function findPurchase(db: Db, id: string): Promise<PurchaseWithNames | null> {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id))
  if (!row) return null
  const [named] = await withNames(db, [row])
  return named ?? null
}

/** The purchase as its buyer, its creator or a verified admin sees it; 404 for anyone else (no probing). */
export async function getPurchase(deps: Pick<PurchaseDeps, 'db' | 'now'>, actor: Actor, id: string): Promise<Purchase> {
  const row = await findPurchase(deps.db, id)
  if (!row || (row.purchase.userId !== actor.id && row.purchase.creatorId !== actor.id && !actsAsAdmin(actor))) {
    throw new AppError('NOT_FOUND', 'Purchase not found')
  }
  return toPurchase(row, deps.now())
}

/**
 * The share link that brought the buyer (decision 036): their last touch within 30 days, when it
 * was this plan's creator's link; a touch of another creator's link credits nobody.
 */
function referralColumns(referral: ReferralTouch | null, creatorId: string) {
  if (referral?.creatorId !== creatorId) return {}
  return { referralSource: 'share_link' as const, referralCode: referral.code, referredAt: referral.visitedAt }
}

/**
 * Starts buying a plan: a pending purchase with the plan's terms copied onto it, and a checkout at
 * the provider. A customer holds at most one live subscription to a creator at a time.
 */
export async function startPurchase(
  deps: PurchaseDeps,
  buyer: Actor,
  planId: string,
  { promoCode = null, referral = null }: { promoCode?: string | null; referral?: ReferralTouch | null } = {},
): Promise<{ purchase: Purchase; checkoutUrl: string; notice: string | null }> {
  const plan = await findPlan(deps, planId)
  if (!plan) throw new AppError('NOT_FOUND', 'Plan not found')
  if (!plan.active) throw new AppError('CONFLICT', paymentMessages.planUnavailable, { reason: 'PLAN_UNAVAILABLE' })
  if (plan.creatorId === buyer.id) {
    throw new AppError('FORBIDDEN', paymentMessages.cannotBuyOwnPlan, { reason: 'OWN_PLAN' })
  }
  const account = await deps.chargeableAccountOf(plan.creatorId)
  if (!account) {
    throw new AppError('CONFLICT', paymentMessages.creatorNotAcceptingPayments, { reason: 'NOT_ACCEPTING_PAYMENTS' })
  }
  const creator = (await creatorCards(deps, [plan.creatorId])).get(plan.creatorId)
  if (!creator) throw new AppError('NOT_FOUND', 'Creator not found')

  const purchase = await deps.db.transaction(async (tx) => {
    // Serializes this buyer's purchases, so two quick clicks cannot open two subscriptions.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`purchases:${buyer.id}`}))`)
    if (plan.kind === 'subscription') {
      const [live] = await tx
        .select({ id: purchases.id })
        .from(purchases)
        .where(
          and(
            eq(purchases.userId, buyer.id),
            eq(purchases.creatorId, plan.creatorId),
            eq(purchases.kind, 'subscription'),
            givesAccessAt(deps.now()),
          ),
        )
        .limit(1)
      if (live) throw new AppError('CONFLICT', paymentMessages.alreadySubscribed, { reason: 'ALREADY_SUBSCRIBED' })
    }
    const promo = promoCode ? await promoAtCheckout(tx, buyer, plan, promoCode, deps.now()) : null
    const trialOffered = plan.kind === 'subscription' ? plan.trialDays : 0
    const trialDays = trialOffered > 0 && (await hadTrialFrom(tx, buyer.id, plan.creatorId)) ? 0 : trialOffered
    const [row] = await tx
      .insert(purchases)
      .values({
        userId: buyer.id,
        creatorId: plan.creatorId,
        planId: plan.id,
        planName: plan.name,
        kind: plan.kind,
        interval: plan.interval,
        accessDays: plan.accessDays,
        priceCents: plan.priceCents,
        currency: plan.currency,
        trialDays,
        feeBps: deps.feeBps,
        ...(promo
          ? {
              promoCodeId: promo.id,
              promoCode: promo.code,
              discountKind: promo.discountKind,
              percentOff: promo.percentOff,
              amountOffCents: promo.amountOffCents,
              discountDuration: promo.duration,
              discountMonths: promo.durationMonths,
            }
          : {}),
        provider: deps.provider.name,
        createdAt: deps.now(),
        ...referralColumns(referral, plan.creatorId),
      })
      .returning()
    if (!row) throw new AppError('INTERNAL', 'The purchase was not stored')
    return row
  })
  const notice =
    purchase.trialDays < (plan.kind === 'subscription' ? plan.trialDays : 0) ? paymentMessages.trialUsed : null

  const site = deps.publicUrl.replace(/\/$/, '')
  const name = `${plan.name} – @${creator.username}`
  try {
    const session = await deps.provider.createCheckout({
      purchaseId: purchase.id,
      customer: { id: buyer.id, email: buyer.email },
      destinationAccountId: account.accountId,
      item:
        plan.kind === 'subscription'
          ? {
              kind: 'subscription',
              name,
              priceCents: plan.priceCents,
              currency: plan.currency,
              interval: plan.interval ?? 'month',
              trialDays: purchase.trialDays,
            }
          : {
              kind: 'one_time',
              name,
              priceCents: plan.priceCents,
              currency: plan.currency,
              accessDays: plan.accessDays ?? 1,
            },
      feeBps: deps.feeBps,
      discount: checkoutDiscountOf(purchase),
      successUrl: `${site}/payment-success?purchase=${purchase.id}`,
      cancelUrl: `${site}/shop-picks/purchase/${plan.creatorId}?checkout=cancelled`,
      idempotencyKey: `checkout:${purchase.id}`,
    })
    await deps.db
      .update(purchases)
      .set({ checkoutSessionId: session.sessionId, updatedAt: sql`now()` })
      .where(eq(purchases.id, purchase.id))
    const row = await findPurchase(deps.db, purchase.id)
    if (!row) throw new AppError('INTERNAL', 'The purchase was not stored')
    return { purchase: toPurchase(row, deps.now()), checkoutUrl: session.url, notice }
  } catch (error) {
    await deps.db
      .update(purchases)
      .set({ status: 'incomplete', updatedAt: sql`now()` })
      .where(eq(purchases.id, purchase.id))
    if (error instanceof PaymentProviderError) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Checkout could not be started. Please try again.', {
        reason: 'PROVIDER',
      })
    }
    throw error
  }
}

export async function purchasesOfUser(deps: Pick<PurchaseDeps, 'db' | 'now'>, userId: string): Promise<Purchase[]> {
  const rows = await deps.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.userId, userId), startedPurchases))
    .orderBy(desc(purchases.createdAt))
    .limit(500)
  return (await withNames(deps.db, rows)).map((r) => toPurchase(r, deps.now()))
}

export async function purchasesOfCreator(
  deps: Pick<PurchaseDeps, 'db' | 'now'>,
  creatorId: string,
): Promise<Purchase[]> {
  const rows = await deps.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.creatorId, creatorId), startedPurchases))
    .orderBy(desc(purchases.createdAt))
    .limit(500)
  return (await withNames(deps.db, rows)).map((r) => toPurchase(r, deps.now()))
}

export async function allPurchases(
  deps: Pick<PurchaseDeps, 'db' | 'now'>,
  query: { page: number; limit: number; status?: PurchaseRow['status'] | undefined },
): Promise<{ purchases: Purchase[]; total: number; page: number; limit: number }> {
  const where: SQL | undefined = query.status ? eq(purchases.status, query.status) : undefined
  const [totalRow] = await deps.db.select({ total: count() }).from(purchases).where(where)
  const rows = await deps.db
    .select()
    .from(purchases)
    .where(where)
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
  return {
    purchases: (await withNames(deps.db, rows)).map((r) => toPurchase(r, deps.now())),
    total: Number(totalRow?.total ?? 0),
    page: query.page,
    limit: query.limit,
  }
}

/** A purchase its buyer or a verified admin may change; 404 for anyone else (no probing). */
async function ownPurchase(deps: Pick<PurchaseDeps, 'db'>, actor: Actor, id: string): Promise<PurchaseRow> {
  const [row] = await deps.db.select().from(purchases).where(eq(purchases.id, id))
  if (!row || (row.userId !== actor.id && !actsAsAdmin(actor))) throw new AppError('NOT_FOUND', 'Purchase not found')
  return row
}

function notLive(message: string): AppError {
  return new AppError('CONFLICT', message, { reason: 'NOT_LIVE' })
}

/**
 * Cancels a purchase: a subscription stops renewing and keeps access to the end of the period, or
 * with `immediately` ends now. Nothing is refunded (fees are non-refundable except as the law
 * requires; an administrator refunds separately).
 */
export async function cancelPurchase(
  deps: PurchaseDeps,
  actor: Actor,
  id: string,
  immediately: boolean,
): Promise<Purchase> {
  const row = await ownPurchase(deps, actor, id)
  const live = liveStatuses.includes(row.status)
  if (!live) throw notLive('This purchase has already ended')
  const at = deps.now()
  if (row.kind === 'one_time') {
    if (!immediately) throw notLive('A pass does not renew: it ends by itself when its access does')
    await deps.db
      .update(purchases)
      .set({ status: 'expired', autoRenewal: false, canceledAt: at, endedAt: at, updatedAt: sql`now()` })
      .where(eq(purchases.id, id))
  } else {
    if (row.providerSubscriptionId) {
      await deps.provider.cancelSubscription(row.providerSubscriptionId, {
        atPeriodEnd: !immediately,
        idempotencyKey: `cancel:${id}:${immediately ? 'now' : 'end'}:${row.updatedAt.getTime()}`,
      })
    }
    await deps.db
      .update(purchases)
      .set(
        immediately
          ? {
              status: 'canceled',
              autoRenewal: false,
              canceledAt: row.canceledAt ?? at,
              endedAt: at,
              updatedAt: sql`now()`,
            }
          : { autoRenewal: false, canceledAt: row.canceledAt ?? at, updatedAt: sql`now()` },
      )
      .where(and(eq(purchases.id, id), inArray(purchases.status, [...liveStatuses])))
  }
  return getPurchase(deps, actor, id)
}

/** Turning auto-renewal off is cancelling at period end; turning it on before the end resumes. */
export async function setAutoRenewal(deps: PurchaseDeps, actor: Actor, id: string, on: boolean): Promise<Purchase> {
  const row = await ownPurchase(deps, actor, id)
  if (row.kind !== 'subscription') throw notLive('Only subscriptions renew')
  if (!on) return cancelPurchase(deps, actor, id, false)
  const live = liveStatuses.includes(row.status)
  if (!live || !row.currentPeriodEnd || row.currentPeriodEnd.getTime() <= deps.now().getTime()) {
    throw notLive('This subscription has ended: subscribe again from the creator’s page')
  }
  if (row.autoRenewal) return getPurchase(deps, actor, id)
  if (row.providerSubscriptionId) {
    await deps.provider.resumeSubscription(row.providerSubscriptionId, {
      idempotencyKey: `resume:${id}:${row.updatedAt.getTime()}`,
    })
  }
  await deps.db
    .update(purchases)
    .set({ autoRenewal: true, canceledAt: null, updatedAt: sql`now()` })
    .where(eq(purchases.id, id))
  return getPurchase(deps, actor, id)
}

/** One-time passes whose access window closed become `expired`; returns how many. */
export async function expirePasses(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(purchases)
    .set({ status: 'expired', endedAt: sql`${purchases.currentPeriodEnd}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(purchases.kind, 'one_time'),
        eq(purchases.status, 'active'),
        sql`${purchases.currentPeriodEnd} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: purchases.id })
  return rows.length
}

/** How many customers hold access to `creatorId` now (the stats' subscriber count). */
export async function subscriberCount(db: Db, creatorId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(distinct ${purchases.userId})` })
    .from(purchases)
    .where(and(eq(purchases.creatorId, creatorId), givesAccessAt(now)))
  return Number(row?.n ?? 0)
}

/** The ids of every purchase `userId` made, whatever its state (the deposits' filter by customer). */
export async function purchaseIdsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ id: purchases.id }).from(purchases).where(eq(purchases.userId, userId))
  return rows.map((r) => r.id)
}

/** Who bought each of these purchases: purchase id → buyer's user id. */
export async function buyersOfPurchases(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map()
  const rows = await db
    .select({ id: purchases.id, userId: purchases.userId })
    .from(purchases)
    .where(inArray(purchases.id, [...new Set(ids)]))
  return new Map(rows.map((r) => [r.id, r.userId]))
}
