import { CreatorAnalytics, ErrorBody, analyticsMessages } from '@picks/contracts'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addPlan, buy, creator, dayPass, monthlyPlan, onboard } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import { insertPick } from '../alerts/alerts-test-support.ts'
import { alertDeliveries } from '../alerts/alerts.table.ts'
import { creatorReferralSignups, creatorReferralVisits } from '../creators/creator-links.table.ts'
import { bookCharge } from '../ledger/ledger.service.ts'
import { ledgerEntries } from '../ledger/ledger.table.ts'
import { picks } from '../picks/picks.table.ts'
import { promoCodes } from '../promotions/promotions.table.ts'
import { purchases } from '../purchases/purchases.table.ts'
import { creatorDailyFigures } from './analytics.table.ts'
import { settleAllCreators } from './creator-analytics.ts'

let t: TestApp
let clock = new Date('2026-11-23T12:00:00Z')

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = new Date('2026-11-23T12:00:00Z')
})

const at = (iso: string) => new Date(iso)
const db = () => t.database.db

/** Moves the clock and runs the billing that is due then (renewals, trial ends, ends at period end). */
async function runAt(iso: string): Promise<void> {
  clock = at(iso)
  await t.app.billing.runDue(clock)
}

/** Refunds part of the purchase's latest charge, as the provider's refund event books it. */
async function refundLatest(purchaseId: string, amountCents: number): Promise<void> {
  const [charge] = await db()
    .select({ ref: ledgerEntries.providerRef })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.purchaseId, purchaseId), eq(ledgerEntries.kind, 'charge')))
    .orderBy(desc(ledgerEntries.occurredAt))
    .limit(1)
  if (!charge) throw new Error(`no charge for ${purchaseId}`)
  await t.app.billing.provider.refund({
    paymentRef: charge.ref,
    amountCents,
    idempotencyKey: `refund:${charge.ref}:${amountCents}`,
  })
}

async function markReferred(purchaseId: string): Promise<void> {
  await db()
    .update(purchases)
    .set({ referralSource: 'share_link', referralCode: 'dana-link-code', referredAt: clock })
    .where(eq(purchases.id, purchaseId))
}

async function gradedPick(
  creatorId: string,
  graded: string,
  pick: { sport: string; betType: 'moneyline' | 'spread'; result: 'won' | 'lost' | 'push'; odds: number },
): Promise<string> {
  const row = await insertPick(db(), creatorId, { now: at('2026-10-20T08:00:00Z') })
  await db()
    .update(picks)
    .set({
      sport: pick.sport,
      betType: pick.betType,
      odds: pick.odds,
      result: pick.result,
      gradedAt: at(graded),
      gradedBy: 'auto',
    })
    .where(eq(picks.id, row.id))
  return row.id
}

/**
 * Today is Monday 23 November 2026, 12:00 UTC; the fee is 10%. Dana sells Monthly ($29.00), Trial
 * monthly ($29.00 after 7 free days) and Day pass ($10.00):
 *
 * - 30 Sep 10:00 Lee subscribes monthly; renewed 30 Oct 10:00; Lee ends it at once on 15 Nov 12:00.
 * - 20 Oct 10:00 Pat subscribes monthly; renewed 20 Nov 10:00, of which $10.00 refunded on 21 Nov 15:00.
 * - 1 Nov 09:00 Sam starts a trial; paid for when it ends on 8 Nov 09:00 (it converts).
 * - 2 Nov 09:00 Kim starts a trial; cancels it on 4 Nov 09:00; it ends on 9 Nov 09:00 unpaid.
 * - 5 Nov 10:00 Bo subscribes monthly with HALF (50% off forever): charged $14.50.
 * - 10 Nov 10:00 Ann (signed up through the link on 9 Nov) buys a day pass through the link: her first.
 * - 12 Nov 10:00 Lee buys a day pass through the link: not his first purchase from Dana.
 */
async function world(): Promise<{ dana: Person; admin: Person; lees: string }> {
  clock = at('2026-09-01T08:00:00Z')
  const dana = await creator(t, 'dana@example.com', 'SharpDana')
  await onboard(t, dana)
  const monthly = (await addPlan(t, dana, monthlyPlan)).id
  const trial = (await addPlan(t, dana, { ...monthlyPlan, name: 'Trial monthly', trial_days: 7 })).id
  await request(t, 'PUT', `/subscription-pricing/${trial}`, dana, { active: true })
  const pass = (await addPlan(t, dana, { ...dayPass, price_cents: 1000 })).id
  const [lee, pat, sam, kim, bo, ann] = [
    await person(t, 'lee@example.com'),
    await person(t, 'pat@example.com'),
    await person(t, 'sam@example.com'),
    await person(t, 'kim@example.com'),
    await person(t, 'bo@example.com'),
    await person(t, 'ann@example.com'),
  ]
  const admin = await person(t, 'admin@example.com', 'admin')

  clock = at('2026-09-30T10:00:00Z')
  const lees = await buy(t, lee, monthly)
  clock = at('2026-10-20T10:00:00Z')
  const pats = await buy(t, pat, monthly)
  await runAt('2026-10-30T10:00:00Z')
  clock = at('2026-11-01T09:00:00Z')
  await buy(t, sam, trial)
  clock = at('2026-11-02T09:00:00Z')
  const kims = await buy(t, kim, trial)
  clock = at('2026-11-04T09:00:00Z')
  const cancelled = await request(t, 'DELETE', `/purchases/${kims}`, kim)
  expect(cancelled.statusCode, cancelled.body).toBe(200)

  // Bo's purchase with a code, as checkout stores it, and its discounted charge booked by the ledger.
  clock = at('2026-11-05T10:00:00Z')
  const [code] = await db()
    .insert(promoCodes)
    .values({ creatorId: dana.id, code: 'HALF', discountKind: 'percent', percentOff: 50, duration: 'forever' })
    .returning()
  const [bos] = await db()
    .insert(purchases)
    .values({
      userId: bo.id,
      creatorId: dana.id,
      planId: monthly,
      planName: 'Monthly',
      kind: 'subscription',
      interval: 'month',
      priceCents: 2900,
      feeBps: 1000,
      status: 'active',
      autoRenewal: true,
      currentPeriodStart: clock,
      currentPeriodEnd: at('2026-12-05T10:00:00Z'),
      provider: 'sandbox',
      promoCodeId: code?.id,
      promoCode: 'HALF',
      discountKind: 'percent',
      percentOff: 50,
      discountDuration: 'forever',
      createdAt: clock,
      updatedAt: clock,
    })
    .returning()
  if (!bos) throw new Error('no purchase for Bo')
  await bookCharge(db(), {
    creatorId: dana.id,
    purchaseId: bos.id,
    charge: { paymentRef: 'bo-first-payment', amountCents: 1450, feeCents: 145, currency: 'usd' },
    occurredAt: clock,
    holdDays: 7,
    description: 'Monthly (HALF)',
  })

  await runAt('2026-11-08T09:00:00Z')
  await runAt('2026-11-09T09:00:00Z')
  clock = at('2026-11-10T10:00:00Z')
  await markReferred(await buy(t, ann, pass))
  clock = at('2026-11-12T10:00:00Z')
  await markReferred(await buy(t, lee, pass))
  clock = at('2026-11-15T12:00:00Z')
  const ended = await request(t, 'DELETE', `/purchases/${lees}?cancelImmediately=true`, lee)
  expect(ended.statusCode, ended.body).toBe(200)
  await runAt('2026-11-20T10:00:00Z')
  clock = at('2026-11-21T15:00:00Z')
  await refundLatest(pats, 1000)

  // The share link: two visits in the 30 days and one before; Ann signed up through it.
  await db()
    .insert(creatorReferralVisits)
    .values(
      ['2026-10-01T10:00:00Z', '2026-11-09T08:00:00Z', '2026-11-12T09:00:00Z'].map((visited, i) => ({
        creatorId: dana.id,
        code: 'dana-link-code',
        visitedAt: at(visited),
        visitorHash: String(i).repeat(64),
      })),
    )
  await db()
    .insert(creatorReferralSignups)
    .values({
      userId: ann.id,
      creatorId: dana.id,
      code: 'dana-link-code',
      visitedAt: at('2026-11-09T08:00:00Z'),
      signedUpAt: at('2026-11-09T08:30:00Z'),
    })

  // Picks graded right at the 30 days' start (in) and a millisecond before it (out).
  await gradedPick(dana.id, '2026-10-24T12:00:00.000Z', {
    sport: 'nba',
    betType: 'moneyline',
    result: 'won',
    odds: -110,
  })
  await gradedPick(dana.id, '2026-10-24T11:59:59.999Z', {
    sport: 'nba',
    betType: 'moneyline',
    result: 'lost',
    odds: 120,
  })
  const nfl = await gradedPick(dana.id, '2026-11-18T04:00:00Z', {
    sport: 'nfl',
    betType: 'spread',
    result: 'push',
    odds: -105,
  })
  await insertPick(db(), dana.id, { now: at('2026-11-23T10:00:00Z') })

  // Alerts of the NFL pick: an e-mail sent, a text delivered, an e-mail failed; one failed before.
  const delivery = (
    recipient: Person,
    channel: 'email' | 'sms',
    status: 'sent' | 'delivered' | 'failed',
    when: string,
  ) =>
    db()
      .insert(alertDeliveries)
      .values({
        kind: 'pick',
        pickId: nfl,
        creatorId: dana.id,
        recipientId: recipient.id,
        channel,
        destination: channel === 'email' ? recipient.email : '+15550001111',
        status,
        createdAt: at(when),
        ...(status === 'failed' ? { failedAt: at(when), error: '550 No such user' } : { sentAt: at(when) }),
      })
  await delivery(pat, 'email', 'sent', '2026-11-10T12:00:00Z')
  await delivery(pat, 'sms', 'delivered', '2026-11-11T12:00:00Z')
  await delivery(sam, 'email', 'failed', '2026-11-12T12:00:00Z')
  await delivery(lee, 'email', 'failed', '2026-10-20T12:00:00Z')

  clock = at('2026-11-23T12:00:00Z')
  return { dana, admin, lees }
}

async function analytics(who: Person, creatorId: string, query = ''): Promise<CreatorAnalytics> {
  const res = await request(t, 'GET', `/creator/analytics/${creatorId}${query}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return CreatorAnalytics.parse(res.json())
}

const noTrials = { trial_starts: 0, trial_conversions: 0, trial_conversion_rate: null }

describe('GET /api/creator/analytics/{id}', () => {
  it('counts the last 30 days and the 30 before from the ledger, purchases, picks and deliveries', async () => {
    const { dana } = await world()
    const report = await analytics(dana, dana.id, '?timeframe=30d')
    expect(report).toMatchObject({
      creator_id: dana.id,
      timeframe: '30d',
      from: '2026-10-24T12:00:00.000Z',
      to: '2026-11-23T12:00:00.000Z',
      bucket: 'day',
    })
    // Charges: Lee 2900, Sam 2900, Bo 1450, Ann 1000, Lee 1000, Pat 2900 = 12150; fees 10% of each
    // (1215) less the 100 given back with Pat's refund of 1000; net 12150 − 1115 − 1000.
    expect(report.current).toEqual({
      gross_sales_cents: 12_150,
      platform_fees_cents: 1115,
      net_earnings_cents: 10_035,
      refunds_cents: 1000,
      affiliate_commission_cents: 0,
      // Pat 2900 + Sam 2900 + Bo 1450 (half, forever).
      mrr_cents: 7250,
      active_subscribers: 3,
      new_subscribers: 3,
      // Kim (set to end on 4 Nov) and Lee (ended on 15 Nov).
      cancellations: 2,
      // Ended in the period (Kim, Lee) over live at its start (Lee, Pat) plus started in it (Sam, Kim, Bo).
      churn_rate: 0.4,
      trial_starts: 2,
      trial_conversions: 1,
      trial_conversion_rate: 0.5,
      passes_sold: 2,
    })
    // 24 Sep 12:00 to 24 Oct 12:00: Lee's and Pat's first payments.
    expect(report.previous).toEqual({
      gross_sales_cents: 5800,
      platform_fees_cents: 580,
      net_earnings_cents: 5220,
      refunds_cents: 0,
      affiliate_commission_cents: 0,
      mrr_cents: 5800,
      active_subscribers: 2,
      new_subscribers: 2,
      cancellations: 0,
      churn_rate: 0,
      ...noTrials,
      passes_sold: 0,
    })
    expect(report.by_plan).toEqual([
      {
        plan_id: expect.any(String),
        plan_name: 'Monthly',
        kind: 'subscription',
        // Lee 2900 + Bo 1450 + Pat 2900; fees 290 + 145 + 290 − 100; Pat's refund 1000.
        gross_sales_cents: 7250,
        net_earnings_cents: 5625,
        new_subscribers: 1,
        passes_sold: 0,
        active_subscribers: 2,
      },
      {
        plan_id: expect.any(String),
        plan_name: 'Trial monthly',
        kind: 'subscription',
        gross_sales_cents: 2900,
        net_earnings_cents: 2610,
        new_subscribers: 2,
        passes_sold: 0,
        active_subscribers: 1,
      },
      {
        plan_id: expect.any(String),
        plan_name: 'Day pass',
        kind: 'one_time',
        gross_sales_cents: 2000,
        net_earnings_cents: 1800,
        new_subscribers: 0,
        passes_sold: 2,
        active_subscribers: 0,
      },
    ])
    expect(report.funnel).toEqual({ visits: 2, signups: 1, first_purchases: 1 })
    expect(report.promo).toEqual({
      redemptions: 1,
      discount_cents: 1450,
      by_code: [{ code: 'HALF', redemptions: 1, discount_cents: 1450 }],
    })
    expect(report.record).toEqual({
      // The win graded at the period's first instant; the loss a millisecond before is outside.
      overall: { wins: 1, losses: 0, pushes: 1, net_units: 0.91, units_risked: 2, roi_pct: 45.5, picks: 2 },
      by_sport: [
        { sport: 'nba', wins: 1, losses: 0, pushes: 0, net_units: 0.91, units_risked: 1, roi_pct: 90.9, picks: 1 },
        { sport: 'nfl', wins: 0, losses: 0, pushes: 1, net_units: 0, units_risked: 1, roi_pct: 0, picks: 1 },
      ],
      by_bet_type: [
        {
          bet_type: 'moneyline',
          wins: 1,
          losses: 0,
          pushes: 0,
          net_units: 0.91,
          units_risked: 1,
          roi_pct: 90.9,
          picks: 1,
        },
        { bet_type: 'spread', wins: 0, losses: 0, pushes: 1, net_units: 0, units_risked: 1, roi_pct: 0, picks: 1 },
      ],
    })
    expect(report.deliveries).toEqual([
      { channel: 'email', sent: 1, failed: 1 },
      { channel: 'sms', sent: 1, failed: 0 },
    ])

    // Every day from 24 Oct to 23 Nov; the series adds up to the period's figures.
    expect(report.series).toHaveLength(31)
    expect(report.series[0]?.start).toBe('2026-10-24T00:00:00.000Z')
    expect(report.series.reduce((s, p) => s + p.net_earnings_cents, 0)).toBe(10_035)
    expect(report.series.reduce((s, p) => s + p.gross_sales_cents, 0)).toBe(12_150)
    const day = (d: string) => report.series.find((p) => p.start === `${d}T00:00:00.000Z`)
    expect(day('2026-10-24')).toEqual({
      start: '2026-10-24T00:00:00.000Z',
      net_earnings_cents: 0,
      gross_sales_cents: 0,
      affiliate_commission_cents: 0,
      new_subscribers: 0,
      cancelled_subscribers: 0,
      active_subscribers: 2,
    })
    expect(day('2026-10-30')).toMatchObject({
      net_earnings_cents: 2610,
      gross_sales_cents: 2900,
      active_subscribers: 2,
    })
    expect(day('2026-11-02')).toMatchObject({ new_subscribers: 1, active_subscribers: 4 })
    expect(day('2026-11-04')).toMatchObject({ cancelled_subscribers: 1, active_subscribers: 4 })
    expect(day('2026-11-05')).toMatchObject({ new_subscribers: 1, net_earnings_cents: 1305, active_subscribers: 5 })
    expect(day('2026-11-09')).toMatchObject({ cancelled_subscribers: 0, active_subscribers: 4 })
    expect(day('2026-11-15')).toMatchObject({ cancelled_subscribers: 1, active_subscribers: 3 })
    // The refund day: 1000 back to Pat, 100 of the fee back to Dana.
    expect(day('2026-11-21')).toMatchObject({ net_earnings_cents: -900, gross_sales_cents: 0 })
    expect(day('2026-11-23')).toMatchObject({ active_subscribers: 3 })
  })

  it('answers the same from the stored days as computed live, and stores each settled day once', async () => {
    const { dana } = await world()
    const first = await analytics(dana, dana.id, '?timeframe=90d')
    const stored = await db().select().from(creatorDailyFigures).where(eq(creatorDailyFigures.creatorId, dana.id))
    // A day is stored once it is over: up to 22 November, today (23 November) stays live.
    expect(stored.some((row) => row.day === '2026-11-22')).toBe(true)
    expect(stored.every((row) => row.day < '2026-11-23')).toBe(true)
    const again = await analytics(dana, dana.id, '?timeframe=90d')
    expect({ ...again, generated_at: null }).toEqual({ ...first, generated_at: null })
    expect(
      await db().select().from(creatorDailyFigures).where(eq(creatorDailyFigures.creatorId, dana.id)),
    ).toHaveLength(stored.length)
    // A week later, the days settled since are stored and the figures of a fixed day do not move.
    clock = at('2026-11-30T12:00:00Z')
    const later = await analytics(dana, dana.id, '?timeframe=90d')
    expect(later.series.find((p) => p.start === '2026-11-16T00:00:00.000Z')).toEqual(
      first.series.find((p) => p.start === '2026-11-16T00:00:00.000Z'),
    )
  })

  it('settles, for all creators at once, only those with days to settle', async () => {
    const { dana } = await world()
    const idle = await creator(t, 'idle@example.com', 'IdleIvy')
    expect(await settleAllCreators(db(), clock)).toBe(1)
    const stored = await db()
      .select({ creatorId: creatorDailyFigures.creatorId, day: creatorDailyFigures.day })
      .from(creatorDailyFigures)
    expect(stored.some((row) => row.creatorId === dana.id && row.day === '2026-11-22')).toBe(true)
    expect(stored.some((row) => row.creatorId === idle.id)).toBe(false)
    // Nothing left to settle the same day; two days later, Dana's two new settled days.
    expect(await settleAllCreators(db(), clock)).toBe(0)
    clock = at('2026-11-25T12:00:00Z')
    expect(await settleAllCreators(db(), clock)).toBe(1)
    const later = await db()
      .select({ day: creatorDailyFigures.day })
      .from(creatorDailyFigures)
      .where(eq(creatorDailyFigures.creatorId, dana.id))
    expect(later.some((row) => row.day === '2026-11-24')).toBe(true)
  })

  it('forgets the stored days from a late change on, and counts it', async () => {
    const { dana, lees } = await world()
    const first = await analytics(dana, dana.id, '?timeframe=30d')
    // A provider's charge for 10 November arrives today, and Lee's end is reported a day earlier.
    await bookCharge(db(), {
      creatorId: dana.id,
      purchaseId: lees,
      charge: { paymentRef: 'late-payment', amountCents: 500, feeCents: 50, currency: 'usd' },
      occurredAt: at('2026-11-10T10:00:00Z'),
      holdDays: 7,
      description: 'Monthly',
    })
    const kept = await db().select().from(creatorDailyFigures).where(eq(creatorDailyFigures.creatorId, dana.id))
    expect(kept.every((row) => row.day < '2026-11-10')).toBe(true)
    const later = await analytics(dana, dana.id, '?timeframe=30d')
    expect(later.current.gross_sales_cents).toBe(first.current.gross_sales_cents + 500)
    expect(later.current.platform_fees_cents).toBe(first.current.platform_fees_cents + 50)
    const day = (report: CreatorAnalytics, d: string) => report.series.find((p) => p.start.startsWith(d))
    expect(day(later, '2026-11-10')?.gross_sales_cents).toBe((day(first, '2026-11-10')?.gross_sales_cents ?? 0) + 500)
    await db()
      .update(purchases)
      .set({ endedAt: at('2026-11-14T12:00:00Z') })
      .where(eq(purchases.id, lees))
    const moved = await analytics(dana, dana.id, '?timeframe=30d')
    expect(day(moved, '2026-11-14')?.active_subscribers).toBe((day(later, '2026-11-14')?.active_subscribers ?? 0) - 1)
    expect(moved.current.active_subscribers).toBe(later.current.active_subscribers)
    // A bounce turns 10 November's sent e-mail into a failure, and a visit of 12 November is recorded late.
    await db()
      .update(alertDeliveries)
      .set({ status: 'failed', failedAt: at('2026-11-10T12:05:00Z'), error: '550 Mailbox full' })
      .where(and(eq(alertDeliveries.creatorId, dana.id), eq(alertDeliveries.status, 'sent')))
    await db()
      .insert(creatorReferralVisits)
      .values({
        creatorId: dana.id,
        code: 'dana-link-code',
        visitedAt: at('2026-11-12T10:00:00Z'),
        visitorHash: 'f'.repeat(64),
      })
    const kept2 = await db().select().from(creatorDailyFigures).where(eq(creatorDailyFigures.creatorId, dana.id))
    expect(kept2.every((row) => row.day < '2026-11-10')).toBe(true)
    const bounced = await analytics(dana, dana.id, '?timeframe=30d')
    expect(bounced.deliveries.find((d) => d.channel === 'email')).toEqual({ channel: 'email', sent: 0, failed: 2 })
    expect(bounced.funnel.visits).toBe(moved.funnel.visits + 1)
  })

  it('cuts the 7 days at their first instant, the day split between the two periods', async () => {
    const { dana } = await world()
    const report = await analytics(dana, dana.id, '?timeframe=7d')
    expect(report.from).toBe('2026-11-16T12:00:00.000Z')
    // 16 Nov 12:00 on: Pat's renewal (2900, fee 290) and the refund (1000, 100 of the fee back).
    expect(report.current).toMatchObject({
      gross_sales_cents: 2900,
      platform_fees_cents: 190,
      refunds_cents: 1000,
      net_earnings_cents: 1710,
      new_subscribers: 0,
      cancellations: 0,
      churn_rate: 0,
      active_subscribers: 3,
    })
    // 9 Nov 12:00 to 16 Nov 12:00: the two passes; Lee ended (Kim's trial ended at 09:00, before).
    expect(report.previous).toMatchObject({
      gross_sales_cents: 2000,
      platform_fees_cents: 200,
      net_earnings_cents: 1800,
      passes_sold: 2,
      cancellations: 1,
      churn_rate: 0.25,
      active_subscribers: 3,
    })
    expect(report.series.map((p) => p.start.slice(0, 10))).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
    ])
    expect(report.record.overall).toMatchObject({ pushes: 1, picks: 1 })
  })

  it('by default covers everything since the first sale, by month, with no period before', async () => {
    const { dana, admin } = await world()
    const report = await analytics(admin, dana.id)
    expect(report).toMatchObject({ timeframe: 'all', from: null, bucket: 'month', previous: null })
    expect(report.current).toMatchObject({
      gross_sales_cents: 17_950,
      platform_fees_cents: 1695,
      net_earnings_cents: 15_255,
      new_subscribers: 5,
      cancellations: 2,
      churn_rate: 0.4,
      active_subscribers: 3,
    })
    expect(report.series).toEqual([
      {
        start: '2026-09-01T00:00:00.000Z',
        net_earnings_cents: 2610,
        gross_sales_cents: 2900,
        affiliate_commission_cents: 0,
        new_subscribers: 1,
        cancelled_subscribers: 0,
        active_subscribers: 1,
      },
      {
        start: '2026-10-01T00:00:00.000Z',
        net_earnings_cents: 5220,
        gross_sales_cents: 5800,
        affiliate_commission_cents: 0,
        new_subscribers: 1,
        cancelled_subscribers: 0,
        active_subscribers: 2,
      },
      {
        start: '2026-11-01T00:00:00.000Z',
        net_earnings_cents: 7425,
        gross_sales_cents: 9250,
        affiliate_commission_cents: 0,
        new_subscribers: 3,
        cancelled_subscribers: 2,
        active_subscribers: 3,
      },
    ])
    expect(report.record.overall).toMatchObject({ wins: 1, losses: 1, pushes: 1, picks: 3 })
    expect(report.deliveries[0]).toEqual({ channel: 'email', sent: 1, failed: 2 })
  })

  it('is empty for a creator with nothing sold yet', async () => {
    const rita = await creator(t, 'rita@example.com', 'RivalRita')
    const report = await analytics(rita, rita.id, '?timeframe=1y')
    expect(report.current).toEqual({
      gross_sales_cents: 0,
      platform_fees_cents: 0,
      net_earnings_cents: 0,
      refunds_cents: 0,
      affiliate_commission_cents: 0,
      mrr_cents: 0,
      active_subscribers: 0,
      new_subscribers: 0,
      cancellations: 0,
      churn_rate: null,
      ...noTrials,
      passes_sold: 0,
    })
    expect(report.series).toHaveLength(13)
    expect(report.series.every((p) => p.net_earnings_cents === 0 && p.active_subscribers === 0)).toBe(true)
    expect(report.by_plan).toEqual([])
    expect(report.promo).toEqual({ redemptions: 0, discount_cents: 0, by_code: [] })
    expect(report.record.by_sport).toEqual([])
  })

  it('is for the creator and verified admins only, names a bad timeframe, and 404s an unknown creator', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const rita = await creator(t, 'rita@example.com', 'RivalRita')
    const tess = await person(t, 'tess@example.com')
    const status = async (who: Person | null, id: string, query = '') =>
      (await request(t, 'GET', `/creator/analytics/${id}${query}`, who)).statusCode
    expect(await status(dana, dana.id)).toBe(200)
    expect(await status(null, dana.id)).toBe(401)
    expect(await status(rita, dana.id)).toBe(403)
    expect(await status(tess, dana.id)).toBe(403)
    expect(await status(tess, tess.id)).toBe(403)
    const unverified = await person(t, 'ops@example.com', 'unverifiedAdmin')
    expect(await status(unverified, dana.id)).toBe(403)
    const admin = await person(t, 'root@example.com', 'admin')
    expect(await status(admin, dana.id, '?timeframe=90d')).toBe(200)
    expect(await status(admin, '6f1c1e5e-8d1b-4c7e-9a55-0b7d2f2b1a11')).toBe(404)
    expect(await status(admin, tess.id)).toBe(404)

    const bad = await request(t, 'GET', `/creator/analytics/${dana.id}?timeframe=2w`, dana)
    expect(bad.statusCode).toBe(400)
    const body = ErrorBody.parse(bad.json())
    expect(body.error.details?.map((d) => d.field)).toEqual(['query.timeframe'])
    expect(body.error.details?.[0]?.message).toBe(analyticsMessages.timeframe)
    const badId = await request(t, 'GET', '/creator/analytics/not-a-uuid', admin)
    expect(ErrorBody.parse(badId.json()).error.details?.map((d) => d.field)).toEqual(['params.id'])
  })
})
