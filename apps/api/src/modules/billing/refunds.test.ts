import { randomUUID } from 'node:crypto'
import {
  AuditLogPage,
  CreatorBalance,
  ErrorBody,
  PurchaseAnswer,
  RefundAnswer,
  type RefundState,
} from '@picks/contracts'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testOrigin } from '../../test/accounts.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addPlan, buy, creator, dayPass, monthlyPlan, onboard, startCheckout } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import { emailOutbox } from '../notifications/notifications.table.ts'
import type { PaymentEvent } from '../payments/payments.service.ts'
import { sandboxRefunds, sandboxSubscriptions } from '../payments/sandbox.table.ts'
import { latestChargeRefunds } from '../ledger/ledger.service.ts'
import { paymentEvents } from './billing.table.ts'

/**
 * Refunds by a verified administrator through the sandbox provider (the Stripe path is in
 * refunds-stripe.test.ts): the provider's event books the ledger, a refund in full ends access, the
 * customer is e-mailed, the request is audited, and nothing happens twice.
 */

let t: TestApp
let clock = new Date('2026-11-23T12:00:00Z')
const dayMs = 24 * 60 * 60 * 1000

beforeAll(async () => {
  t = await buildTestApp({ payments: { feeBps: 1000, holdDays: 0 } }, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = new Date('2026-11-23T12:00:00Z')
})

interface Shop {
  dana: Person
  pat: Person
  admin: Person
  monthly: string
  pass: string
}

async function shop(): Promise<Shop> {
  const dana = await creator(t, 'dana@example.com', 'SharpDana')
  await onboard(t, dana)
  const monthly = (await addPlan(t, dana, monthlyPlan)).id
  const pass = (await addPlan(t, dana, dayPass)).id
  const pat = await person(t, 'pat@example.com')
  const admin = await person(t, 'ops@example.com', 'admin')
  return { dana, pat, monthly, pass, admin }
}

function askRefund(who: Person | null, purchaseId: string, body: Record<string, unknown>, key: string | null) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/purchases/${purchaseId}/refund`,
    headers: {
      origin: testOrigin,
      ...(who ? { cookie: who.cookie } : {}),
      ...(key !== null ? { 'idempotency-key': key } : {}),
    },
    payload: body,
  })
}

async function refund(admin: Person, purchaseId: string, body: Record<string, unknown>, key = randomUUID()) {
  const res = await askRefund(admin, purchaseId, body, key)
  expect(res.statusCode, res.body).toBe(200)
  return RefundAnswer.parse(res.json()).refund
}

async function balanceOf(dana: Person): Promise<CreatorBalance> {
  const res = await request(t, 'GET', `/creators/balance/${dana.id}`, dana)
  expect(res.statusCode, res.body).toBe(200)
  return CreatorBalance.parse(res.json())
}

async function purchaseOf(pat: Person, id: string) {
  return PurchaseAnswer.parse((await request(t, 'GET', `/purchases/${id}`, pat)).json()).purchase
}

async function refundMails(to: string): Promise<string[]> {
  const rows = await t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(asc(emailOutbox.createdAt))
  return rows.filter((row) => row.kind === 'receipt_refund').map((row) => row.subject)
}

async function refundAudits(admin: Person) {
  const res = await request(t, 'GET', '/admin/audit-log?action=purchase.refunded&sortOrder=asc', admin)
  expect(res.statusCode, res.body).toBe(200)
  return AuditLogPage.parse(res.json()).items
}

function errorOf(res: { json(): unknown }) {
  return ErrorBody.parse(res.json()).error
}

/** The creator's balance figures a refund moves. */
function sums(b: CreatorBalance) {
  return {
    available: b.available_cents,
    gross: b.gross_cents,
    fees: b.fees_cents,
    refunds: b.refunds_cents,
    paidOut: b.paid_out_cents,
  }
}

describe('POST /api/admin/purchases/{id}/refund', () => {
  it('refunds a pass in full: the charge and the fee go back, access ends, the customer is e-mailed, the refund is audited', async () => {
    const { dana, pat, admin, pass } = await shop()
    const purchaseId = await buy(t, pat, pass)
    expect(sums(await balanceOf(dana))).toEqual({ available: 899, gross: 999, fees: 100, refunds: 0, paidOut: 0 })

    const state = await refund(admin, purchaseId, { reason: 'Charged twice by mistake' })

    expect(state).toEqual<RefundState>({
      purchaseId,
      chargedCents: 999,
      refundedCents: 999,
      refundableCents: 0,
      currency: 'usd',
      refundStatus: 'full',
      status: 'canceled',
      hasAccess: false,
    })
    expect(sums(await balanceOf(dana))).toEqual({ available: 0, gross: 999, fees: 0, refunds: 999, paidOut: 0 })
    expect(await purchaseOf(pat, purchaseId)).toMatchObject({ status: 'canceled', has_access: false })
    expect(await refundMails(pat.email)).toEqual([expect.stringContaining('Refund: $9.99 for Day pass')])
    const [entry, ...more] = await refundAudits(admin)
    expect(more).toEqual([])
    expect(entry).toMatchObject({
      actor: { id: admin.id },
      action: 'purchase.refunded',
      target: { type: 'purchase', id: purchaseId },
      before: { refundedCents: 0, refundableCents: 999, refundStatus: 'none', status: 'active' },
      after: { refundedCents: 999, refundableCents: 0, refundStatus: 'full', status: 'canceled', amountCents: 999 },
      reason: 'Charged twice by mistake',
    })
  })

  it('refunds part of a subscription and keeps access, then the rest ends it and stops renewals; a third refund is a 400', async () => {
    const { dana, pat, admin, monthly } = await shop()
    const purchaseId = await buy(t, pat, monthly)

    const partial = await refund(admin, purchaseId, { amountCents: 1000, reason: 'Two picks came late' })
    expect(partial).toMatchObject({ refundedCents: 1000, refundableCents: 1900, refundStatus: 'partial' })
    expect(partial).toMatchObject({ status: 'active', hasAccess: true })
    // The creator gives back 1000 less its fee share (100): 2900 - 290 - 1000 + 100.
    expect(sums(await balanceOf(dana))).toEqual({ available: 1710, gross: 2900, fees: 190, refunds: 1000, paidOut: 0 })
    expect(await purchaseOf(pat, purchaseId)).toMatchObject({ status: 'active', has_access: true })

    const rest = await refund(admin, purchaseId, { reason: 'Cancelled on request' })
    expect(rest).toMatchObject({ refundedCents: 2900, refundableCents: 0, refundStatus: 'full' })
    expect(rest).toMatchObject({ status: 'canceled', hasAccess: false })
    expect(sums(await balanceOf(dana))).toEqual({ available: 0, gross: 2900, fees: 0, refunds: 2900, paidOut: 0 })
    const [sub] = await t.database.db.select().from(sandboxSubscriptions)
    expect(sub?.status).toBe('canceled')
    expect(await refundMails(pat.email)).toHaveLength(2)

    const beyond = await askRefund(admin, purchaseId, { amountCents: 1, reason: 'Once more' }, randomUUID())
    expect(beyond.statusCode).toBe(400)
    expect(errorOf(beyond).details?.map((d) => d.field)).toEqual(['body.amountCents'])

    expect(await refundAudits(admin)).toHaveLength(2)

    // A month on, nothing renews and the ledger has not moved.
    clock = new Date(clock.getTime() + 40 * dayMs)
    await t.app.billing.runDue(clock)
    expect(sums(await balanceOf(dana))).toEqual({ available: 0, gross: 2900, fees: 0, refunds: 2900, paidOut: 0 })
  })

  it('refunds once for a request repeated under its Idempotency-Key, twice at once or again later', async () => {
    const { dana, pat, admin, pass } = await shop()
    const purchaseId = await buy(t, pat, pass)
    const key = randomUUID()
    const body = { amountCents: 300, reason: 'Goodwill' }

    const [first, concurrent] = await Promise.all([
      askRefund(admin, purchaseId, body, key),
      askRefund(admin, purchaseId, body, key),
    ])
    const again = await refund(admin, purchaseId, body, key)

    expect([first.statusCode, concurrent.statusCode]).toEqual([200, 200])
    expect(again).toMatchObject({ refundedCents: 300, refundableCents: 699, refundStatus: 'partial', hasAccess: true })
    expect(sums(await balanceOf(dana))).toEqual({ available: 629, gross: 999, fees: 70, refunds: 300, paidOut: 0 })
    expect(await t.database.db.select().from(sandboxRefunds)).toHaveLength(1)
    expect(await refundMails(pat.email)).toHaveLength(1)
    expect(await refundAudits(admin)).toHaveLength(1)

    const reused = await askRefund(admin, purchaseId, { amountCents: 200, reason: 'Goodwill' }, key)
    expect(reused.statusCode).toBe(409)
    expect(errorOf(reused).reason).toBe('IDEMPOTENCY_KEY_REUSED')

    // A refund of the whole rest sent twice at once: the second finds nothing left, and answers as a repeat.
    const restKey = randomUUID()
    const both = await Promise.all([
      askRefund(admin, purchaseId, { reason: 'The rest' }, restKey),
      askRefund(admin, purchaseId, { reason: 'The rest' }, restKey),
    ])
    expect(both.map((res) => res.statusCode)).toEqual([200, 200])
    expect(both.map((res) => RefundAnswer.parse(res.json()).refund.refundStatus)).toEqual(['full', 'full'])
    expect(sums(await balanceOf(dana))).toEqual({ available: 0, gross: 999, fees: 0, refunds: 999, paidOut: 0 })
    expect(await t.database.db.select().from(sandboxRefunds)).toHaveLength(2)
    expect(await refundAudits(admin)).toHaveLength(2)
  })

  it('books repeated and out-of-order provider events once, and a refund made at the provider directly ends access too', async () => {
    const { dana, pat, admin, pass } = await shop()
    const purchaseId = await buy(t, pat, pass)
    await refund(admin, purchaseId, { amountCents: 400, reason: 'Late pick' })
    await refund(admin, purchaseId, { amountCents: 200, reason: 'Another late pick' })
    const after = sums(await balanceOf(dana))
    expect(after).toEqual({ available: 359, gross: 999, fees: 40, refunds: 600, paidOut: 0 })

    // The provider sends every refund event again, and then again under new ids, the older last.
    const refunds = (await t.database.db.select().from(paymentEvents))
      .filter((row) => row.type === 'charge.refunded')
      .map((row) => ({
        ...(row.payload as PaymentEvent),
        id: row.id.replace(/^sandbox:/, ''),
        occurredAt: row.occurredAt,
      }))
    expect(refunds).toHaveLength(2)
    for (const event of refunds) expect(await t.app.billing.applyEvent(event)).toBe(false)
    for (const event of [...refunds].reverse()) {
      expect(await t.app.billing.applyEvent({ ...event, id: `evt_again_${randomUUID()}` })).toBe(true)
    }
    expect(sums(await balanceOf(dana))).toEqual(after)
    expect(await refundMails(pat.email)).toHaveLength(2)

    // The rest is refunded at the provider, not through us (Stripe's Dashboard): booked, access ends.
    const charge = await latestChargeRefunds(t.database.db, purchaseId)
    await t.app.billing.provider.refund({
      paymentRef: charge!.paymentRef,
      amountCents: 399,
      idempotencyKey: randomUUID(),
    })
    expect(sums(await balanceOf(dana))).toEqual({ available: 0, gross: 999, fees: 0, refunds: 999, paidOut: 0 })
    expect(await purchaseOf(pat, purchaseId)).toMatchObject({ status: 'canceled', has_access: false })
    expect(await refundMails(pat.email)).toHaveLength(3)
    const nothingLeft = await askRefund(admin, purchaseId, { reason: 'Again' }, randomUUID())
    expect(nothingLeft.statusCode).toBe(400)
    expect(errorOf(nothingLeft).details?.[0]?.field).toBe('body.amountCents')
  })

  it('takes back money already paid out as a negative balance, carried forward against the next sales', async () => {
    const { dana, pat, admin, monthly } = await shop()
    const purchaseId = await buy(t, pat, monthly)
    const payout = await request(t, 'POST', '/creators/payout', dana, {
      creatorId: dana.id,
      amount: 2610,
      description: '',
    })
    expect(payout.statusCode, payout.body).toBe(201)

    await refund(admin, purchaseId, { reason: 'Chargeback threat' })

    expect(sums(await balanceOf(dana))).toEqual({
      available: -2610,
      gross: 2900,
      fees: 0,
      refunds: 2900,
      paidOut: 2610,
    })
    const refused = await request(t, 'POST', '/creators/payout', dana, {
      creatorId: dana.id,
      amount: 1000,
      description: '',
    })
    expect(refused.statusCode).toBe(409)
    expect(errorOf(refused).reason).toBe('OVER_BALANCE')

    // The next sale pays the debt first.
    const sam = await person(t, 'sam@example.com')
    await buy(t, sam, monthly)
    expect(sums(await balanceOf(dana))).toEqual({ available: 0, gross: 5800, fees: 290, refunds: 2900, paidOut: 2610 })
  })

  it('answers 409 for a purchase with no payment, 404 for none, and 400 naming the field for a bad request', async () => {
    const { pat, admin, monthly } = await shop()
    const { purchase } = await startCheckout(t, pat, monthly)
    const unpaid = await askRefund(admin, purchase.id, { reason: 'Test' }, randomUUID())
    expect(unpaid.statusCode).toBe(409)
    expect(errorOf(unpaid)).toMatchObject({ reason: 'NOT_CHARGED', message: expect.stringContaining('no payment') })

    expect((await askRefund(admin, randomUUID(), { reason: 'Test' }, randomUUID())).statusCode).toBe(404)

    const bad: [Record<string, unknown>, string | null, string][] = [
      [{ reason: '' }, randomUUID(), 'body.reason'],
      [{ reason: 'x'.repeat(501) }, randomUUID(), 'body.reason'],
      [{ reason: 'Test', amountCents: 0 }, randomUUID(), 'body.amountCents'],
      [{ reason: 'Test', amountCents: 10.5 }, randomUUID(), 'body.amountCents'],
      [{ reason: 'Test' }, null, 'headers.idempotency-key'],
      [{ reason: 'Test' }, 'short', 'headers.idempotency-key'],
    ]
    for (const [body, key, field] of bad) {
      const res = await askRefund(admin, purchase.id, body, key)
      expect(res.statusCode, `${JSON.stringify(body)} ${key}`).toBe(400)
      expect(errorOf(res).details?.map((d) => d.field)).toContain(field)
    }
  })

  it('is for verified administrators only: 401 for a visitor, 403 for a customer, a creator, a moderator and an unverified admin', async () => {
    const { dana, pat, pass } = await shop()
    const purchaseId = await buy(t, pat, pass)
    const moderator = await person(t, 'mod@example.com', 'moderator')
    const unverified = await person(t, 'admin2@example.com', 'unverifiedAdmin')
    const body = { reason: 'Not allowed' }
    expect((await askRefund(null, purchaseId, body, randomUUID())).statusCode).toBe(401)
    for (const who of [pat, dana, moderator, unverified]) {
      expect((await askRefund(who, purchaseId, body, randomUUID())).statusCode).toBe(403)
    }
    expect(await purchaseOf(pat, purchaseId)).toMatchObject({ status: 'active', has_access: true })
    expect(await refundMails(pat.email)).toEqual([])
  })
})
