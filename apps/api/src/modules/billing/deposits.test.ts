import { DepositsAnswer, DepositStats, ErrorBody } from '@picks/contracts'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addPlan, buy, creator, dayPass, monthlyPlan, onboard } from '../../test/payments.ts'
import { enterAdminPassword, person, request, type Person } from '../../test/people.ts'
import { ledgerEntries } from '../ledger/ledger.table.ts'

type Deposits = z.infer<typeof DepositsAnswer>

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

function errorOf(res: { body: string }) {
  return ErrorBody.parse(JSON.parse(res.body)).error
}

async function chargeOf(purchaseId: string): Promise<string> {
  const [row] = await t.database.db
    .select({ ref: ledgerEntries.providerRef })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.purchaseId, purchaseId), eq(ledgerEntries.kind, 'charge')))
    .orderBy(asc(ledgerEntries.occurredAt))
    .limit(1)
  if (!row) throw new Error(`no charge for ${purchaseId}`)
  return row.ref
}

async function refund(purchaseId: string, amountCents: number): Promise<void> {
  const paymentRef = await chargeOf(purchaseId)
  await t.app.billing.provider.refund({
    paymentRef,
    amountCents,
    idempotencyKey: `refund:${paymentRef}:${amountCents}`,
  })
}

/**
 * Three payments: Pat's $29.00 monthly to Dana (Nov 20, refunded in full), Sam's $9.99 day pass
 * from Dana (Nov 21, $5.00 refunded) and Lee's $19.00 monthly to Eli (Nov 22).
 */
async function threeDeposits() {
  const dana = await creator(t, 'dana@example.com', 'SharpDana')
  const eli = await creator(t, 'eli@example.com', 'EliEdges')
  await onboard(t, dana)
  await onboard(t, eli)
  const danaMonthly = (await addPlan(t, dana, monthlyPlan)).id
  const danaPass = (await addPlan(t, dana, dayPass)).id
  const eliMonthly = (await addPlan(t, eli, { ...monthlyPlan, price_cents: 1900 })).id
  const pat = await person(t, 'pat@example.com')
  const sam = await person(t, 'sam@example.com')
  const lee = await person(t, 'lee@example.com')
  clock = new Date('2026-11-20T10:00:00Z')
  const patPurchase = await buy(t, pat, danaMonthly)
  clock = new Date('2026-11-21T10:00:00Z')
  const samPurchase = await buy(t, sam, danaPass)
  clock = new Date('2026-11-22T10:00:00Z')
  const leePurchase = await buy(t, lee, eliMonthly)
  clock = new Date('2026-11-23T12:00:00Z')
  await refund(patPurchase, 2900)
  await refund(samPurchase, 500)
  const admin = await person(t, 'admin@example.com', 'admin')
  return { dana, eli, pat, sam, lee, admin, patPurchase, samPurchase, leePurchase }
}

async function deposits(admin: Person, query = ''): Promise<Deposits> {
  const res = await request(t, 'GET', `/deposits${query}`, admin)
  expect(res.statusCode, res.body).toBe(200)
  return DepositsAnswer.parse(res.json())
}

describe('GET /api/deposits', () => {
  it('lists every incoming payment newest first, with its fee kept and what was refunded', async () => {
    const { dana, eli, pat, sam, lee, admin, patPurchase, samPurchase, leePurchase } = await threeDeposits()
    const answer = await deposits(admin)
    expect(answer).toMatchObject({ total: 3, page: 1, limit: 20 })
    expect(answer.deposits).toEqual([
      {
        id: expect.any(String),
        purchase_id: leePurchase,
        user_id: lee.id,
        customer_name: 'Pat Bettor',
        creator_id: eli.id,
        creator_username: 'EliEdges',
        amount_cents: 1900,
        fee_cents: 190,
        refunded_cents: 0,
        currency: 'usd',
        status: 'succeeded',
        occurred_at: '2026-11-22T10:00:00.000Z',
      },
      {
        id: expect.any(String),
        purchase_id: samPurchase,
        user_id: sam.id,
        customer_name: 'Pat Bettor',
        creator_id: dana.id,
        creator_username: 'SharpDana',
        amount_cents: 999,
        // 100 on the charge, half of it given back with half the money.
        fee_cents: 50,
        refunded_cents: 500,
        currency: 'usd',
        status: 'partially_refunded',
        occurred_at: '2026-11-21T10:00:00.000Z',
      },
      {
        id: expect.any(String),
        purchase_id: patPurchase,
        user_id: pat.id,
        customer_name: 'Pat Bettor',
        creator_id: dana.id,
        creator_username: 'SharpDana',
        amount_cents: 2900,
        fee_cents: 0,
        refunded_cents: 2900,
        currency: 'usd',
        status: 'refunded',
        occurred_at: '2026-11-20T10:00:00.000Z',
      },
    ])
  })

  it('filters by status and by customer, and pages', async () => {
    const { pat, lee, admin, patPurchase, samPurchase, leePurchase } = await threeDeposits()
    const ids = (answer: Deposits) => answer.deposits.map((d) => d.purchase_id)
    expect(ids(await deposits(admin, '?status=refunded'))).toEqual([patPurchase])
    expect(ids(await deposits(admin, '?status=partially_refunded'))).toEqual([samPurchase])
    const succeeded = await deposits(admin, '?status=succeeded')
    expect(ids(succeeded)).toEqual([leePurchase])
    expect(succeeded.total).toBe(1)
    expect(ids(await deposits(admin, `?userId=${pat.id}`))).toEqual([patPurchase])
    expect(ids(await deposits(admin, `?userId=${lee.id}&status=refunded`))).toEqual([])

    const second = await deposits(admin, '?page=2&limit=2')
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2 })
    expect(ids(second)).toEqual([patPurchase])
    expect((await deposits(admin, '?page=3&limit=2')).deposits).toEqual([])

    const bad = await request(t, 'GET', '/deposits?status=lost&userId=nobody', admin)
    expect(bad.statusCode).toBe(400)
    expect(
      errorOf(bad)
        .details?.map((d) => d.field)
        .sort(),
    ).toEqual(['query.status', 'query.userId'])
  })

  it('shows a renewal as its own payment, untouched by the refund of an earlier one', async () => {
    const { patPurchase, leePurchase } = await threeDeposits()
    await refund(leePurchase, 100)
    clock = new Date('2026-12-22T10:00:00Z')
    await t.app.billing.runDue(clock)
    const admin = await person(t, 'ops@example.com', 'admin')
    const answer = await deposits(admin, '?status=succeeded')
    const renewal = answer.deposits.find((d) => d.purchase_id === leePurchase)
    expect(renewal).toMatchObject({
      amount_cents: 1900,
      fee_cents: 190,
      refunded_cents: 0,
      status: 'succeeded',
      occurred_at: '2026-12-22T10:00:00.000Z',
    })
    const partly = (await deposits(admin, '?status=partially_refunded')).deposits
    expect(partly.filter((d) => d.purchase_id === leePurchase)).toMatchObject([
      { amount_cents: 1900, refunded_cents: 100 },
    ])
    // A subscription whose payment was refunded in full ended with the refund: it does not renew.
    expect(answer.deposits.filter((d) => d.purchase_id === patPurchase)).toEqual([])
    expect((await deposits(admin, '?status=refunded')).deposits.map((d) => d.purchase_id)).toEqual([patPurchase])
  })

  it('is for administrators only', async () => {
    const { dana, pat } = await threeDeposits()
    for (const path of ['/deposits', '/deposits/stats']) {
      expect((await request(t, 'GET', path, null)).statusCode, path).toBe(401)
      for (const who of [pat, dana]) {
        const res = await request(t, 'GET', path, who)
        expect(res.statusCode, `${path} as ${who.email}`).toBe(403)
        expect(errorOf(res).message).toBe('Administrators only')
      }
    }
  })

  it('waits for the admin password: an administrator’s session that has not entered it is refused', async () => {
    await threeDeposits()
    const ops = await person(t, 'ops@example.com', 'unverifiedAdmin')
    for (const path of ['/deposits', '/deposits/stats']) {
      const res = await request(t, 'GET', path, ops)
      expect(res.statusCode, path).toBe(403)
      expect(errorOf(res).reason, path).toBe('ADMIN_PASSWORD_REQUIRED')
    }
    await enterAdminPassword(t, ops)
    expect((await deposits(ops)).total).toBe(3)
    expect((await request(t, 'GET', '/deposits/stats', ops)).statusCode).toBe(200)
  })
})

describe('GET /api/deposits/stats', () => {
  it('is zero before any payment', async () => {
    const admin = await person(t, 'admin@example.com', 'admin')
    const res = await request(t, 'GET', '/deposits/stats', admin)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      count: 0,
      gross_cents: 0,
      fees_cents: 0,
      refunded_cents: 0,
      net_cents: 0,
      currency: 'usd',
    })
  })

  it('totals every payment: what came in, the fees kept, the refunds, and what creators keep', async () => {
    const { admin } = await threeDeposits()
    const res = await request(t, 'GET', '/deposits/stats', admin)
    expect(res.statusCode, res.body).toBe(200)
    expect(DepositStats.parse(res.json())).toEqual({
      count: 3,
      gross_cents: 2900 + 999 + 1900,
      fees_cents: 0 + 50 + 190,
      refunded_cents: 2900 + 500,
      net_cents: 5799 - 240 - 3400,
      currency: 'usd',
    })
    const list = await deposits(admin)
    const sum = (pick: (d: Deposits['deposits'][number]) => number) =>
      list.deposits.reduce((total, d) => total + pick(d), 0)
    expect(sum((d) => d.fee_cents)).toBe(240)
    expect(sum((d) => d.refunded_cents)).toBe(3400)
  })
})
