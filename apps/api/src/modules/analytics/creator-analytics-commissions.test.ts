import {
  AffiliateArrangementAnswer,
  AffiliateClickAnswer,
  CreatePurchaseAnswer,
  CreatorAnalytics,
  CreatorBalance,
} from '@picks/contracts'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addPlan, buy, creator, dayPass, monthlyPlan, onboard } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import { ledgerEntries } from '../ledger/ledger.table.ts'
import { emailOutbox } from '../notifications/notifications.table.ts'
import { creatorDailyFigures } from './analytics.table.ts'

/** Affiliates' commissions in a creator's analytics (decisions 037 and 038): a 10% fee, no hold. */
let t: TestApp
let clock = new Date('2026-11-21T10:00:00Z')

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
})

const at = (iso: string) => new Date(iso)
const commissionKinds = ['affiliate_commission' as const, 'affiliate_commission_reversal' as const]
const db = () => t.database.db

async function analytics(who: Person, query: string): Promise<CreatorAnalytics> {
  const res = await request(t, 'GET', `/creator/analytics/${who.id}${query}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return CreatorAnalytics.parse(res.json())
}

async function lifetimeNet(who: Person): Promise<number> {
  const res = await request(t, 'GET', `/creators/balance/${who.id}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return CreatorBalance.parse(res.json()).lifetime_net_cents
}

/** Amy accepts Dana's invitation to earn 20% of every payment on every plan; a click on her link. */
async function amysClick(dana: Person): Promise<string> {
  const invited = await request(t, 'POST', '/affiliates', dana, {
    email: 'amy@example.com',
    reward_kind: 'percent',
    percent_bps: 2000,
    amount_cents: null,
    payments: 'every',
    plan_ids: null,
  })
  expect(invited.statusCode, invited.body).toBe(201)
  const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'affiliate_invite'))
  const token = mail?.textBody.match(/\/affiliate\?invite=([A-Za-z0-9_-]+)/)?.[1] ?? ''
  const amy = await person(t, 'amy@example.com')
  const accepted = await request(t, 'POST', '/affiliates/accept', amy, { token })
  expect(accepted.statusCode, accepted.body).toBe(200)
  const code = new URL(AffiliateArrangementAnswer.parse(accepted.json()).arrangement.link).searchParams.get('aff')
  const clicked = await request(t, 'POST', `/affiliate-links/${code}/clicks`, null)
  expect(clicked.statusCode, clicked.body).toBe(200)
  return AffiliateClickAnswer.parse(clicked.json()).click
}

/**
 * Dana sells Monthly ($29.00) and a day pass ($10.00); the fee is 10%.
 *
 * - 21 Nov 10:00 Pat subscribes monthly through Amy's link: charge 2900, fee 290, Amy's 20% 580.
 * - 21 Nov 11:00 Lee buys a day pass on his own: charge 1000, fee 100, no commission.
 * - 22 Nov 15:00 half of Pat's charge is refunded: refund 1450, 145 of the fee and 290 of Amy's
 *   commission come back to Dana.
 *
 * Net: 3900 − (390 − 145) − 1450 − (580 − 290) = 1915.
 */
async function world(): Promise<Person> {
  clock = at('2026-11-01T08:00:00Z')
  const dana = await creator(t, 'dana@example.com', 'SharpDana')
  await onboard(t, dana)
  const monthly = (await addPlan(t, dana, monthlyPlan)).id
  const pass = (await addPlan(t, dana, { ...dayPass, price_cents: 1000 })).id
  const click = await amysClick(dana)
  expect(await lifetimeNet(dana)).toBe(0)

  clock = at('2026-11-21T10:00:00Z')
  const pat = await person(t, 'pat@example.com')
  const started = await request(t, 'POST', '/purchases', pat, { plan_id: monthly, affiliate_click: click })
  expect(started.statusCode, started.body).toBe(201)
  const sessionId = CreatePurchaseAnswer.parse(started.json()).checkout_url.split('/').pop() ?? ''
  await t.app.billing.sandbox?.payCheckout(sessionId, 'succeeds')
  clock = at('2026-11-21T11:00:00Z')
  await buy(t, await person(t, 'lee@example.com'), pass)

  clock = at('2026-11-22T15:00:00Z')
  const [charge] = await db()
    .select({ ref: ledgerEntries.providerRef })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.creatorId, dana.id), eq(ledgerEntries.kind, 'charge')))
    .orderBy(asc(ledgerEntries.occurredAt))
  await t.app.billing.provider.refund({ paymentRef: charge?.ref ?? '', amountCents: 1450, idempotencyKey: 'half' })
  // The ledger's commission rows: Amy's 20% of 2900, and half of it back with the refund.
  const commissions = await db()
    .select({ cents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.creatorId, dana.id), inArray(ledgerEntries.kind, commissionKinds)))
    .orderBy(asc(ledgerEntries.occurredAt))
  expect(commissions.map((c) => c.cents)).toEqual([-580, 290])
  return dana
}

const money = (f: CreatorAnalytics['current'] | null) => ({
  gross_sales_cents: f?.gross_sales_cents,
  platform_fees_cents: f?.platform_fees_cents,
  refunds_cents: f?.refunds_cents,
  affiliate_commission_cents: f?.affiliate_commission_cents,
  net_earnings_cents: f?.net_earnings_cents,
})
const handFigures = {
  gross_sales_cents: 3900,
  platform_fees_cents: 245,
  refunds_cents: 1450,
  affiliate_commission_cents: 290,
  net_earnings_cents: 1915,
}
const noMoney = {
  gross_sales_cents: 0,
  platform_fees_cents: 0,
  refunds_cents: 0,
  affiliate_commission_cents: 0,
  net_earnings_cents: 0,
}

describe('affiliates’ commissions in GET /api/creator/analytics/{id}', () => {
  it('takes the commission net of its reversal out of net earnings, as the balance does, live and stored', async () => {
    const dana = await world()
    clock = at('2026-11-22T18:00:00Z')
    const live = await analytics(dana, '?timeframe=30d')
    expect(money(live.current)).toEqual(handFigures)
    expect(money(live.previous)).toEqual(noMoney)
    // What the period added to Dana's balance.
    expect(await lifetimeNet(dana)).toBe(handFigures.net_earnings_cents)
    const day = (report: CreatorAnalytics, d: string) => report.series.find((p) => p.start === `${d}T00:00:00.000Z`)
    // 21 Nov: 2900 + 1000 − 290 − 100 − 580. 22 Nov: −1450 + 145 + 290.
    expect(day(live, '2026-11-21')).toMatchObject({
      gross_sales_cents: 3900,
      affiliate_commission_cents: 580,
      net_earnings_cents: 2930,
    })
    expect(day(live, '2026-11-22')).toMatchObject({
      gross_sales_cents: 0,
      affiliate_commission_cents: -290,
      net_earnings_cents: -1015,
    })
    expect(live.series.reduce((s, p) => s + p.net_earnings_cents, 0)).toBe(1915)
    expect(live.series.reduce((s, p) => s + p.affiliate_commission_cents, 0)).toBe(290)
    expect(live.by_plan.map((p) => [p.plan_name, p.gross_sales_cents, p.net_earnings_cents])).toEqual([
      // 2900 − 290 − 580, then −1450 + 145 + 290.
      ['Monthly', 2900, 1015],
      ['Day pass', 1000, 900],
    ])
    // The 22nd is still live (today): only the 21st is stored.
    const storedDays = async () =>
      (await db().select().from(creatorDailyFigures).where(eq(creatorDailyFigures.creatorId, dana.id)))
        .filter((row) => row.metric === 'commission')
        .map((row) => [row.day, row.value])
    expect(await storedDays()).toEqual([['2026-11-21', 580]])

    // A week later both days are settled and stored, the commission with them; the figures are the same.
    clock = at('2026-11-30T12:00:00Z')
    const stored = await analytics(dana, '?timeframe=30d')
    expect((await storedDays()).sort()).toEqual([
      ['2026-11-21', 580],
      ['2026-11-22', -290],
    ])
    expect(money(stored.current)).toEqual(handFigures)
    expect(day(stored, '2026-11-21')).toEqual(day(live, '2026-11-21'))
    expect(day(stored, '2026-11-22')).toEqual(day(live, '2026-11-22'))
    expect(stored.by_plan).toEqual(live.by_plan)
    // The 7 days to 30 Nov hold none of it; the 7 before (16 to 23 Nov 12:00) all of it, from the store.
    const week = await analytics(dana, '?timeframe=7d')
    expect(money(week.current)).toEqual(noMoney)
    expect(money(week.previous)).toEqual(handFigures)
    expect(money((await analytics(dana, '?timeframe=all')).current)).toEqual(handFigures)
    expect(await lifetimeNet(dana)).toBe(handFigures.net_earnings_cents)
  })
})
