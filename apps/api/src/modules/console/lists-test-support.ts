import { randomUUID } from 'node:crypto'
import { ErrorBody, type CreatorRecord } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { Db } from '../../db/client.ts'
import {
  adminAuditLog,
  creatorRecords,
  ledgerEntries,
  notificationSettings,
  payoutAccounts,
  picks,
  purchases,
  users,
} from '../../db/schema.ts'
import type { TestApp } from '../../test/build-test-app.ts'
import { createCreator } from '../../test/factories.ts'
import { person, request, type Person } from '../../test/people.ts'

/**
 * For the admin console's list tests: creators, customers, purchases and their money written
 * straight into the database (the flows that make them have their own tests), and the checks
 * every list shares: 400s naming the field, who may read it, and the audit of personal reads.
 */

export const dayMs = 24 * 60 * 60 * 1000

/** A creator whose payout account is in `payout` state (none: never started). */
export async function seedCreator(
  db: Db,
  spec: { username: string; name?: string; createdAt?: Date; payout?: 'none' | 'onboarding' | 'pending' | 'active' },
): Promise<string> {
  const { id } = await createCreator(db, {
    username: spec.username,
    name: spec.name ?? spec.username,
    takesPayments: false,
    ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
  })
  const payout = spec.payout ?? 'none'
  if (payout !== 'none') {
    await db.insert(payoutAccounts).values({
      creatorId: id,
      provider: 'sandbox',
      accountId: `acct_${randomUUID()}`,
      detailsSubmitted: payout !== 'onboarding',
      chargesEnabled: payout === 'active',
    })
  }
  return id
}

/** A customer with a verified e-mail (and a verified phone when given). */
export async function seedCustomer(
  db: Db,
  spec: { email: string; name: string; phone?: string; createdAt?: Date },
): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({
      email: spec.email,
      name: spec.name,
      role: 'customer',
      emailVerified: true,
      phone: spec.phone ?? null,
      phoneVerified: spec.phone !== undefined,
      ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
    })
    .returning({ id: users.id })
  return row!.id
}

/**
 * A purchase, and (unless pending) its charge and the platform's 10% fee in the ledger, as a paid
 * checkout books them. Monthly subscription unless `kind` says a pass.
 */
export async function seedPurchase(
  db: Db,
  spec: {
    userId: string
    creatorId: string
    priceCents?: number
    status?: (typeof purchases.$inferSelect)['status']
    createdAt: Date
    periodEnd?: Date
    plan?: string
    refundCents?: number
  },
): Promise<string> {
  const price = spec.priceCents ?? 2900
  const status = spec.status ?? 'active'
  const [row] = await db
    .insert(purchases)
    .values({
      userId: spec.userId,
      creatorId: spec.creatorId,
      planName: spec.plan ?? 'Monthly',
      kind: 'subscription',
      interval: 'month',
      priceCents: price,
      feeBps: 1000,
      status,
      autoRenewal: status === 'active',
      currentPeriodStart: spec.createdAt,
      currentPeriodEnd: spec.periodEnd ?? new Date(spec.createdAt.getTime() + 30 * dayMs),
      provider: 'sandbox',
      createdAt: spec.createdAt,
    })
    .returning({ id: purchases.id })
  const id = row!.id
  if (status === 'pending' || status === 'incomplete') return id
  const entry = { creatorId: spec.creatorId, purchaseId: id, occurredAt: spec.createdAt, availableAt: spec.createdAt }
  await db.insert(ledgerEntries).values([
    { ...entry, kind: 'charge', amountCents: price, description: 'Charge', providerRef: `ch_${id}` },
    {
      ...entry,
      kind: 'platform_fee',
      amountCents: -Math.round(price / 10),
      description: 'Fee',
      providerRef: `fee_${id}`,
    },
  ])
  if (spec.refundCents) {
    await db.insert(ledgerEntries).values({
      ...entry,
      kind: 'refund',
      amountCents: -spec.refundCents,
      description: 'Refund',
      providerRef: `re_${id}`,
    })
  }
  return id
}

/** A creator's record summary, as the picks module keeps it. */
export async function seedRecord(
  db: Db,
  creatorId: string,
  spec: { wins: number; losses: number; pushes?: number; netUnits: number; roiPct: number | null },
): Promise<void> {
  const record: CreatorRecord = {
    wins: spec.wins,
    losses: spec.losses,
    pushes: spec.pushes ?? 0,
    voids: 0,
    pending: 0,
    net_units: spec.netUnits,
    units_risked: spec.wins + spec.losses,
    roi_pct: spec.roiPct,
    win_pct: null,
    streak: null,
    last_10: [],
    by_sport: {},
  }
  await db.insert(creatorRecords).values({
    creatorId,
    picksCount: spec.wins + spec.losses + (spec.pushes ?? 0),
    wins: spec.wins,
    losses: spec.losses,
    pushes: spec.pushes ?? 0,
    netUnits: spec.netUnits,
    record,
  })
}

/** The fields a 400 names. */
export function fieldsOf(res: LightMyRequestResponse): string[] {
  expect(res.statusCode, res.body).toBe(400)
  return ErrorBody.parse(res.json()).error.details?.map((d) => d.field) ?? []
}

/** 401 for a visitor, 403 for a customer, a creator, a moderator and an admin without the admin password. */
export async function expectVerifiedAdminOnly(t: TestApp, url: string): Promise<void> {
  expect((await request(t, 'GET', url, null)).statusCode).toBe(401)
  const fan = await person(t, `fan-${randomUUID().slice(0, 8)}@example.com`)
  const mod = await person(t, `mod-${randomUUID().slice(0, 8)}@example.com`, 'moderator')
  const unverified = await person(t, `new-${randomUUID().slice(0, 8)}@example.com`, 'unverifiedAdmin')
  const seller = await person(t, `seller-${randomUUID().slice(0, 8)}@example.com`)
  const registered = await request(t, 'POST', `/users/${seller.id}/register-creator`, seller, {
    username: `seller_${randomUUID().slice(0, 8)}`,
    specialtySport: 'nba',
  })
  expect(registered.statusCode, registered.body).toBe(201)
  for (const who of [fan, seller, mod, unverified]) {
    expect((await request(t, 'GET', url, who)).statusCode, who.email).toBe(403)
  }
}

/** The `personal_data.read` entries of the audit log for `list`, oldest first. */
export async function personalReads(db: Db, list: string) {
  const rows = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, list))
  return rows.filter((row) => row.action === 'personal_data.read')
}

export async function getJson(t: TestApp, url: string, who: Person) {
  const res = await request(t, 'GET', url, who)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as unknown
}

/**
 * A small market: creators alpha and bravo; Ann buys alpha's Monthly (3 days ago, 900 refunded)
 * and bravo's Weekly (40 days ago, expired); Ben buys alpha's VIP (2 days ago, with a phone); Cat
 * started a checkout of alpha's Day pass yesterday and never paid.
 */
export async function seedMarket(db: Db, now: Date) {
  const daysAgo = (n: number) => new Date(now.getTime() - n * dayMs)
  const alpha = await seedCreator(db, { username: 'alpha', name: 'Alpha Picks' })
  const bravo = await seedCreator(db, { username: 'bravo', name: 'Bravo Bets' })
  const ann = await seedCustomer(db, { email: 'ann@example.com', name: 'Ann' })
  const ben = await seedCustomer(db, { email: 'ben@example.com', name: 'Ben', phone: '+15551234567' })
  const cat = await seedCustomer(db, { email: 'cat@example.com', name: 'Cat' })
  const purchase = {
    annAlpha: await seedPurchase(db, {
      userId: ann,
      creatorId: alpha,
      plan: 'Monthly',
      priceCents: 2900,
      createdAt: daysAgo(3),
      refundCents: 900,
    }),
    annBravo: await seedPurchase(db, {
      userId: ann,
      creatorId: bravo,
      plan: 'Weekly',
      priceCents: 1000,
      status: 'expired',
      createdAt: daysAgo(40),
      periodEnd: daysAgo(33),
    }),
    benAlpha: await seedPurchase(db, {
      userId: ben,
      creatorId: alpha,
      plan: 'VIP',
      priceCents: 4900,
      createdAt: daysAgo(2),
    }),
    catAlpha: await seedPurchase(db, {
      userId: cat,
      creatorId: alpha,
      plan: 'Day pass',
      priceCents: 1500,
      status: 'pending',
      createdAt: daysAgo(1),
    }),
  }
  return { alpha, bravo, ann, ben, cat, purchase, daysAgo }
}

/** A premium pick of tomorrow's game posted at `at`, written directly (no odds board). */
export async function seedPick(db: Db, creatorId: string, at: Date): Promise<string> {
  const [row] = await db
    .insert(picks)
    .values({
      creatorId,
      sport: 'nba',
      homeTeam: 'Boston Celtics',
      awayTeam: 'New York Knicks',
      gameDate: new Date(at.getTime() + dayMs),
      betType: 'spread',
      selection: 'Boston Celtics',
      odds: -110,
      line: -5.5,
      reasoning: 'Rest edge.',
      isPremium: true,
      apiVersion: '2.0',
      formType: 'optimized',
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: picks.id })
  return row!.id
}

/**
 * Pick alerts on top of `seedMarket`: Ben turns texts on; Dan buys alpha's Monthly but never
 * verified his e-mail (unreachable). Alpha posted a pick 5 days ago (before any purchase) and one
 * an hour ago; the test fans that one out (Ann and Ben by e-mail, Ben by text) and sends it.
 */
export async function seedAlerts(db: Db, now: Date) {
  const market = await seedMarket(db, now)
  await db.insert(notificationSettings).values({ userId: market.ben, smsEnabled: true })
  const dan = await seedCustomer(db, { email: 'dan@example.com', name: 'Dan' })
  await db.update(users).set({ emailVerified: false }).where(eq(users.id, dan))
  await seedPurchase(db, { userId: dan, creatorId: market.alpha, createdAt: market.daysAgo(1) })
  const oldPickId = await seedPick(db, market.alpha, market.daysAgo(5))
  const pickId = await seedPick(db, market.alpha, new Date(now.getTime() - 60 * 60 * 1000))
  return { ...market, dan, oldPickId, pickId }
}
