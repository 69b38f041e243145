import { ChargeAnswer, ChargesAnswer } from '@picks/contracts'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addPlan, buy, creator, dayPass, monthlyPlan, onboard } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import { creatorProfiles } from '../creators/creators.table.ts'
import { ledgerEntries } from '../ledger/ledger.table.ts'
import { emailOutbox } from '../notifications/notifications.table.ts'
import type { PaymentEvent } from '../payments/payments.service.ts'
import { paymentEvents } from './billing.table.ts'

let t: TestApp
let clock = new Date('2026-11-23T12:00:00Z')
const dayMs = 24 * 60 * 60 * 1000

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

async function later(days: number): Promise<void> {
  clock = new Date(clock.getTime() + days * dayMs)
  await t.app.billing.runDue(clock)
}

/** A creator who can take payments, named Dana Sharp, with a monthly plan and a day pass, and a customer. */
async function shop(): Promise<{ dana: Person; pat: Person; monthly: string; pass: string }> {
  const dana = await creator(t, 'dana@example.com', 'SharpDana')
  await t.database.db
    .update(creatorProfiles)
    .set({ displayName: 'Dana Sharp' })
    .where(eq(creatorProfiles.userId, dana.id))
  await onboard(t, dana)
  const monthly = (await addPlan(t, dana, monthlyPlan)).id
  const pass = (await addPlan(t, dana, dayPass)).id
  const pat = await person(t, 'pat@example.com')
  return { dana, pat, monthly, pass }
}

/** The billing e-mails sent to `to`, oldest first. */
async function mailTo(to: string) {
  const rows = await t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(asc(emailOutbox.createdAt))
  return rows.filter((row) => row.kind.startsWith('receipt_'))
}

async function kindsTo(to: string): Promise<string[]> {
  return (await mailTo(to)).map((row) => row.kind)
}

/** Applies every payment event recorded so far once more, as a provider's retry would. */
async function replayAllEvents(): Promise<number> {
  const rows = await t.database.db.select().from(paymentEvents)
  let applied = 0
  for (const row of rows) {
    const payload = row.payload as PaymentEvent
    const event = { ...payload, id: row.id.replace(/^sandbox:/, ''), occurredAt: row.occurredAt } as PaymentEvent
    if (await t.app.billing.applyEvent(event)) applied++
  }
  return applied
}

/** The printable receipt (`/receipts/:id`) an e-mail links to, as its customer reads it. */
async function linkedReceipt(body: string, reader: Person) {
  const id = /\/receipts\/([0-9a-f-]{36})\b/.exec(body)?.[1]
  if (!id) throw new Error(`no receipt link in: ${body}`)
  const res = await request(t, 'GET', `/users/${reader.id}/charges/${id}`, reader)
  expect(res.statusCode, res.body).toBe(200)
  return ChargeAnswer.parse(res.json()).charge
}

async function refund(purchaseId: string, amountCents: number): Promise<void> {
  const [charge] = await t.database.db
    .select({ ref: ledgerEntries.providerRef })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.purchaseId, purchaseId), eq(ledgerEntries.kind, 'charge')))
  if (!charge) throw new Error('no charge')
  await t.app.billing.provider.refund({
    paymentRef: charge.ref,
    amountCents,
    idempotencyKey: `refund:${charge.ref}:${amountCents}`,
  })
}

describe('receipts', () => {
  it('a first charge sends the customer one receipt, and the creator one new-subscriber e-mail', async () => {
    const { pat, monthly } = await shop()
    await buy(t, pat, monthly)
    const [receipt, ...others] = await mailTo(pat.email)
    expect(others).toEqual([])
    expect(receipt).toMatchObject({ kind: 'receipt_charge', subject: 'Your receipt: Monthly from Dana Sharp, $29.00' })
    for (const body of [receipt!.textBody, receipt!.htmlBody]) {
      expect(body).toContain('$29.00')
      expect(body).toContain('Monthly')
      expect(body).toContain('Dana Sharp')
      expect(body).toContain('November 23, 2026 – December 23, 2026')
      expect(body).toContain('ending in 4242')
      expect(body).toContain('http://localhost:3000/manage-subscriptions')
    }
    expect(receipt!.textBody).toContain(
      'Cancel or manage your subscription: http://localhost:3000/manage-subscriptions',
    )
    // Its link opens the printable receipt of this charge.
    expect(await linkedReceipt(receipt!.textBody, pat)).toMatchObject({ kind: 'charge', amount_cents: 2900 })
    expect(await kindsTo('dana@example.com')).toEqual(['receipt_new_subscriber'])

    // The provider sends every event again: nothing more goes out.
    expect(await replayAllEvents()).toBe(0)
    expect(await kindsTo(pat.email)).toEqual(['receipt_charge'])
    expect(await kindsTo('dana@example.com')).toEqual(['receipt_new_subscriber'])
  })

  it('a pass is charged once, with its access period', async () => {
    const { pat, pass } = await shop()
    await buy(t, pat, pass)
    const [receipt] = await mailTo(pat.email)
    expect(receipt?.subject).toBe('Your receipt: Day pass from Dana Sharp, $9.99')
    expect(receipt?.textBody).toContain('Period: November 23, 2026 – November 24, 2026')
  })

  it('a renewal, a failed renewal and the end of the subscription each send one receipt', async () => {
    const { pat, monthly } = await shop()
    await buy(t, pat, monthly)
    await later(31)
    expect(await kindsTo(pat.email)).toEqual(['receipt_charge', 'receipt_renewal'])
    const renewal = (await mailTo(pat.email))[1]!
    expect(renewal.subject).toBe('Your receipt: Monthly from Dana Sharp renewed, $29.00')
    expect(renewal.textBody).toContain('Period: December 23, 2026 – January 23, 2027')

    const sam = await person(t, 'sam@example.com')
    await buy(t, sam, monthly, 'renewalsFail')
    await later(31)
    const failed = (await mailTo(sam.email))[1]!
    expect(failed).toMatchObject({ kind: 'receipt_renewal_failed', subject: 'Payment failed: Monthly from Dana Sharp' })
    expect(failed.textBody).toContain('Amount due: $29.00')
    expect(failed.textBody).toContain('ending in 0341')
    expect(await linkedReceipt(failed.textBody, sam)).toMatchObject({ kind: 'renewal_failed', status: 'failed' })
    await later(1)
    await later(3)
    await later(5)
    // Each failed attempt is its own event, then the subscription ends: one cancellation.
    expect(await kindsTo(sam.email)).toEqual([
      'receipt_charge',
      'receipt_renewal_failed',
      'receipt_renewal_failed',
      'receipt_renewal_failed',
      'receipt_renewal_failed',
      'receipt_cancellation',
    ])
    const before = (await mailTo(sam.email)).length
    expect(await replayAllEvents()).toBe(0)
    expect(await mailTo(sam.email)).toHaveLength(before)
  })

  it('a cancellation at the period end sends one receipt, not a second when the period ends', async () => {
    const { pat, monthly } = await shop()
    const id = await buy(t, pat, monthly)
    expect((await request(t, 'DELETE', `/purchases/${id}`, pat)).statusCode).toBe(200)
    expect(await kindsTo(pat.email)).toEqual(['receipt_charge', 'receipt_cancellation'])
    const canceled = (await mailTo(pat.email))[1]!
    expect(canceled.subject).toBe('Cancelled: Monthly from Dana Sharp')
    expect(canceled.textBody).toContain('You keep access until December 23, 2026')
    // Nothing was charged: no receipt to print, the billing history instead.
    expect(canceled.textBody).not.toContain('/receipts/')
    expect(canceled.textBody).toContain(
      'Your subscriptions and billing history: http://localhost:3000/manage-subscriptions',
    )
    await later(31)
    expect(await kindsTo(pat.email)).toEqual(['receipt_charge', 'receipt_cancellation'])
  })

  it('a refund sends one receipt with the amount refunded', async () => {
    const { pat, pass } = await shop()
    const id = await buy(t, pat, pass)
    await refund(id, 500)
    const [, refunded] = await mailTo(pat.email)
    expect(refunded).toMatchObject({ kind: 'receipt_refund', subject: 'Refund: $5.00 for Day pass from Dana Sharp' })
    expect(refunded?.textBody).toContain('Amount refunded: $5.00')
    expect(refunded?.textBody).toContain('ending in 4242')
    // Its link opens the receipt of the charge it refunded, which shows the refund (the printable
    // receipts are charges'; a link to the refund's own row would find nothing).
    expect(refunded?.textBody).toMatch(/View or print the refunded charge: http:\/\/localhost:3000\/receipts\//)
    expect(await linkedReceipt(refunded!.textBody, pat)).toMatchObject({
      kind: 'charge',
      status: 'refunded',
      amount_cents: 999,
      refunded_cents: 500,
    })
    expect(await replayAllEvents()).toBe(0)
    expect(await kindsTo(pat.email)).toEqual(['receipt_charge', 'receipt_refund'])
  })

  it('the creator who turned new-subscriber e-mails off gets none', async () => {
    const { dana, pat, monthly } = await shop()
    const off = await request(t, 'PUT', `/creators/${dana.id}/billing-emails`, dana, { new_subscriber_emails: false })
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json()).toEqual({ new_subscriber_emails: false })
    await buy(t, pat, monthly)
    expect(await kindsTo('dana@example.com')).toEqual([])
    expect(await kindsTo(pat.email)).toEqual(['receipt_charge'])

    const read = await request(t, 'GET', `/creators/${dana.id}/billing-emails`, dana)
    expect(read.json()).toEqual({ new_subscriber_emails: false })
    const bad = await request(t, 'PUT', `/creators/${dana.id}/billing-emails`, dana, { new_subscriber_emails: 'no' })
    expect(bad.statusCode).toBe(400)
    expect((bad.json() as { error: { details: { field: string }[] } }).error.details[0]?.field).toBe(
      'body.new_subscriber_emails',
    )
  })
})

describe('GET /api/users/{id}/charges', () => {
  it('lists every charge with its status, for its customer and an admin only', async () => {
    const { pat, monthly, pass } = await shop()
    await buy(t, pat, monthly, 'renewalsFail')
    clock = new Date(clock.getTime() + 1000)
    const passId = await buy(t, pat, pass)
    await refund(passId, 999)
    await later(31)

    const res = await request(t, 'GET', `/users/${pat.id}/charges`, pat)
    expect(res.statusCode, res.body).toBe(200)
    const { charges } = ChargesAnswer.parse(res.json())
    expect(
      charges.map((c) => [c.plan_name, c.kind, c.status, c.amount_cents, c.refunded_cents, c.creator_name]),
    ).toEqual([
      ['Monthly', 'renewal_failed', 'failed', 2900, 0, 'Dana Sharp'],
      ['Day pass', 'charge', 'refunded', 999, 999, 'Dana Sharp'],
      ['Monthly', 'charge', 'paid', 2900, 0, 'Dana Sharp'],
    ])

    const receipt = await request(t, 'GET', `/users/${pat.id}/charges/${charges[2]!.id}`, pat)
    expect(ChargeAnswer.parse(receipt.json()).charge).toMatchObject({ card_last4: '0341', status: 'paid' })

    const sam = await person(t, 'sam@example.com')
    expect((await request(t, 'GET', `/users/${pat.id}/charges`, sam)).statusCode).toBe(403)
    expect((await request(t, 'GET', `/users/${pat.id}/charges/${charges[2]!.id}`, sam)).statusCode).toBe(403)
    // Another customer's receipt under one's own id is not found.
    expect((await request(t, 'GET', `/users/${sam.id}/charges/${charges[2]!.id}`, sam)).statusCode).toBe(404)
    expect((await request(t, 'GET', `/users/${pat.id}/charges`, null)).statusCode).toBe(401)

    const admin = await person(t, 'admin@example.com', 'admin')
    const asAdmin = await request(t, 'GET', `/users/${pat.id}/charges`, admin)
    expect(ChargesAnswer.parse(asAdmin.json()).charges).toHaveLength(3)
    expect((await request(t, 'GET', `/users/${pat.id}/charges/${charges[0]!.id}`, admin)).statusCode).toBe(200)
    const badId = await request(t, 'GET', `/users/${pat.id}/charges/not-a-uuid`, pat)
    expect(badId.statusCode).toBe(400)
  })
})
