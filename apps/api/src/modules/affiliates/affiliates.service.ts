import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import {
  affiliateLimits,
  affiliateMessages,
  affiliateRewardProblem,
  affiliateRewardWords,
  type AffiliateArrangement,
  type AffiliateClickAnswer,
  type AffiliateOverview,
  type AffiliateTermsBody,
  type CreatorAffiliate,
  type InviteAffiliateBody,
} from '@picks/contracts'
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { queryRows } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { creatorCards, findPlan, visitorHash, type Visitor } from '../creators/creators.service.ts'
import { affiliateBalance, bookCommission, bookedCharge, commissionByArrangement } from '../ledger/ledger.service.ts'
import type { EmailSender } from '../notifications/notifications.service.ts'
import { onboardingStatus } from '../payouts/payouts.service.ts'
import type { PaymentProvider } from '../payments/payments.service.ts'
import type { PurchaseRow } from '../purchases/purchases.service.ts'
import { findUserById } from '../users/users.service.ts'
import { affiliateArrangements, affiliateClicks, affiliateReferrals } from './affiliates.table.ts'

export { affiliateShareOfRefund, moveCommissionMoney, type CommissionScope } from './affiliate-money.ts'

/**
 * Affiliates (decision 038): a creator's arrangements with the people who bring them customers,
 * the clicks and purchases their links bring, and the commission each referred payment earns.
 * The money itself is in the ledgers (ledger/affiliate-ledger.ts); payouts pay it out.
 */

export interface AffiliateDeps {
  db: Db
  now: () => Date
  publicUrl: string
  /** Keys the click tokens and the visitors' hashes. */
  secret: string
  email: Pick<EmailSender, 'send'>
  provider: PaymentProvider
}

type Row = typeof affiliateArrangements.$inferSelect
const dayMs = 24 * 60 * 60 * 1000

function site(deps: Pick<AffiliateDeps, 'publicUrl'>): string {
  return deps.publicUrl.replace(/\/+$/, '')
}

/** 12 url-safe characters (72 random bits), in their own code space beside the share link's. */
function newCode(): string {
  return randomBytes(9).toString('base64url')
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', affiliateMessages.notFound)
}

function linkOf(deps: Pick<AffiliateDeps, 'publicUrl'>, username: string, code: string): string {
  return `${site(deps)}/${encodeURIComponent(username)}?aff=${encodeURIComponent(code)}`
}

// ---------------------------------------------------------------- figures

interface Figures {
  clicks: number
  customers: number
  sales: number
  salesCents: number
  commissionCents: number
}

/** Clicks, paying customers, payments, gross and commission of each arrangement: sums, never kept. */
async function figuresOf(db: Db, ids: readonly string[]): Promise<Map<string, Figures>> {
  const figures = new Map<string, Figures>(
    ids.map((id) => [id, { clicks: 0, customers: 0, sales: 0, salesCents: 0, commissionCents: 0 }]),
  )
  if (!ids.length) return figures
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
  const clicks = await queryRows<{ id: string; n: string | number }>(
    db,
    sql`select arrangement_id as id, count(*) as n from affiliate_clicks
        where arrangement_id in (${list}) group by arrangement_id`,
  )
  const sales = await queryRows<{
    id: string
    customers: string | number
    sales: string | number
    cents: string | number
  }>(
    db,
    sql`select r.arrangement_id as id, count(distinct p.user_id) as customers, count(l.id) as sales,
          coalesce(sum(l.amount_cents), 0) as cents
        from affiliate_referrals r
        join purchases p on p.id = r.purchase_id
        join ledger_entries l on l.purchase_id = r.purchase_id and l.kind = 'charge'
        where r.arrangement_id in (${list})
        group by r.arrangement_id`,
  )
  const commission = await commissionByArrangement(db, ids)
  for (const row of clicks) {
    const f = figures.get(row.id)
    if (f) f.clicks = Number(row.n)
  }
  for (const row of sales) {
    const f = figures.get(row.id)
    if (!f) continue
    f.customers = Number(row.customers)
    f.sales = Number(row.sales)
    f.salesCents = Number(row.cents)
  }
  for (const [id, cents] of commission) {
    const f = figures.get(id)
    if (f) f.commissionCents = cents
  }
  return figures
}

function termsOf(row: Row) {
  return {
    reward_kind: row.rewardKind,
    amount_cents: row.amountCents,
    percent_bps: row.percentBps,
    payments: row.payments,
    plan_ids: row.planIds,
  }
}

// ---------------------------------------------------------------- the creator's side

async function creatorUsername(db: Db, creatorId: string): Promise<string> {
  const card = (await creatorCards({ db }, [creatorId])).get(creatorId)
  if (!card) throw new AppError('NOT_FOUND', 'Creator not found')
  return card.username
}

/** Refuses a reward whose amount does not match its kind, and plans not the creator's, naming the field. */
async function checkTerms(db: Db, creatorId: string, terms: AffiliateTermsBody): Promise<void> {
  const reward = affiliateRewardProblem(terms)
  if (reward) {
    throw new AppError('VALIDATION_FAILED', reward.message, {
      details: [{ field: `body.${reward.field}`, message: reward.message }],
    })
  }
  const planIds = terms.plan_ids
  if (!planIds) return
  const plans = await Promise.all([...new Set(planIds)].map((id) => findPlan({ db }, id)))
  if (plans.some((plan) => plan?.creatorId !== creatorId)) {
    throw new AppError('VALIDATION_FAILED', affiliateMessages.unknownPlans, {
      details: [{ field: 'body.plan_ids', message: affiliateMessages.unknownPlans }],
    })
  }
}

function termsColumns(body: AffiliateTermsBody) {
  return {
    rewardKind: body.reward_kind,
    amountCents: body.reward_kind === 'fixed' ? body.amount_cents : null,
    percentBps: body.reward_kind === 'percent' ? body.percent_bps : null,
    payments: body.payments,
    planIds: body.plan_ids ? [...new Set(body.plan_ids)] : null,
  }
}

export async function creatorAffiliates(deps: Pick<AffiliateDeps, 'db' | 'publicUrl'>, creatorId: string) {
  const rows = await deps.db
    .select()
    .from(affiliateArrangements)
    .where(eq(affiliateArrangements.creatorId, creatorId))
    .orderBy(desc(affiliateArrangements.createdAt), desc(affiliateArrangements.id))
  if (!rows.length) return []
  const username = await creatorUsername(deps.db, creatorId)
  return toCreatorAffiliates(
    deps,
    rows.map((row) => ({ row, username })),
  )
}

async function toCreatorAffiliates(
  deps: Pick<AffiliateDeps, 'db' | 'publicUrl'>,
  rows: { row: Row; username: string }[],
): Promise<CreatorAffiliate[]> {
  const figures = await figuresOf(
    deps.db,
    rows.map(({ row }) => row.id),
  )
  const affiliateIds = rows.flatMap(({ row }) => (row.affiliateId ? [row.affiliateId] : []))
  // An affiliate who is a creator too is shown by their username.
  const names = await creatorCards(deps, affiliateIds)
  return rows.map(({ row, username }) => {
    const f = figures.get(row.id)
    return {
      id: row.id,
      creator_id: row.creatorId,
      invited_email: row.invitedEmail,
      affiliate_id: row.affiliateId,
      affiliate_username: row.affiliateId ? (names.get(row.affiliateId)?.username ?? null) : null,
      status: row.status,
      ...termsOf(row),
      link: row.status === 'invited' ? null : linkOf(deps, username, row.code),
      clicks: f?.clicks ?? 0,
      customers: f?.customers ?? 0,
      sales: f?.sales ?? 0,
      sales_cents: f?.salesCents ?? 0,
      commission_cents: f?.commissionCents ?? 0,
      invited_at: row.createdAt.toISOString(),
      accepted_at: row.acceptedAt?.toISOString() ?? null,
      ended_at: row.endedAt?.toISOString() ?? null,
    }
  })
}

async function oneCreatorAffiliate(deps: Pick<AffiliateDeps, 'db' | 'publicUrl'>, row: Row): Promise<CreatorAffiliate> {
  const [answer] = await toCreatorAffiliates(deps, [{ row, username: await creatorUsername(deps.db, row.creatorId) }])
  if (!answer) throw notFound()
  return answer
}

/**
 * Invites `body.email` to be the creator's affiliate on the given terms, and e-mails them a link to
 * accept. One open arrangement (invited or active) per e-mail and creator.
 */
export async function inviteAffiliate(
  deps: AffiliateDeps,
  creatorId: string,
  body: InviteAffiliateBody,
): Promise<CreatorAffiliate> {
  const username = await creatorUsername(deps.db, creatorId)
  const creator = await findUserById(deps, creatorId)
  if (creator?.email === body.email) {
    throw new AppError('VALIDATION_FAILED', affiliateMessages.selfInvite, {
      details: [{ field: 'body.email', message: affiliateMessages.selfInvite }],
    })
  }
  await checkTerms(deps.db, creatorId, body)
  const [open] = await deps.db
    .select({ id: affiliateArrangements.id })
    .from(affiliateArrangements)
    .where(
      and(
        eq(affiliateArrangements.creatorId, creatorId),
        eq(affiliateArrangements.invitedEmail, body.email),
        ne(affiliateArrangements.status, 'ended'),
      ),
    )
  if (open) {
    throw new AppError('CONFLICT', 'You already have an arrangement with this person', { reason: 'ALREADY_INVITED' })
  }
  const token = randomBytes(24).toString('base64url')
  const at = deps.now()
  const [row] = await deps.db
    .insert(affiliateArrangements)
    .values({
      creatorId,
      invitedEmail: body.email,
      code: newCode(),
      ...termsColumns(body),
      inviteTokenHash: hashToken(token),
      inviteExpiresAt: new Date(at.getTime() + affiliateLimits.inviteDays * dayMs),
      createdAt: at,
      updatedAt: at,
    })
    .returning()
  if (!row) throw new AppError('INTERNAL', 'The invitation was not stored')
  const accept = `${site(deps)}/affiliate?invite=${encodeURIComponent(token)}`
  const offer = `@${username} invited you to be their affiliate on Picks. For each customer your link brings, you earn ${affiliateRewardWords(termsOf(row))}.`
  await deps.email.send({
    to: body.email,
    subject: `@${username} invited you to be their affiliate`,
    text: `${offer}\n\nAccept the invitation (within ${affiliateLimits.inviteDays} days): ${accept}\n`,
    html: `<p>${offer}</p><p><a href="${accept}">Accept the invitation</a> (within ${affiliateLimits.inviteDays} days).</p>`,
    kind: 'affiliate_invite',
  })
  return oneCreatorAffiliate(deps, row)
}

/** The arrangement by id (any status); 404 when there is none. */
export async function arrangementById(db: Db, id: string): Promise<Row> {
  const [row] = await db.select().from(affiliateArrangements).where(eq(affiliateArrangements.id, id))
  if (!row) throw notFound()
  return row
}

/** New terms for payments that settle from now on. An ended arrangement stays ended. */
export async function changeAffiliateTerms(
  deps: AffiliateDeps,
  row: Row,
  body: AffiliateTermsBody,
): Promise<CreatorAffiliate> {
  if (row.status === 'ended') throw new AppError('CONFLICT', affiliateMessages.ended, { reason: 'ENDED' })
  await checkTerms(deps.db, row.creatorId, body)
  const [updated] = await deps.db
    .update(affiliateArrangements)
    .set({ ...termsColumns(body), updatedAt: deps.now() })
    .where(and(eq(affiliateArrangements.id, row.id), ne(affiliateArrangements.status, 'ended')))
    .returning()
  if (!updated) throw new AppError('CONFLICT', affiliateMessages.ended, { reason: 'ENDED' })
  return oneCreatorAffiliate(deps, updated)
}

/** Ends the arrangement (or withdraws the invitation): no commission on payments from now on. */
export async function endAffiliate(deps: AffiliateDeps, row: Row): Promise<CreatorAffiliate> {
  const at = deps.now()
  const [ended] = await deps.db
    .update(affiliateArrangements)
    .set({ status: 'ended', endedAt: at, updatedAt: at })
    .where(and(eq(affiliateArrangements.id, row.id), ne(affiliateArrangements.status, 'ended')))
    .returning()
  return oneCreatorAffiliate(deps, ended ?? row)
}

// ---------------------------------------------------------------- the affiliate's side

/** Accepts an invitation: only the person signed in with the invited e-mail, within its days. */
export async function acceptInvitation(
  deps: AffiliateDeps,
  user: { id: string; email: string },
  token: string,
): Promise<AffiliateArrangement> {
  const [row] = await deps.db
    .select()
    .from(affiliateArrangements)
    .where(eq(affiliateArrangements.inviteTokenHash, hashToken(token)))
  const at = deps.now()
  if (!row || row.status !== 'invited' || row.inviteExpiresAt.getTime() <= at.getTime()) {
    throw new AppError('NOT_FOUND', affiliateMessages.inviteInvalid, { reason: 'INVITE_INVALID' })
  }
  if (row.creatorId === user.id) throw new AppError('FORBIDDEN', affiliateMessages.selfInvite, { reason: 'SELF' })
  if (row.invitedEmail !== user.email.trim().toLowerCase()) {
    throw new AppError('FORBIDDEN', affiliateMessages.inviteOtherEmail, { reason: 'OTHER_EMAIL' })
  }
  const [accepted] = await deps.db
    .update(affiliateArrangements)
    .set({ status: 'active', affiliateId: user.id, acceptedAt: at, updatedAt: at })
    .where(and(eq(affiliateArrangements.id, row.id), eq(affiliateArrangements.status, 'invited')))
    .returning()
  if (!accepted) throw new AppError('NOT_FOUND', affiliateMessages.inviteInvalid, { reason: 'INVITE_INVALID' })
  const [arrangement] = await affiliateArrangementsOf(deps, user.id, accepted.id)
  if (!arrangement) throw notFound()
  return arrangement
}

async function affiliateArrangementsOf(
  deps: Pick<AffiliateDeps, 'db' | 'publicUrl'>,
  affiliateId: string,
  onlyId?: string,
): Promise<AffiliateArrangement[]> {
  const rows = await deps.db
    .select()
    .from(affiliateArrangements)
    .where(
      and(
        eq(affiliateArrangements.affiliateId, affiliateId),
        onlyId ? eq(affiliateArrangements.id, onlyId) : undefined,
      ),
    )
    .orderBy(desc(affiliateArrangements.acceptedAt), desc(affiliateArrangements.id))
  const figures = await figuresOf(
    deps.db,
    rows.map((row) => row.id),
  )
  const cards = await creatorCards(
    deps,
    rows.map((row) => row.creatorId),
  )
  return rows.flatMap((row) => {
    const f = figures.get(row.id)
    const card = cards.get(row.creatorId)
    if (!card) return []
    const { username, name } = card
    return {
      id: row.id,
      creator_id: row.creatorId,
      creator_username: username,
      creator_name: name,
      status: row.status,
      ...termsOf(row),
      link: linkOf(deps, username, row.code),
      clicks: f?.clicks ?? 0,
      customers: f?.customers ?? 0,
      commission_cents: f?.commissionCents ?? 0,
      accepted_at: row.acceptedAt?.toISOString() ?? null,
      ended_at: row.endedAt?.toISOString() ?? null,
    }
  })
}

/** The affiliate's arrangements, their balance over all of them, and their payout account. */
export async function affiliateOverview(deps: AffiliateDeps, affiliateId: string): Promise<AffiliateOverview> {
  const arrangements = await affiliateArrangementsOf(deps, affiliateId)
  const balance = await affiliateBalance(deps.db, affiliateId, deps.now())
  return {
    arrangements,
    balance: {
      currency: balance.currency,
      available_cents: balance.availableCents,
      pending_cents: balance.pendingCents,
      earned_cents: balance.earnedCents,
      paid_out_cents: balance.paidOutCents,
    },
    onboarding: await onboardingStatus({ db: deps.db, provider: deps.provider }, affiliateId),
  }
}

/** Refuses a payout account or payout to someone who never accepted an arrangement. */
export async function assertAffiliate(db: Db, userId: string): Promise<void> {
  const [row] = await db
    .select({ id: affiliateArrangements.id })
    .from(affiliateArrangements)
    .where(and(eq(affiliateArrangements.affiliateId, userId), ne(affiliateArrangements.status, 'invited')))
    .limit(1)
  if (!row) throw new AppError('FORBIDDEN', affiliateMessages.notAffiliate, { reason: 'NOT_AN_AFFILIATE' })
}

// ---------------------------------------------------------------- clicks and attribution

function clickSignature(secret: string, arrangementId: string, at: number): string {
  return createHmac('sha256', secret).update(`affiliate-click\n${arrangementId}\n${at}`).digest('base64url')
}

/**
 * Counts a click on an active arrangement's link (once per visitor a day) and answers the click,
 * signed, for the purchase to carry: the server then knows the click is real and how old it is.
 */
export async function recordClick(deps: AffiliateDeps, code: string, visitor: Visitor): Promise<AffiliateClickAnswer> {
  const [row] = await deps.db
    .select()
    .from(affiliateArrangements)
    .where(and(eq(affiliateArrangements.code, code), eq(affiliateArrangements.status, 'active')))
  if (!row) throw new AppError('NOT_FOUND', affiliateMessages.linkNotFound)
  const at = deps.now()
  await deps.db
    .insert(affiliateClicks)
    .values({ arrangementId: row.id, clickedAt: at, visitorHash: visitorHash(visitor, at, deps.secret) })
    .onConflictDoNothing()
  const ms = at.getTime()
  return {
    creator_id: row.creatorId,
    click: `${row.id}.${ms}.${clickSignature(deps.secret, row.id, ms)}`,
    expires_at: new Date(ms + affiliateLimits.attributionDays * dayMs).toISOString(),
  }
}

/** The click a token names, when its signature holds; null otherwise. */
function readClick(secret: string, token: string): { arrangementId: string; at: number } | null {
  const [arrangementId = '', at = '', signature = ''] = token.split('.')
  if (!/^[0-9a-f-]{36}$/.test(arrangementId) || !/^\d{1,15}$/.test(at)) return null
  const expected = Buffer.from(clickSignature(secret, arrangementId, Number(at)))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  return { arrangementId, at: Number(at) }
}

/**
 * Credits a new purchase to the affiliate whose click it carries (the last touch), when the click is
 * genuine and under 30 days old, the arrangement is active and the plan's creator's, and the buyer is
 * not the affiliate. Anything else is ignored: the purchase goes ahead without an affiliate.
 */
export async function attributePurchase(
  deps: Pick<AffiliateDeps, 'db' | 'now' | 'secret'>,
  purchase: { id: string; userId: string; creatorId: string },
  token: string | undefined,
): Promise<boolean> {
  if (!token) return false
  const click = readClick(deps.secret, token)
  const now = deps.now().getTime()
  if (!click || click.at > now + 60_000 || now - click.at > affiliateLimits.attributionDays * dayMs) return false
  const [row] = await deps.db
    .select()
    .from(affiliateArrangements)
    .where(eq(affiliateArrangements.id, click.arrangementId))
  if (!row || row.status !== 'active' || row.creatorId !== purchase.creatorId || row.affiliateId === purchase.userId) {
    return false
  }
  const inserted = await deps.db
    .insert(affiliateReferrals)
    .values({ purchaseId: purchase.id, arrangementId: row.id, clickedAt: new Date(click.at) })
    .onConflictDoNothing()
    .returning({ id: affiliateReferrals.purchaseId })
  return inserted.length > 0
}

// ---------------------------------------------------------------- commission

/**
 * Books the commission a settled payment earns (billing's event handler calls it in the event's
 * transaction, after the charge is booked, with the purchase as it locked it and whether this is its
 * first charge): when the purchase was referred through an arrangement that is active, covers the
 * plan, and covers this payment (the first, or every one). Percent of the payment or the fixed
 * amount, never more than the creator's share of it. A purchase no affiliate brought costs one query.
 */
export async function bookAffiliateCommission(
  db: Db,
  payment: { purchase: Pick<PurchaseRow, 'id' | 'planId' | 'planName'>; paymentRef: string; first: boolean },
): Promise<void> {
  const { purchase } = payment
  const [referral] = await db
    .select({ row: affiliateArrangements })
    .from(affiliateReferrals)
    .innerJoin(affiliateArrangements, eq(affiliateArrangements.id, affiliateReferrals.arrangementId))
    .where(eq(affiliateReferrals.purchaseId, purchase.id))
  const row = referral?.row
  if (!row || row.status !== 'active' || !row.affiliateId) return
  if (row.payments === 'first' && !payment.first) return
  if (row.planIds && (!purchase.planId || !row.planIds.includes(purchase.planId))) return
  const charge = await bookedCharge(db, payment.paymentRef)
  if (charge?.purchaseId !== purchase.id) return
  const reward =
    row.rewardKind === 'percent'
      ? Math.floor((charge.amountCents * (row.percentBps ?? 0)) / 10_000)
      : (row.amountCents ?? 0)
  const amountCents = Math.min(reward, charge.amountCents - charge.feeCents)
  await bookCommission(db, {
    charge,
    affiliateId: row.affiliateId,
    arrangementId: row.id,
    amountCents,
    description: `Affiliate commission: ${purchase.planName}`,
  })
}
