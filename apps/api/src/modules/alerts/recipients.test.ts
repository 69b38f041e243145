import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/client.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createCreator } from '../../test/factories.ts'
import { purchases } from '../purchases/purchases.table.ts'
import { users } from '../users/users.table.ts'
import { fanOutPick } from './alert-fanout.ts'
import {
  alertDeliveries,
  creatorAlertPreferences,
  deliveryMethods,
  notificationSettings,
  smsNumbers,
} from './alerts.table.ts'
import { insertPick } from './alerts-test-support.ts'

/**
 * Who hears of a pick, and on which channel (alert-recipients.ts), for every kind of access and
 * every preference: each case is one person, and each pick's fan-out is read back from
 * alert_deliveries.
 */

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
})

const dayMs = 24 * 60 * 60 * 1000
const daysFromNow = (days: number) => new Date(Date.now() + days * dayMs)

type Channel = 'email' | 'sms'
type Access =
  | 'subscription'
  | 'cancelled-in-period'
  | 'past-due'
  | 'expired'
  | 'ended'
  | 'never-paid'
  | 'pass-in-window'
  | 'pass-over'
  | 'none'

interface Person {
  access: Access
  /** Opted in to the creator's alerts without paying (or besides paying). */
  follows?: boolean
  phone?: 'verified' | 'unverified' | 'none'
  emailVerified?: boolean
  /** The global switches; no row when neither is given. */
  globalSms?: boolean
  globalEmail?: boolean
  /** The choices for this creator. */
  creatorEmail?: boolean
  creatorSms?: boolean
  optedOut?: boolean
}

interface Case {
  name: string
  person: Person
  premium: Channel[]
  free: Channel[]
}

const cases: Case[] = [
  {
    name: 'a subscriber who never touched a setting gets e-mail only (texts start off)',
    person: { access: 'subscription', phone: 'verified' },
    premium: ['email'],
    free: ['email'],
  },
  {
    name: 'a subscriber with texts on and a verified phone gets both',
    person: { access: 'subscription', phone: 'verified', globalSms: true },
    premium: ['email', 'sms'],
    free: ['email', 'sms'],
  },
  {
    name: 'a cancelled subscription still in its paid period gets both',
    person: { access: 'cancelled-in-period', phone: 'verified', globalSms: true },
    premium: ['email', 'sms'],
    free: ['email', 'sms'],
  },
  {
    name: 'a past-due subscription (the provider is still retrying) gets both',
    person: { access: 'past-due', phone: 'verified', globalSms: true },
    premium: ['email', 'sms'],
    free: ['email', 'sms'],
  },
  {
    name: 'an expired subscription gets nothing',
    person: { access: 'expired', phone: 'verified', globalSms: true },
    premium: [],
    free: [],
  },
  {
    name: 'a subscription that ended gets nothing',
    person: { access: 'ended', phone: 'verified', globalSms: true },
    premium: [],
    free: [],
  },
  {
    name: 'a checkout never paid gets nothing',
    person: { access: 'never-paid', phone: 'verified', globalSms: true },
    premium: [],
    free: [],
  },
  {
    name: 'a one-time pass within its window gets both',
    person: { access: 'pass-in-window', phone: 'verified', globalSms: true },
    premium: ['email', 'sms'],
    free: ['email', 'sms'],
  },
  {
    name: 'a one-time pass past its window gets nothing',
    person: { access: 'pass-over', phone: 'verified', globalSms: true },
    premium: [],
    free: [],
  },
  {
    name: 'a follower without a purchase gets the free picks only',
    person: { access: 'none', follows: true, phone: 'verified', globalSms: true },
    premium: [],
    free: ['email', 'sms'],
  },
  {
    name: 'a follower whose subscription expired gets the free picks only',
    person: { access: 'expired', follows: true, phone: 'verified', globalSms: true },
    premium: [],
    free: ['email', 'sms'],
  },
  {
    name: 'someone with no relationship to the creator gets nothing',
    person: { access: 'none', phone: 'verified', globalSms: true },
    premium: [],
    free: [],
  },
  {
    name: 'global e-mail off: texts only',
    person: { access: 'subscription', phone: 'verified', globalSms: true, globalEmail: false },
    premium: ['sms'],
    free: ['sms'],
  },
  {
    name: 'global texts turned off again: e-mail only',
    person: { access: 'subscription', phone: 'verified', globalSms: false, globalEmail: true },
    premium: ['email'],
    free: ['email'],
  },
  {
    name: "this creator's e-mails off: texts only",
    person: { access: 'subscription', phone: 'verified', globalSms: true, creatorEmail: false },
    premium: ['sms'],
    free: ['sms'],
  },
  {
    name: "this creator's texts off: e-mail only",
    person: { access: 'subscription', phone: 'verified', globalSms: true, creatorSms: false },
    premium: ['email'],
    free: ['email'],
  },
  {
    name: 'texts on but the phone not verified: e-mail only',
    person: { access: 'subscription', phone: 'unverified', globalSms: true },
    premium: ['email'],
    free: ['email'],
  },
  {
    name: 'texts on but no phone: e-mail only',
    person: { access: 'subscription', phone: 'none', globalSms: true },
    premium: ['email'],
    free: ['email'],
  },
  {
    name: 'the number replied STOP: e-mail only',
    person: { access: 'subscription', phone: 'verified', globalSms: true, optedOut: true },
    premium: ['email'],
    free: ['email'],
  },
  {
    name: 'an e-mail address never verified: texts only',
    person: { access: 'subscription', phone: 'verified', globalSms: true, emailVerified: false },
    premium: ['sms'],
    free: ['sms'],
  },
]

async function addPurchase(db: Db, userId: string, creatorId: string, access: Access): Promise<void> {
  if (access === 'none') return
  const subscription = {
    userId,
    creatorId,
    planName: 'Monthly',
    kind: 'subscription' as const,
    interval: 'month' as const,
    priceCents: 2900,
    feeBps: 1000,
    provider: 'sandbox' as const,
    status: 'active' as const,
    autoRenewal: true,
    currentPeriodStart: daysFromNow(-1),
    currentPeriodEnd: daysFromNow(29),
  }
  const pass = {
    ...subscription,
    planName: 'Day pass',
    kind: 'one_time' as const,
    interval: null,
    accessDays: 1,
    priceCents: 999,
    autoRenewal: false,
  }
  const rows = {
    subscription,
    'cancelled-in-period': { ...subscription, autoRenewal: false, canceledAt: daysFromNow(-0.5) },
    'past-due': { ...subscription, status: 'past_due' as const, currentPeriodEnd: daysFromNow(-2) },
    expired: {
      ...subscription,
      status: 'expired' as const,
      autoRenewal: false,
      currentPeriodStart: daysFromNow(-31),
      currentPeriodEnd: daysFromNow(-1),
    },
    ended: { ...subscription, status: 'canceled' as const, canceledAt: daysFromNow(-1), endedAt: daysFromNow(-1) },
    'never-paid': { ...subscription, status: 'pending' as const, currentPeriodStart: null, currentPeriodEnd: null },
    'pass-in-window': { ...pass, currentPeriodStart: daysFromNow(-0.5), currentPeriodEnd: daysFromNow(0.5) },
    'pass-over': { ...pass, currentPeriodStart: daysFromNow(-2), currentPeriodEnd: daysFromNow(-1) },
  }
  await db.insert(purchases).values(rows[access])
}

/** One person as `spec` says, related to `creatorId` as it says. */
async function addPerson(db: Db, creatorId: string, index: number, spec: Person): Promise<string> {
  const phone = `+1555${String(index).padStart(7, '0')}`
  const [row] = await db
    .insert(users)
    .values({
      email: `person-${index}@recipients.test`,
      name: `Person ${index}`,
      emailVerified: spec.emailVerified ?? true,
      phone: spec.phone === 'none' ? null : phone,
      phoneVerified: spec.phone === 'verified',
    })
    .returning({ id: users.id })
  const userId = row!.id
  await addPurchase(db, userId, creatorId, spec.access)
  if (spec.globalSms !== undefined || spec.globalEmail !== undefined) {
    await db.insert(notificationSettings).values({
      userId,
      ...(spec.globalSms !== undefined ? { smsEnabled: spec.globalSms } : {}),
      ...(spec.globalEmail !== undefined ? { emailEnabled: spec.globalEmail } : {}),
    })
  }
  if (spec.follows || spec.creatorEmail !== undefined || spec.creatorSms !== undefined) {
    await db.insert(creatorAlertPreferences).values({
      userId,
      creatorId,
      ...(spec.creatorEmail !== undefined ? { emailEnabled: spec.creatorEmail } : {}),
      ...(spec.creatorSms !== undefined ? { smsEnabled: spec.creatorSms } : {}),
      ...(spec.follows ? { followedAt: new Date() } : {}),
    })
  }
  if (spec.optedOut) await db.insert(smsNumbers).values({ phone, optedOutAt: new Date() })
  return userId
}

/** Fans the pick out and answers, for each recipient, the channels queued for them (sorted). */
async function channelsByRecipient(pickId: string): Promise<Map<string, Channel[]>> {
  await fanOutPick(t.app.alerts.deps, pickId)
  const rows = await t.database.db
    .select({ recipientId: alertDeliveries.recipientId, channel: alertDeliveries.channel })
    .from(alertDeliveries)
    .where(eq(alertDeliveries.pickId, pickId))
  const byRecipient = new Map<string, Channel[]>()
  for (const { recipientId, channel } of rows) {
    if (!recipientId) continue
    byRecipient.set(recipientId, [...(byRecipient.get(recipientId) ?? []), channel].sort())
  }
  return byRecipient
}

describe('who a pick reaches, and on which channel', () => {
  it('follows every entitlement and preference, for a premium and a free pick', async () => {
    const db = t.database.db
    const creator = await createCreator(db)
    const ids: string[] = []
    for (const [i, c] of cases.entries()) ids.push(await addPerson(db, creator.id, i + 1, c.person))
    const premium = await channelsByRecipient((await insertPick(db, creator.id, { isPremium: true })).id)
    const free = await channelsByRecipient((await insertPick(db, creator.id, { isPremium: false })).id)

    const got = cases.map((c, i) => ({
      name: c.name,
      premium: premium.get(ids[i]!) ?? [],
      free: free.get(ids[i]!) ?? [],
    }))
    expect(got).toEqual(cases.map((c) => ({ name: c.name, premium: c.premium, free: c.free })))
  })

  it.each([
    { offers: 'nothing set (both)', methods: [], expected: ['email', 'sms'] },
    { offers: 'e-mail only', methods: [{ method: 'email', isActive: true }], expected: ['email'] },
    { offers: 'texts only', methods: [{ method: 'sms', isActive: true }], expected: ['sms'] },
    {
      offers: 'e-mail, texts switched off',
      methods: [
        { method: 'email', isActive: true },
        { method: 'sms', isActive: false },
      ],
      expected: ['email'],
    },
  ] as const)('sends only what the creator offers: $offers', async ({ methods, expected }) => {
    const db = t.database.db
    const creator = await createCreator(db)
    if (methods.length) await db.insert(deliveryMethods).values(methods.map((m) => ({ ...m, creatorId: creator.id })))
    const subscriber = await addPerson(db, creator.id, 1, {
      access: 'subscription',
      phone: 'verified',
      globalSms: true,
    })
    const follower = await addPerson(db, creator.id, 2, {
      access: 'none',
      follows: true,
      phone: 'verified',
      globalSms: true,
    })

    const free = await channelsByRecipient((await insertPick(db, creator.id, { isPremium: false })).id)
    expect(free.get(subscriber)).toEqual(expected)
    expect(free.get(follower)).toEqual(expected)
  })

  it('never sends a creator their own pick, even when they follow or bought from themselves', async () => {
    const db = t.database.db
    const creator = await createCreator(db)
    await db
      .update(users)
      .set({ emailVerified: true, phone: '+15550009999', phoneVerified: true })
      .where(eq(users.id, creator.id))
    await db.insert(notificationSettings).values({ userId: creator.id, smsEnabled: true })
    await addPurchase(db, creator.id, creator.id, 'subscription')
    await db
      .insert(creatorAlertPreferences)
      .values({ userId: creator.id, creatorId: creator.id, followedAt: new Date() })
    const fan = await addPerson(db, creator.id, 1, { access: 'subscription', phone: 'verified', globalSms: true })

    for (const isPremium of [true, false]) {
      const reached = await channelsByRecipient((await insertPick(db, creator.id, { isPremium })).id)
      expect([...reached.keys()]).toEqual([fan])
    }
  })
})
