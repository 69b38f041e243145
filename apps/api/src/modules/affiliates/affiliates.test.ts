import {
  AffiliateArrangementAnswer,
  AffiliateOverview,
  CreatePurchaseAnswer,
  CreatorAffiliateAnswer,
  CreatorAffiliatesAnswer,
  CreatorBalance,
  ErrorBody,
  OnboardAnswer,
  PayoutAnswer,
  PayoutsAnswer,
  type CreatorAffiliate,
} from '@picks/contracts'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { affiliateClick, affiliateJoins, invitationToken as invitationTokenOf } from '../../test/affiliates.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addPlan, creator, dayPass, monthlyPlan, onboard } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import { affiliateLedgerEntries } from '../ledger/affiliate-ledger.table.ts'
import { ledgerEntries } from '../ledger/ledger.table.ts'
import { sandboxPayouts } from '../payments/sandbox.table.ts'
import { affiliateReferrals } from './affiliates.table.ts'

/** A 10% fee and no hold (the tests' default), on a clock the tests move. */
let t: TestApp
const start = new Date('2026-11-23T12:00:00Z')
let clock = start
const dayMs = 24 * 60 * 60 * 1000

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = start
})

function errorOf(res: { body: string }) {
  return ErrorBody.parse(JSON.parse(res.body)).error
}

function sandbox() {
  const box = t.app.billing.sandbox
  if (!box) throw new Error('these tests need the sandbox provider')
  return box
}

/** Moves the clock on and runs the scheduled work (the sandbox's renewals). */
async function later(days: number): Promise<void> {
  clock = new Date(clock.getTime() + days * dayMs)
  await t.app.billing.runDue(clock)
}

const twentyPercentOfEvery = { reward_kind: 'percent', percent_bps: 2000, amount_cents: null, payments: 'every' }

interface Shop {
  dana: Person
  monthly: string
  pass: string
}

/** Dana sells a $29.00 monthly plan and a $9.99 day pass; 10% goes to the platform. */
async function shop(): Promise<Shop> {
  const dana = await creator(t, 'dana@example.com', 'SharpDana')
  await onboard(t, dana)
  const monthly = (await addPlan(t, dana, monthlyPlan)).id
  const pass = (await addPlan(t, dana, dayPass)).id
  return { dana, monthly, pass }
}

async function invite(who: Person, body: Record<string, unknown>): Promise<CreatorAffiliate> {
  const res = await request(t, 'POST', '/affiliates', who, body)
  expect(res.statusCode, res.body).toBe(201)
  return CreatorAffiliateAnswer.parse(res.json()).affiliate
}

/** Amy is invited by Dana on `terms` and accepts; her arrangement and link code. */
async function amyJoins(s: Shop, terms: Record<string, unknown>): Promise<{ amy: Person; id: string; code: string }> {
  const { affiliate, id, code } = await affiliateJoins(t, s.dana, 'amy@example.com', terms)
  return { amy: affiliate, id, code }
}

const click = (code: string) => affiliateClick(t, code)
const invitationToken = (email: string) => invitationTokenOf(t, email)

/** Buys a plan with the sandbox's good card, carrying an affiliate's click when given. */
async function buyThrough(buyer: Person, planId: string, affiliateClick?: string): Promise<string> {
  const res = await request(t, 'POST', '/purchases', buyer, {
    plan_id: planId,
    ...(affiliateClick ? { affiliate_click: affiliateClick } : {}),
  })
  expect(res.statusCode, res.body).toBe(201)
  const answer = CreatePurchaseAnswer.parse(res.json())
  await sandbox().payCheckout(answer.checkout_url.split('/').pop() ?? '', 'succeeds')
  return answer.purchase.id
}

async function overviewOf(amy: Person): Promise<AffiliateOverview> {
  const res = await request(t, 'GET', `/affiliate/${amy.id}`, amy)
  expect(res.statusCode, res.body).toBe(200)
  return AffiliateOverview.parse(res.json())
}

async function affiliatesOf(dana: Person): Promise<CreatorAffiliate[]> {
  const res = await request(t, 'GET', `/affiliates/creator/${dana.id}`, dana)
  expect(res.statusCode, res.body).toBe(200)
  return CreatorAffiliatesAnswer.parse(res.json()).affiliates
}

async function balanceOf(dana: Person): Promise<CreatorBalance> {
  const res = await request(t, 'GET', `/creators/balance/${dana.id}`, dana)
  expect(res.statusCode, res.body).toBe(200)
  return CreatorBalance.parse(res.json())
}

/** The creator's commission rows, oldest first: negative commissions, positive reversals. */
async function creatorCommissionRows(creatorId: string): Promise<number[]> {
  const rows = await t.database.db
    .select({ kind: ledgerEntries.kind, cents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.creatorId, creatorId), sql`${ledgerEntries.kind} like 'affiliate_commission%'`))
    .orderBy(asc(ledgerEntries.occurredAt), asc(ledgerEntries.createdAt))
  return rows.map((r) => r.cents)
}

async function chargeRefs(purchaseId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ ref: ledgerEntries.providerRef })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.purchaseId, purchaseId), eq(ledgerEntries.kind, 'charge')))
    .orderBy(asc(ledgerEntries.occurredAt))
  return rows.map((r) => r.ref)
}

async function sandboxPayoutsOf(payoutId: string) {
  return t.database.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.payoutId, payoutId))
}

/** A refund at the provider; `nth` tells two refunds of the same amount apart. */
async function refund(paymentRef: string, amountCents: number, nth = 1): Promise<void> {
  await t.app.billing.provider.refund({ paymentRef, amountCents, idempotencyKey: `refund:${paymentRef}:${nth}` })
}

describe('inviting and accepting', () => {
  it('e-mails the invitation, and only the invited address can accept it, once', async () => {
    const s = await shop()
    const invited = await invite(s.dana, { email: 'Amy@Example.com', ...twentyPercentOfEvery, plan_ids: null })
    expect(invited).toMatchObject({ invited_email: 'amy@example.com', status: 'invited', link: null })
    const token = await invitationToken('amy@example.com')

    const bob = await person(t, 'bob@example.com')
    const wrong = await request(t, 'POST', '/affiliates/accept', bob, { token })
    expect(wrong.statusCode).toBe(403)
    expect(errorOf(wrong).message).toBe('This invitation was sent to another e-mail address')

    const amy = await person(t, 'amy@example.com')
    const res = await request(t, 'POST', '/affiliates/accept', amy, { token })
    expect(res.statusCode, res.body).toBe(200)
    const { arrangement } = AffiliateArrangementAnswer.parse(res.json())
    expect(arrangement).toMatchObject({ status: 'active', creator_username: 'SharpDana', percent_bps: 2000 })
    expect(arrangement.link).toMatch(/\/SharpDana\?aff=[A-Za-z0-9_-]{12}$/)

    const again = await request(t, 'POST', '/affiliates/accept', amy, { token })
    expect(again.statusCode).toBe(404)
    expect((await affiliatesOf(s.dana))[0]).toMatchObject({ status: 'active', affiliate_id: amy.id })
  })

  it('refuses an invitation after 14 days, a second open one, and inviting oneself', async () => {
    const s = await shop()
    await invite(s.dana, { email: 'amy@example.com', ...twentyPercentOfEvery, plan_ids: null })
    const token = await invitationToken('amy@example.com')
    const twice = await request(t, 'POST', '/affiliates', s.dana, {
      email: 'amy@example.com',
      ...twentyPercentOfEvery,
      plan_ids: null,
    })
    expect(twice.statusCode).toBe(409)
    const self = await request(t, 'POST', '/affiliates', s.dana, {
      email: 'dana@example.com',
      ...twentyPercentOfEvery,
      plan_ids: null,
    })
    expect(self.statusCode).toBe(400)
    expect(errorOf(self).details?.[0]?.field).toBe('body.email')

    const amy = await person(t, 'amy@example.com')
    clock = new Date(start.getTime() + 15 * dayMs)
    const late = await request(t, 'POST', '/affiliates/accept', amy, { token })
    expect(late.statusCode).toBe(404)
  })

  it('withdraws an invitation nobody accepted: it ends, its link is dead, and the address can be invited again', async () => {
    const s = await shop()
    const invited = await invite(s.dana, { email: 'amy@example.com', ...twentyPercentOfEvery, plan_ids: null })
    const token = await invitationToken('amy@example.com')
    const withdrawn = await request(t, 'POST', `/affiliates/${invited.id}/end`, s.dana)
    expect(withdrawn.statusCode, withdrawn.body).toBe(200)
    expect(CreatorAffiliateAnswer.parse(withdrawn.json()).affiliate).toMatchObject({
      status: 'ended',
      affiliate_id: null,
    })
    const amy = await person(t, 'amy@example.com')
    expect((await request(t, 'POST', '/affiliates/accept', amy, { token })).statusCode).toBe(404)
    await invite(s.dana, { email: 'amy@example.com', ...twentyPercentOfEvery, plan_ids: null })
    expect((await affiliatesOf(s.dana)).map((a) => a.status).sort()).toEqual(['ended', 'invited'])
  })

  it('names the field of a reward that does not match its kind, and of plans not the creator’s', async () => {
    const s = await shop()
    const both = await request(t, 'POST', '/affiliates', s.dana, {
      email: 'amy@example.com',
      reward_kind: 'fixed',
      amount_cents: 500,
      percent_bps: 1000,
      payments: 'first',
      plan_ids: null,
    })
    expect(both.statusCode).toBe(400)
    expect(errorOf(both).details?.map((d) => d.field)).toContain('body.amount_cents')

    const eli = await creator(t, 'eli@example.com', 'EliEdges')
    const elisPlan = (await addPlan(t, eli, monthlyPlan)).id
    const foreign = await request(t, 'POST', '/affiliates', s.dana, {
      email: 'amy@example.com',
      ...twentyPercentOfEvery,
      plan_ids: [elisPlan],
    })
    expect(foreign.statusCode).toBe(400)
    expect(errorOf(foreign).details?.[0]?.field).toBe('body.plan_ids')
  })
})

describe('commission', () => {
  it('accrues on the first payment and on a renewal, out of the creator’s share', async () => {
    const s = await shop()
    const { amy, code } = await amyJoins(s, { ...twentyPercentOfEvery, plan_ids: [s.monthly] })
    const pat = await person(t, 'pat@example.com')
    const purchaseId = await buyThrough(pat, s.monthly, await click(code))

    // 20% of $29.00; Dana keeps $26.10 less that.
    expect(await creatorCommissionRows(s.dana.id)).toEqual([-580])
    expect(await balanceOf(s.dana)).toMatchObject({ available_cents: 2610 - 580, lifetime_net_cents: 2610 - 580 })
    expect((await overviewOf(amy)).balance).toMatchObject({ available_cents: 580, earned_cents: 580 })

    await later(31)
    expect(await chargeRefs(purchaseId)).toHaveLength(2)
    expect(await creatorCommissionRows(s.dana.id)).toEqual([-580, -580])
    expect((await balanceOf(s.dana)).available_cents).toBe(2 * (2610 - 580))

    const [row] = await affiliatesOf(s.dana)
    expect(row).toMatchObject({ clicks: 1, customers: 1, sales: 2, sales_cents: 5800, commission_cents: 1160 })
    const overview = await overviewOf(amy)
    expect(overview.balance.available_cents).toBe(1160)
    expect(overview.arrangements[0]).toMatchObject({ clicks: 1, customers: 1, commission_cents: 1160 })
  })

  it('pays a first-payment reward once, and nothing for a plan out of scope', async () => {
    const s = await shop()
    const { amy, code } = await amyJoins(s, {
      reward_kind: 'fixed',
      amount_cents: 500,
      percent_bps: null,
      payments: 'first',
      plan_ids: [s.monthly],
    })
    const pat = await person(t, 'pat@example.com')
    await buyThrough(pat, s.monthly, await click(code))
    const quinn = await person(t, 'quinn@example.com')
    const passId = await buyThrough(quinn, s.pass, await click(code))
    await later(31)

    expect(await creatorCommissionRows(s.dana.id)).toEqual([-500])
    // The pass was referred, but its plan is not covered.
    const [referral] = await t.database.db
      .select()
      .from(affiliateReferrals)
      .where(eq(affiliateReferrals.purchaseId, passId))
    expect(referral).toBeDefined()
    expect((await overviewOf(amy)).balance.earned_cents).toBe(500)
  })

  it('is reversed in proportion on a refund, and in full on a refund in full', async () => {
    const s = await shop()
    const { amy, code } = await amyJoins(s, { ...twentyPercentOfEvery, plan_ids: null })
    const pat = await person(t, 'pat@example.com')
    const purchaseId = await buyThrough(pat, s.monthly, await click(code))
    const [ref = ''] = await chargeRefs(purchaseId)

    await refund(ref, 1450)
    expect(await creatorCommissionRows(s.dana.id)).toEqual([-580, 290])
    expect((await overviewOf(amy)).balance.earned_cents).toBe(290)

    await refund(ref, 1450, 2)
    expect(await creatorCommissionRows(s.dana.id)).toEqual([-580, 290, 290])
    expect((await overviewOf(amy)).balance.earned_cents).toBe(0)
    // Everything given back: the creator's balance is back to nothing, the platform's fee returned too.
    expect((await balanceOf(s.dana)).available_cents).toBe(0)
    expect((await affiliatesOf(s.dana))[0]?.commission_cents).toBe(0)
  })

  it('books a repeated event once', async () => {
    const s = await shop()
    const { code } = await amyJoins(s, { ...twentyPercentOfEvery, plan_ids: null })
    const pat = await person(t, 'pat@example.com')
    const purchaseId = await buyThrough(pat, s.monthly, await click(code))
    const [ref = ''] = await chargeRefs(purchaseId)
    const event = {
      id: 'evt_again',
      occurredAt: clock,
      type: 'invoice.paid' as const,
      subscriptionId: 'sub_none',
      purchaseId,
      invoiceId: 'in_again',
      periodStart: clock,
      periodEnd: new Date(clock.getTime() + 30 * dayMs),
      payment: { paymentRef: ref, amountCents: 2900, feeCents: 290, currency: 'usd' },
    }
    await t.app.billing.applyEvent(event)
    await t.app.billing.applyEvent({ ...event, id: 'evt_again_2' })
    expect(await creatorCommissionRows(s.dana.id)).toEqual([-580])
  })

  it('stops when the creator ends the arrangement, and follows changed terms', async () => {
    const s = await shop()
    const { id, code } = await amyJoins(s, { ...twentyPercentOfEvery, plan_ids: null })
    const changed = await request(t, 'PUT', `/affiliates/${id}`, s.dana, {
      reward_kind: 'fixed',
      amount_cents: 100,
      percent_bps: null,
      payments: 'every',
      plan_ids: null,
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const pat = await person(t, 'pat@example.com')
    await buyThrough(pat, s.monthly, await click(code))
    expect(await creatorCommissionRows(s.dana.id)).toEqual([-100])

    const ended = await request(t, 'POST', `/affiliates/${id}/end`, s.dana)
    expect(ended.statusCode, ended.body).toBe(200)
    expect(CreatorAffiliateAnswer.parse(ended.json()).affiliate.status).toBe('ended')
    await later(31)
    expect(await creatorCommissionRows(s.dana.id)).toEqual([-100])
    // The link no longer counts clicks, and the ended terms cannot change.
    expect((await request(t, 'POST', `/affiliate-links/${code}/clicks`, null)).statusCode).toBe(404)
    const changeEnded = await request(t, 'PUT', `/affiliates/${id}`, s.dana, {
      ...twentyPercentOfEvery,
      plan_ids: null,
    })
    expect(changeEnded.statusCode).toBe(409)
  })
})

describe('attribution', () => {
  it('ignores a forged, a stale and a self-referring click, and the purchase goes ahead', async () => {
    const s = await shop()
    const { amy, code } = await amyJoins(s, { ...twentyPercentOfEvery, plan_ids: null })
    const token = await click(code)
    const [arrangementId, at] = token.split('.')

    const pat = await person(t, 'pat@example.com')
    const forged = await buyThrough(pat, s.pass, `${arrangementId}.${at}.not-the-signature`)
    const quinn = await person(t, 'quinn@example.com')
    clock = new Date(start.getTime() + 31 * dayMs)
    const stale = await buyThrough(quinn, s.pass, token)
    const own = await buyThrough(amy, s.pass, await click(code))

    const referred = await t.database.db.select().from(affiliateReferrals)
    expect(referred.map((r) => r.purchaseId).filter((id) => [forged, stale, own].includes(id))).toEqual([])
    expect(await creatorCommissionRows(s.dana.id)).toEqual([])
  })

  it('counts a visitor’s clicks once a day', async () => {
    const s = await shop()
    const { code } = await amyJoins(s, { ...twentyPercentOfEvery, plan_ids: null })
    await click(code)
    await click(code)
    clock = new Date(start.getTime() + dayMs)
    await click(code)
    expect((await affiliatesOf(s.dana))[0]?.clicks).toBe(2)
  })
})

describe('payouts', () => {
  it('pays the affiliate through their own connected account, out of their commission only', async () => {
    const s = await shop()
    const { amy, code } = await amyJoins(s, { ...twentyPercentOfEvery, plan_ids: null })
    const pat = await person(t, 'pat@example.com')
    await buyThrough(pat, s.monthly, await click(code))
    await later(31)
    expect((await overviewOf(amy)).balance.available_cents).toBe(1160)

    const early = await request(t, 'POST', `/affiliate/${amy.id}/payout`, amy, { amount: 1000 })
    expect(early.statusCode).toBe(409)
    expect(errorOf(early).reason).toBe('NOT_ONBOARDED')

    const link = await request(t, 'POST', `/affiliate/${amy.id}/onboard`, amy, {
      email: 'amy@example.com',
      name: 'Amy Affiliate',
    })
    expect(link.statusCode, link.body).toBe(200)
    const linkId = OnboardAnswer.parse(link.json()).url.split('/').pop() ?? ''
    const done = await sandbox().completeOnboarding(linkId)
    expect(done.redirectUrl).toMatch(/\/affiliate\?onboarding=complete$/)
    expect((await overviewOf(amy)).onboarding.onboarded).toBe(true)

    const over = await request(t, 'POST', `/affiliate/${amy.id}/payout`, amy, { amount: 1161 })
    expect(over.statusCode).toBe(409)
    const res = await request(t, 'POST', `/affiliate/${amy.id}/payout`, amy, { amount: 1000, description: 'Mine' })
    expect(res.statusCode, res.body).toBe(201)
    expect(PayoutAnswer.parse(res.json()).payout).toMatchObject({ amount_cents: 1000, status: 'paid' })

    const after = await overviewOf(amy)
    expect(after.balance).toMatchObject({ available_cents: 160, earned_cents: 1160, paid_out_cents: 1000 })
    const listed = await request(t, 'GET', `/affiliate/${amy.id}/payouts`, amy)
    expect(PayoutsAnswer.parse(listed.json()).payouts.map((p) => p.amount_cents)).toEqual([1000])
    const payoutRows = await t.database.db
      .select({ kind: affiliateLedgerEntries.kind, cents: affiliateLedgerEntries.amountCents })
      .from(affiliateLedgerEntries)
      .where(eq(affiliateLedgerEntries.kind, 'payout'))
    expect(payoutRows).toEqual([{ kind: 'payout', cents: -1000 }])
    // The creator's own payouts and balance know nothing of it.
    const danas = await request(t, 'GET', `/creators/payouts/${s.dana.id}`, s.dana)
    expect(PayoutsAnswer.parse(danas.json()).total).toBe(0)
    expect((await balanceOf(s.dana)).available_cents).toBe(2 * (2610 - 580))

    // The bank sends it back: the money returns to Amy's commission, not to Dana's balance.
    const payout = PayoutAnswer.parse(res.json()).payout
    const [sent] = await sandboxPayoutsOf(payout.id)
    await t.app.billing.applyEvent({
      id: 'evt_payout_failed',
      occurredAt: clock,
      type: 'payout.failed',
      accountId: sent?.accountId ?? '',
      providerPayoutId: sent?.id ?? '',
      payoutId: payout.id,
      failureReason: 'The bank account was closed',
    })
    expect((await overviewOf(amy)).balance).toMatchObject({ available_cents: 1160, paid_out_cents: 0 })
    expect((await balanceOf(s.dana)).available_cents).toBe(2 * (2610 - 580))
  })
})

describe('who may', () => {
  it('refuses other people and creators', async () => {
    const s = await shop()
    const { amy, id } = await amyJoins(s, { ...twentyPercentOfEvery, plan_ids: null })
    const eli = await creator(t, 'eli@example.com', 'EliEdges')
    const pat = await person(t, 'pat@example.com')
    const terms = { ...twentyPercentOfEvery, plan_ids: null }

    expect((await request(t, 'PUT', `/affiliates/${id}`, eli, terms)).statusCode).toBe(403)
    expect((await request(t, 'POST', `/affiliates/${id}/end`, eli)).statusCode).toBe(403)
    expect((await request(t, 'POST', `/affiliates/${id}/end`, amy)).statusCode).toBe(403)
    expect((await request(t, 'GET', `/affiliates/creator/${s.dana.id}`, eli)).statusCode).toBe(403)
    expect((await request(t, 'GET', `/affiliates/creator/${s.dana.id}`, amy)).statusCode).toBe(403)
    expect((await request(t, 'POST', '/affiliates', pat, { email: 'x@example.com', ...terms })).statusCode).toBe(403)
    expect((await request(t, 'GET', `/affiliate/${amy.id}`, pat)).statusCode).toBe(403)
    expect((await request(t, 'GET', `/affiliate/${amy.id}/payouts`, s.dana)).statusCode).toBe(403)
    expect((await request(t, 'POST', `/affiliate/${amy.id}/payout`, pat, { amount: 1000 })).statusCode).toBe(403)
    expect((await request(t, 'GET', `/affiliate/${amy.id}`, null)).statusCode).toBe(401)

    // Someone who never accepted an arrangement cannot open an affiliate's payout account.
    const notYet = await request(t, 'POST', `/affiliate/${pat.id}/onboard`, pat, {
      email: 'pat@example.com',
      name: 'Pat',
    })
    expect(notYet.statusCode).toBe(403)
    expect(errorOf(notYet).reason).toBe('NOT_AN_AFFILIATE')
  })
})
