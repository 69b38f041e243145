import {
  AdminSmsLogsAnswer,
  AllEmailPreferencesAnswer,
  ChannelStats,
  CreatorSubscribersAnswer,
  DeliveryLogsAnswer,
  DeliveryMethod,
  DeliveryMethodsAnswer,
  ErrorBody,
  notificationMessages,
  NotificationPreferences,
  SmsStatus,
} from '@picks/contracts'
import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/client.ts'
import { testOrigin } from '../../test/accounts.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addPlan, buy, creator, monthlyPlan, onboard } from '../../test/payments.ts'
import { enterAdminPassword, person, request, type Person } from '../../test/people.ts'
import { creatorProfiles } from '../creators/creators.table.ts'
import { emailOutbox } from '../notifications/notifications.table.ts'
import { purchases } from '../purchases/purchases.table.ts'
import { users } from '../users/users.table.ts'
import { sendDueAlerts } from './alert-delivery.ts'
import { fanOutPick } from './alert-fanout.ts'
import { unsubscribeToken } from './alert-messages.ts'
import { alertDeliveries, creatorAlertPreferences, notificationSettings, smsNumbers } from './alerts.table.ts'
import { insertPick } from './alerts-test-support.ts'

let t: TestApp
let clock = new Date()

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = new Date()
})

const dayMs = 24 * 60 * 60 * 1000

function db(): Db {
  return t.database.db
}

function errorOf(res: LightMyRequestResponse) {
  return ErrorBody.parse(JSON.parse(res.body)).error
}

function fieldsOf(res: LightMyRequestResponse): string[] {
  return (errorOf(res).details ?? []).map((d) => d.field)
}

/** A signed-in customer, with a name of their own and, if given, a phone (verified unless said). */
async function customer(email: string, name: string, phone?: { number: string; verified?: boolean }): Promise<Person> {
  const who = await person(t, email)
  await db()
    .update(users)
    .set({ name, ...(phone ? { phone: phone.number, phoneVerified: phone.verified ?? true } : {}) })
    .where(eq(users.id, who.id))
  return who
}

/** A signed-in creator with a display name. */
async function signedInCreator(email: string, username: string, name: string): Promise<Person> {
  const who = await creator(t, email, username)
  await db().update(users).set({ name }).where(eq(users.id, who.id))
  await db().update(creatorProfiles).set({ displayName: name }).where(eq(creatorProfiles.userId, who.id))
  return who
}

/** A live monthly subscription, written directly (the purchase flow has its own tests). */
async function entitle(userId: string, creatorId: string): Promise<void> {
  await db()
    .insert(purchases)
    .values({
      userId,
      creatorId,
      planName: 'Monthly',
      kind: 'subscription',
      interval: 'month',
      priceCents: 2900,
      feeBps: 1000,
      status: 'active',
      autoRenewal: true,
      currentPeriodStart: new Date(Date.now() - dayMs),
      currentPeriodEnd: new Date(Date.now() + 29 * dayMs),
      provider: 'sandbox',
    })
}

async function textsOn(userId: string): Promise<void> {
  await db().insert(notificationSettings).values({ userId, smsEnabled: true })
}

/** Publishes a pick as far as the alerts go: its fan-out, and (unless told not to) its sending. */
async function announce(creatorId: string, options: { isPremium?: boolean; send?: boolean } = {}) {
  const pick = await insertPick(db(), creatorId, { isPremium: options.isPremium ?? true })
  await fanOutPick(t.app.alerts.deps, pick.id)
  if (options.send ?? true) await sendDueAlerts(t.app.alerts.deps, creatorId)
  return pick
}

async function deliveriesTo(userId: string) {
  return db().select().from(alertDeliveries).where(eq(alertDeliveries.recipientId, userId))
}

describe('text alerts: the switch, the phone and STOP', () => {
  it('answers the person and an administrator, and refuses a visitor and anyone else', async () => {
    const tess = await customer('tess@example.com', 'Tess Texter', { number: '+15551234567' })
    const other = await customer('other@example.com', 'Otto Other')
    const admin = await person(t, 'ops@example.com', 'admin')

    expect((await request(t, 'GET', `/sms/status/${tess.id}`, null)).statusCode).toBe(401)
    const refused = await request(t, 'GET', `/sms/status/${tess.id}`, other)
    expect(refused.statusCode).toBe(403)
    expect((await request(t, 'POST', '/sms/subscribe', other, { userId: tess.id })).statusCode).toBe(403)
    expect((await request(t, 'GET', `/sms/preferences/${tess.id}`, other)).statusCode).toBe(403)
    expect((await request(t, 'GET', `/sms/logs/${tess.id}`, other)).statusCode).toBe(403)
    expect((await request(t, 'GET', `/sms/logs/${tess.id}`, null)).statusCode).toBe(401)
    expect((await request(t, 'GET', `/alerts/received/${tess.id}`, null)).statusCode).toBe(401)
    // One creator's e-mail choice: the person's own (`other` stands in for any creator here).
    const choice = `/email-preferences/${tess.id}/creator/${other.id}`
    expect((await request(t, 'GET', choice, other)).statusCode).toBe(403)
    expect((await request(t, 'GET', choice, null)).statusCode).toBe(401)

    const own = await request(t, 'GET', `/sms/status/${tess.id}`, tess)
    expect(own.statusCode, own.body).toBe(200)
    expect(SmsStatus.parse(own.json())).toEqual({
      userId: tess.id,
      smsEnabled: false,
      phone: '+15551234567',
      phoneVerified: true,
      optedOut: false,
      canReceive: false,
      reason: 'disabled',
    })
    const byAdmin = await request(t, 'POST', '/sms/subscribe', admin, { userId: tess.id })
    expect(byAdmin.statusCode, byAdmin.body).toBe(200)
    expect(SmsStatus.parse(byAdmin.json())).toMatchObject({ userId: tess.id, smsEnabled: true, canReceive: true })
  })

  it('will not turn texts on without a verified phone, naming the phone', async () => {
    const nophone = await customer('nophone@example.com', 'No Phone')
    const unverified = await customer('unverified@example.com', 'Una Verified', {
      number: '+15557654321',
      verified: false,
    })

    for (const who of [nophone, unverified]) {
      const subscribe = await request(t, 'POST', '/sms/subscribe', who, {})
      expect(subscribe.statusCode).toBe(400)
      expect(errorOf(subscribe).message).toBe(notificationMessages.phoneNotVerified)
      expect(errorOf(subscribe).details).toEqual([{ field: 'phone', message: notificationMessages.phoneNotVerified }])
      const put = await request(t, 'PUT', `/sms/preferences/${who.id}`, who, { smsEnabled: true })
      expect(put.statusCode).toBe(400)
      expect(fieldsOf(put)).toEqual(['phone'])
    }
    expect(SmsStatus.parse((await request(t, 'GET', `/sms/status/${nophone.id}`, nophone)).json())).toMatchObject({
      smsEnabled: false,
      canReceive: false,
      reason: 'no_phone',
    })
    expect(SmsStatus.parse((await request(t, 'GET', `/sms/status/${unverified.id}`, unverified)).json())).toMatchObject(
      { smsEnabled: false, reason: 'phone_unverified' },
    )
    // Turning texts off needs no phone.
    expect((await request(t, 'POST', '/sms/unsubscribe', nophone, {})).statusCode).toBe(200)
  })

  it('turns texts on and off for the signed-in person with a verified phone', async () => {
    const tess = await customer('tess@example.com', 'Tess Texter', { number: '+15551234567' })
    const on = await request(t, 'POST', '/sms/subscribe', tess, {})
    expect(on.statusCode, on.body).toBe(200)
    expect(SmsStatus.parse(on.json())).toMatchObject({ smsEnabled: true, canReceive: true, reason: null })
    const prefs = await request(t, 'GET', `/sms/preferences/${tess.id}`, tess)
    expect(prefs.json()).toEqual({ userId: tess.id, smsEnabled: true, emailEnabled: true })

    const off = await request(t, 'POST', '/sms/unsubscribe', tess, { userId: tess.id })
    expect(SmsStatus.parse(off.json())).toMatchObject({ smsEnabled: false, canReceive: false, reason: 'disabled' })
  })

  it('says a number that replied STOP gets no texts, whatever the switch says', async () => {
    const tess = await customer('tess@example.com', 'Tess Texter', { number: '+15551234567' })
    await request(t, 'POST', '/sms/subscribe', tess, {})
    await db().insert(smsNumbers).values({ phone: '+15551234567', optedOutAt: new Date() })

    const status = SmsStatus.parse((await request(t, 'GET', `/sms/status/${tess.id}`, tess)).json())
    expect(status).toMatchObject({ smsEnabled: true, optedOut: true, canReceive: false, reason: 'opted_out' })
  })

  it('keeps the two global switches, e-mail on and texts off until changed', async () => {
    const pat = await customer('pat@example.com', 'Pat Bettor')
    expect((await request(t, 'GET', `/sms/preferences/${pat.id}`, pat)).json()).toEqual({
      userId: pat.id,
      smsEnabled: false,
      emailEnabled: true,
    })
    const off = await request(t, 'PUT', `/sms/preferences/${pat.id}`, pat, { emailEnabled: false })
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json()).toEqual({ userId: pat.id, smsEnabled: false, emailEnabled: false })
    expect((await request(t, 'GET', `/sms/preferences/${pat.id}`, pat)).json()).toMatchObject({ emailEnabled: false })

    const empty = await request(t, 'PUT', `/sms/preferences/${pat.id}`, pat, {})
    expect(empty.statusCode).toBe(400)
    expect(fieldsOf(empty)).toEqual(['body.smsEnabled'])
    const wrongType = await request(t, 'PUT', `/sms/preferences/${pat.id}`, pat, { emailEnabled: 'no' })
    expect(fieldsOf(wrongType)).toEqual(['body.emailEnabled'])
    const unknown = await request(t, 'PUT', `/sms/preferences/${pat.id}`, pat, { emailEnabled: true, push: true })
    expect(unknown.statusCode).toBe(400)
    // The guard answers first: an id that is not the caller's is refused before it is validated,
    // so the malformed id is named to the one caller it could concern, a verified admin.
    expect((await request(t, 'GET', '/sms/status/not-a-uuid', pat)).statusCode).toBe(403)
    const badId = await request(t, 'GET', '/sms/status/not-a-uuid', await person(t, 'ops@example.com', 'admin'))
    expect(badId.statusCode).toBe(400)
    expect(fieldsOf(badId)).toEqual(['params.id'])
  })
})

describe('logs', () => {
  it("shows a person their own messages in full, newest first, and the creator's log masked with names and the pick", async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const tess = await customer('tess@example.com', 'Tess Texter', { number: '+15551234567' })
    await entitle(tess.id, sam.id)
    await textsOn(tess.id)
    await announce(sam.id)

    const texts = DeliveryLogsAnswer.parse((await request(t, 'GET', `/sms/logs/${tess.id}`, tess)).json())
    expect(texts.deliveries).toHaveLength(1)
    expect(texts.deliveries[0]).toMatchObject({
      channel: 'sms',
      kind: 'pick',
      status: 'sent',
      destination: '+15551234567',
      recipientName: 'Tess Texter',
      summary: 'Boston Celtics -5.5 (-110) · New York Knicks @ Boston Celtics',
      segments: expect.any(Number),
    })
    expect(texts.deliveries[0]!.preview).toMatch(/^Sharp Sam: Boston Celtics -5.5/)

    const received = DeliveryLogsAnswer.parse((await request(t, 'GET', `/alerts/received/${tess.id}`, tess)).json())
    expect(received.deliveries.map((d) => d.channel).sort()).toEqual(['email', 'sms'])
    const limited = DeliveryLogsAnswer.parse(
      (await request(t, 'GET', `/alerts/received/${tess.id}?limit=1`, tess)).json(),
    )
    expect(limited.deliveries).toHaveLength(1)

    const creatorTexts = DeliveryLogsAnswer.parse(
      (await request(t, 'GET', `/sms/creator-logs/${sam.id}`, sam)).json(),
    ).deliveries
    expect(creatorTexts).toHaveLength(1)
    expect(creatorTexts[0]).toMatchObject({
      destination: '+1•••••4567',
      recipientName: 'Tess Texter',
      summary: 'Boston Celtics -5.5 (-110) · New York Knicks @ Boston Celtics',
      status: 'sent',
    })
    const creatorMails = DeliveryLogsAnswer.parse(
      (await request(t, 'GET', `/sms/creator-logs/${sam.id}?channel=email`, sam)).json(),
    ).deliveries
    expect(creatorMails.map((d) => d.destination)).toEqual(['t•••@example.com'])
  })

  it('shows queued deliveries only when asked for pending ones', async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const tess = await customer('tess@example.com', 'Tess Texter', { number: '+15551234567' })
    await entitle(tess.id, sam.id)
    await textsOn(tess.id)
    await announce(sam.id, { send: false })

    const finished = await request(t, 'GET', `/sms/creator-logs/${sam.id}`, sam)
    expect(DeliveryLogsAnswer.parse(finished.json()).deliveries).toEqual([])
    const pending = await request(t, 'GET', `/sms/creator-logs/${sam.id}?includePending=true&channel=sms`, sam)
    const [queued] = DeliveryLogsAnswer.parse(pending.json()).deliveries
    expect(queued).toMatchObject({ status: 'queued', nextAttemptAt: expect.any(String), sentAt: null })
  })

  it("keeps a creator's log to that creator and administrators, and validates the query", async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const rival = await signedInCreator('rita@example.com', 'rival_rita', 'Rival Rita')
    const admin = await person(t, 'ops@example.com', 'admin')

    expect((await request(t, 'GET', `/sms/creator-logs/${sam.id}`, null)).statusCode).toBe(401)
    expect((await request(t, 'GET', `/sms/creator-logs/${sam.id}`, rival)).statusCode).toBe(403)
    expect((await request(t, 'GET', `/sms/creator-logs/${sam.id}`, admin)).statusCode).toBe(200)
    const badLimit = await request(t, 'GET', `/sms/creator-logs/${sam.id}?limit=0`, sam)
    expect(fieldsOf(badLimit)).toEqual(['query.limit'])
    const badChannel = await request(t, 'GET', `/sms/creator-logs/${sam.id}?channel=fax`, sam)
    expect(fieldsOf(badChannel)).toEqual(['query.channel'])
    const badFlag = await request(t, 'GET', `/sms/creator-logs/${sam.id}?includePending=maybe`, sam)
    expect(fieldsOf(badFlag)).toEqual(['query.includePending'])
    const tooMany = await request(t, 'GET', `/sms/logs/${sam.id}?limit=100000`, sam)
    expect(fieldsOf(tooMany)).toEqual(['query.limit'])
  })
})

describe('stats', () => {
  it("counts the creator's pick messages by status within the timeframe, and who each channel reaches now", async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const tess = await customer('tess@example.com', 'Tess Texter', { number: '+15551234567' })
    const mo = await customer('mo@example.com', 'Mo Mailer')
    await entitle(tess.id, sam.id)
    await entitle(mo.id, sam.id)
    await textsOn(tess.id)
    await announce(sam.id)
    // One e-mail bounced; an older pick's e-mail, from 40 days ago, falls outside 30 days.
    await db()
      .update(alertDeliveries)
      .set({ status: 'failed', error: '550 No such user', failedAt: new Date() })
      .where(and(eq(alertDeliveries.recipientId, mo.id), eq(alertDeliveries.channel, 'email')))
    const old = await announce(sam.id)
    await db()
      .update(alertDeliveries)
      .set({ createdAt: new Date(Date.now() - 40 * dayMs) })
      .where(eq(alertDeliveries.pickId, old.id))

    const email = ChannelStats.parse((await request(t, 'GET', `/creator/email-stats/${sam.id}`, sam)).json())
    expect(email).toMatchObject({
      creatorId: sam.id,
      channel: 'email',
      timeframe: '30d',
      reachable: 2,
      total: 2,
      pending: 0,
      sent: 1,
      delivered: 0,
      failed: 1,
      successRate: 0.5,
      lastSentAt: expect.any(String),
    })
    const allTime = ChannelStats.parse(
      (await request(t, 'GET', `/creator/email-stats/${sam.id}?timeframe=all`, sam)).json(),
    )
    expect(allTime).toMatchObject({ total: 4, sent: 3, failed: 1 })
    const texts = ChannelStats.parse(
      (await request(t, 'GET', `/sms/creator-stats/${sam.id}?timeframe=24h`, sam)).json(),
    )
    expect(texts).toMatchObject({ channel: 'sms', reachable: 1, total: 1, sent: 1, successRate: 1 })

    // Texts turned off by the only person who had them: no one is reachable by text now.
    await request(t, 'POST', '/sms/unsubscribe', tess, {})
    const after = ChannelStats.parse((await request(t, 'GET', `/sms/creator-stats/${sam.id}`, sam)).json())
    expect(after.reachable).toBe(0)
  })

  it('is empty before anything was sent, and refuses other people and unknown timeframes', async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const tess = await customer('tess@example.com', 'Tess Texter')
    const empty = ChannelStats.parse((await request(t, 'GET', `/sms/creator-stats/${sam.id}`, sam)).json())
    expect(empty).toMatchObject({ total: 0, successRate: null, lastSentAt: null, reachable: 0 })
    expect((await request(t, 'GET', `/creator/email-stats/${sam.id}`, tess)).statusCode).toBe(403)
    expect((await request(t, 'GET', `/creator/email-stats/${sam.id}`, null)).statusCode).toBe(401)
    const bad = await request(t, 'GET', `/creator/email-stats/${sam.id}?timeframe=1y`, sam)
    expect(fieldsOf(bad)).toEqual(['query.timeframe'])
    // A customer asking about themselves: they are no creator.
    expect((await request(t, 'GET', `/creator/email-stats/${tess.id}`, tess)).statusCode).toBe(404)
  })
})

describe('send batch now', () => {
  it("makes the creator's delayed deliveries due now and starts sending them", async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const tess = await customer('tess@example.com', 'Tess Texter', { number: '+15551234567' })
    await entitle(tess.id, sam.id)
    await textsOn(tess.id)
    await announce(sam.id, { send: false })
    // Both wait an hour, as after a passing provider failure.
    await db()
      .update(alertDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(alertDeliveries.creatorId, sam.id))
    expect(await sendDueAlerts(t.app.alerts.deps, sam.id)).toMatchObject({ sent: 0 })

    const deps = t.app.alerts.deps
    const started: string[] = []
    const startSending = deps.startSending
    deps.startSending = async (creatorId) => {
      started.push(creatorId)
    }
    try {
      const res = await request(t, 'POST', `/sms/send-batch-now/${sam.id}`, sam)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ creatorId: sam.id, flushed: 2 })
      expect(started).toEqual([sam.id])
    } finally {
      deps.startSending = startSending
    }
    expect(await sendDueAlerts(deps, sam.id)).toMatchObject({ sent: 2, failed: 0 })
    const again = await request(t, 'POST', `/sms/send-batch-now/${sam.id}`, sam)
    expect(again.json()).toEqual({ creatorId: sam.id, flushed: 0 })
  })

  it('is for the creator and administrators only', async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const tess = await customer('tess@example.com', 'Tess Texter')
    const admin = await person(t, 'ops@example.com', 'admin')
    expect((await request(t, 'POST', `/sms/send-batch-now/${sam.id}`, null)).statusCode).toBe(401)
    expect((await request(t, 'POST', `/sms/send-batch-now/${sam.id}`, tess)).statusCode).toBe(403)
    expect((await request(t, 'POST', `/sms/send-batch-now/${sam.id}`, admin)).statusCode).toBe(200)
  })
})

describe("a person's choices for each creator", () => {
  it('lists the creators a person paid for or follows, with their choices and what each offers', async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const fay = await signedInCreator('fay@example.com', 'free_fay', 'Free Fay')
    const nobody = await signedInCreator('nia@example.com', 'nia_nobody', 'Nia Nobody')
    await onboard(t, sam)
    const plan = await addPlan(t, sam, monthlyPlan)
    const tess = await customer('tess@example.com', 'Tess Texter', { number: '+15551234567' })
    await buy(t, tess, plan.id)
    expect(
      (await request(t, 'POST', '/delivery-methods', fay, { creatorId: fay.id, method: 'email' })).statusCode,
    ).toBe(201)
    const follow = await request(t, 'PUT', `/email-preferences/${tess.id}/creator/${fay.id}`, tess, { enabled: true })
    expect(follow.statusCode, follow.body).toBe(200)

    const res = await request(t, 'GET', `/email-preferences/${tess.id}/all`, tess)
    expect(res.statusCode, res.body).toBe(200)
    const { preferences } = AllEmailPreferencesAnswer.parse(res.json())
    expect(preferences).toEqual([
      {
        userId: tess.id,
        creatorId: fay.id,
        creatorName: 'Free Fay',
        creatorUsername: 'free_fay',
        profilePicture: null,
        relationship: 'follower',
        enabled: true,
        smsEnabled: false,
        offers: ['email'],
      },
      {
        userId: tess.id,
        creatorId: sam.id,
        creatorName: 'Sharp Sam',
        creatorUsername: 'sharp_sam',
        profilePicture: null,
        relationship: 'subscriber',
        enabled: true,
        smsEnabled: true,
        offers: ['email', 'sms'],
      },
    ])
    expect(preferences.map((p) => p.creatorId)).not.toContain(nobody.id)
    expect((await request(t, 'GET', `/email-preferences/${tess.id}/all`, sam)).statusCode).toBe(403)
  })

  it('makes someone without access a follower when they turn e-mail on: free picks reach them, premium ones do not', async () => {
    const fay = await signedInCreator('fay@example.com', 'free_fay', 'Free Fay')
    const tess = await customer('tess@example.com', 'Tess Texter')
    const url = `/email-preferences/${tess.id}/creator/${fay.id}`
    expect((await request(t, 'GET', url, tess)).json()).toEqual({ userId: tess.id, creatorId: fay.id, enabled: false })

    const on = await request(t, 'PUT', url, tess, { enabled: true })
    expect(on.json()).toEqual({ userId: tess.id, creatorId: fay.id, enabled: true })
    const [choice] = await db()
      .select()
      .from(creatorAlertPreferences)
      .where(eq(creatorAlertPreferences.userId, tess.id))
    expect(choice?.followedAt).toBeInstanceOf(Date)
    expect((await request(t, 'GET', url, tess)).json()).toMatchObject({ enabled: true })

    const premium = await announce(fay.id, { isPremium: true, send: false })
    const free = await announce(fay.id, { isPremium: false, send: false })
    const got = await deliveriesTo(tess.id)
    expect(got.map((d) => [d.pickId, d.channel])).toEqual([[free.id, 'email']])
    expect(got.some((d) => d.pickId === premium.id)).toBe(false)
  })

  it("turns one creator's e-mails off for a subscriber, and their next pick's e-mail is not queued", async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const tess = await customer('tess@example.com', 'Tess Texter', { number: '+15551234567' })
    await entitle(tess.id, sam.id)
    await textsOn(tess.id)
    const off = await request(t, 'PUT', `/email-preferences/${tess.id}/creator/${sam.id}`, tess, { enabled: false })
    expect(off.json()).toEqual({ userId: tess.id, creatorId: sam.id, enabled: false })

    await announce(sam.id, { send: false })
    expect((await deliveriesTo(tess.id)).map((d) => d.channel)).toEqual(['sms'])
  })

  it('refuses to turn on a channel the creator does not offer, and 404s an unknown creator', async () => {
    const fay = await signedInCreator('fay@example.com', 'free_fay', 'Free Fay')
    const tess = await customer('tess@example.com', 'Tess Texter')
    await request(t, 'POST', '/delivery-methods', fay, { creatorId: fay.id, method: 'email' })
    const texts = await request(t, 'PUT', `/creator/subscribers/${tess.id}/notifications`, tess, {
      creatorId: fay.id,
      smsEnabled: true,
      emailEnabled: true,
    })
    expect(texts.statusCode).toBe(400)
    expect(errorOf(texts).details).toEqual([{ field: 'body.smsEnabled', message: notificationMessages.smsNotOffered }])

    const unknown = '00000000-0000-4000-8000-000000000001'
    expect((await request(t, 'GET', `/email-preferences/${tess.id}/creator/${unknown}`, tess)).statusCode).toBe(404)
    expect(
      (await request(t, 'PUT', `/email-preferences/${tess.id}/creator/${unknown}`, tess, { enabled: true })).statusCode,
    ).toBe(404)
  })

  it('lets the person (or an administrator) set both channels for a creator, never the creator for their customer', async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const tess = await customer('tess@example.com', 'Tess Texter', { number: '+15551234567' })
    const admin = await person(t, 'ops@example.com', 'admin')
    await entitle(tess.id, sam.id)
    const url = `/creator/subscribers/${tess.id}/notifications`
    const body = { creatorId: sam.id, smsEnabled: false, emailEnabled: true }

    expect((await request(t, 'PUT', url, null, body)).statusCode).toBe(401)
    expect((await request(t, 'PUT', url, sam, body)).statusCode).toBe(403)
    const own = await request(t, 'PUT', url, tess, body)
    expect(own.statusCode, own.body).toBe(200)
    expect(own.json()).toEqual({ userId: tess.id, ...body })
    const byAdmin = await request(t, 'PUT', url, admin, { ...body, emailEnabled: false })
    expect(byAdmin.json()).toEqual({ userId: tess.id, creatorId: sam.id, smsEnabled: false, emailEnabled: false })
    // A subscriber who changes their choices is not a follower: their access says why they hear.
    const [choice] = await db().select().from(creatorAlertPreferences)
    expect(choice).toMatchObject({ emailEnabled: false, smsEnabled: false, followedAt: null })

    const missing = await request(t, 'PUT', url, tess, { smsEnabled: true, emailEnabled: true })
    expect(fieldsOf(missing)).toEqual(['body.creatorId'])
    const wrong = await request(t, 'PUT', `/email-preferences/${tess.id}/creator/${sam.id}`, tess, { enabled: 'yes' })
    expect(fieldsOf(wrong)).toEqual(['body.enabled'])
    const self = await request(t, 'PUT', `/email-preferences/${sam.id}/creator/${sam.id}`, sam, { enabled: true })
    expect(fieldsOf(self)).toEqual(['params.creatorId'])
  })
})

describe("a creator's subscribers", () => {
  it('lists entitled customers with their plan, then followers, with whether a pick reaches each channel', async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const tess = await customer('tess@example.com', 'Tess Texter', { number: '+15551234567' })
    const fran = await customer('fran@example.com', 'Fran Follower')
    await entitle(tess.id, sam.id)
    await textsOn(tess.id)
    await request(t, 'PUT', `/email-preferences/${fran.id}/creator/${sam.id}`, fran, { enabled: true })

    const res = await request(t, 'GET', `/creator/subscribers/${sam.id}`, sam)
    expect(res.statusCode, res.body).toBe(200)
    const answer = CreatorSubscribersAnswer.parse(res.json())
    expect(answer.total).toBe(2)
    expect(answer.subscribers).toEqual([
      {
        userId: tess.id,
        name: 'Tess Texter',
        profilePicture: null,
        relationship: 'subscriber',
        planName: 'Monthly',
        accessEndsAt: expect.any(String),
        emailEnabled: true,
        smsEnabled: true,
        emailReachable: true,
        smsReachable: true,
      },
      {
        userId: fran.id,
        name: 'Fran Follower',
        profilePicture: null,
        relationship: 'follower',
        planName: null,
        accessEndsAt: null,
        emailEnabled: true,
        smsEnabled: false,
        emailReachable: true,
        smsReachable: false,
      },
    ])
    const limited = CreatorSubscribersAnswer.parse(
      (await request(t, 'GET', `/creator/subscribers/${sam.id}?limit=1`, sam)).json(),
    )
    expect(limited).toMatchObject({ total: 2, subscribers: [{ userId: tess.id }] })

    expect((await request(t, 'GET', `/creator/subscribers/${sam.id}`, tess)).statusCode).toBe(403)
    expect(fieldsOf(await request(t, 'GET', `/creator/subscribers/${sam.id}?limit=0`, sam))).toEqual(['query.limit'])
  })
})

describe('one-click unsubscribe', () => {
  async function subscribedTess() {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const tess = await customer('tess@example.com', 'Tess Texter', { number: '+15551234567' })
    await entitle(tess.id, sam.id)
    await textsOn(tess.id)
    return { sam, tess, token: unsubscribeToken(t.app.alerts.deps.links.secret, tess.id, sam.id) }
  }

  it('opens a page whose button posts, and opening it changes nothing', async () => {
    const { tess, token } = await subscribedTess()
    const res = await t.app.inject({ method: 'GET', url: `/api/email/unsubscribe?token=${token}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toContain('Stop e-mails from Sharp Sam')
    expect(res.body).toContain(`<form method="post" action="/api/email/unsubscribe?token=${token}">`)
    expect(res.body).not.toContain('<script')
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    expect(
      await db().select().from(creatorAlertPreferences).where(eq(creatorAlertPreferences.userId, tess.id)),
    ).toEqual([])
  })

  it("stops that creator's e-mails when the pick e-mail's own link is posted from a mail client anywhere", async () => {
    const { sam, tess } = await subscribedTess()
    await announce(sam.id)
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, tess.email), eq(emailOutbox.kind, 'pick')))
    const link = mail!.headers['List-Unsubscribe']!.slice(1, -1)
    const { pathname, search } = new URL(link)

    const res = await t.app.inject({
      method: 'POST',
      url: `${pathname}${search}`,
      headers: { origin: 'https://mail.example.net', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ creatorName: 'Sharp Sam', enabled: false })

    // The next pick: a text, no e-mail.
    const next = await announce(sam.id, { send: false })
    const queued = (await deliveriesTo(tess.id)).filter((d) => d.pickId === next.id)
    expect(queued.map((d) => d.channel)).toEqual(['sms'])
    // Other cross-site changes are still refused.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/sms/unsubscribe',
      headers: { origin: 'https://mail.example.net', cookie: tess.cookie },
      payload: {},
    })
    expect(elsewhere.statusCode).toBe(403)
  })

  it("answers the page's button with a page, and RFC 8058 multipart posts too", async () => {
    const { tess, token } = await subscribedTess()
    const fromPage = await t.app.inject({
      method: 'POST',
      url: `/api/email/unsubscribe?token=${token}`,
      headers: {
        origin: testOrigin,
        accept: 'text/html,application/xhtml+xml',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(fromPage.statusCode).toBe(200)
    expect(fromPage.headers['content-type']).toMatch(/^text\/html/)
    expect(fromPage.body).toContain('You will no longer get e-mails from Sharp Sam')

    const boundary = 'x-boundary'
    const multipart = await t.app.inject({
      method: 'POST',
      url: `/api/email/unsubscribe?token=${token}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    })
    expect(multipart.statusCode, multipart.body).toBe(200)
    const [choice] = await db()
      .select()
      .from(creatorAlertPreferences)
      .where(eq(creatorAlertPreferences.userId, tess.id))
    expect(choice).toMatchObject({ emailEnabled: false, smsEnabled: true })
  })

  it('refuses a token it did not sign, naming the token', async () => {
    const { tess, sam } = await subscribedTess()
    const forged = unsubscribeToken('another-secret-of-at-least-thirty-two-chars', tess.id, sam.id)
    const post = await t.app.inject({ method: 'POST', url: `/api/email/unsubscribe?token=${forged}` })
    expect(post.statusCode).toBe(400)
    expect(fieldsOf(post)).toEqual(['query.token'])
    const short = await t.app.inject({ method: 'POST', url: '/api/email/unsubscribe?token=abc' })
    expect(fieldsOf(short)).toEqual(['query.token'])
    const page = await t.app.inject({ method: 'GET', url: `/api/email/unsubscribe?token=${forged}` })
    expect(page.statusCode).toBe(400)
    expect(page.body).toContain('This unsubscribe link is not valid')
    expect(await db().select().from(creatorAlertPreferences)).toEqual([])
  })
})

describe('test e-mail', () => {
  it('sends the creator their newest pick, marked as a test, to their own address at once, and logs it', async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    await insertPick(db(), sam.id)
    const res = await request(t, 'POST', '/test-email', sam, { email: ' SAM@example.com ' })
    expect(res.statusCode, res.body).toBe(200)
    const { deliveryId, status } = res.json() as { deliveryId: string; status: string }
    expect(status).toBe('sent')

    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'pick_test'))
    expect(mail).toMatchObject({ toAddress: 'sam@example.com' })
    expect(mail!.subject).toBe('[Test] Sharp Sam: Boston Celtics -5.5 -110 · New York Knicks @ Boston Celtics')
    expect(mail!.headers['List-Unsubscribe']).toBeUndefined()
    const [logged] = await db().select().from(alertDeliveries).where(eq(alertDeliveries.id, deliveryId))
    expect(logged).toMatchObject({
      kind: 'test',
      channel: 'email',
      status: 'sent',
      creatorId: sam.id,
      recipientId: sam.id,
      providerId: expect.any(String),
      preview: mail!.subject,
    })
  })

  it('uses a plainly sample pick before the first one', async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    expect((await request(t, 'POST', '/test-email', sam, { email: sam.email })).statusCode).toBe(200)
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'pick_test'))
    expect(mail!.subject).toContain('Sample Home Team')
    expect(mail!.textBody).toContain('This is a sample pick')
  })

  it("goes to the creator's own address only, and only for creators", async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const tess = await customer('tess@example.com', 'Tess Texter')
    const elsewhere = await request(t, 'POST', '/test-email', sam, { email: 'friend@example.com' })
    expect(elsewhere.statusCode).toBe(400)
    expect(errorOf(elsewhere).details).toEqual([
      { field: 'body.email', message: notificationMessages.testEmailOwnAddressOnly },
    ])
    expect(fieldsOf(await request(t, 'POST', '/test-email', sam, { email: 'not an address' }))).toEqual(['body.email'])
    expect((await request(t, 'POST', '/test-email', tess, { email: tess.email })).statusCode).toBe(403)
    expect((await request(t, 'POST', '/test-email', null, { email: sam.email })).statusCode).toBe(401)
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'pick_test'))).toEqual([])
  })

  it('sends at most five an hour', async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    for (let i = 0; i < 5; i++) {
      expect((await request(t, 'POST', '/test-email', sam, { email: sam.email })).statusCode).toBe(200)
    }
    const sixth = await request(t, 'POST', '/test-email', sam, { email: sam.email })
    expect(sixth.statusCode).toBe(429)
    expect(errorOf(sixth).reason).toBe('TEST_EMAIL_LIMIT')
    clock = new Date(clock.getTime() + 61 * 60 * 1000)
    expect((await request(t, 'POST', '/test-email', sam, { email: sam.email })).statusCode).toBe(200)
  })

  it("logs the provider's refusal and says the e-mail could not be sent", async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const deps = t.app.alerts.deps
    const email = deps.email
    deps.email = {
      kind: 'smtp',
      send: async () => {
        throw Object.assign(new Error('550 Mailbox unavailable'), { responseCode: 550 })
      },
      close: async () => {},
    }
    try {
      const res = await request(t, 'POST', '/test-email', sam, { email: sam.email })
      expect(res.statusCode).toBe(503)
      expect(errorOf(res).message).toContain('550 Mailbox unavailable')
    } finally {
      deps.email = email
    }
    const [logged] = await db().select().from(alertDeliveries)
    expect(logged).toMatchObject({ kind: 'test', status: 'failed', error: '550 Mailbox unavailable' })
  })
})

describe('delivery methods', () => {
  it('offers both channels until the creator sets one, then exactly the active ones', async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const methods = async () =>
      DeliveryMethodsAnswer.parse((await request(t, 'GET', `/delivery-methods/${sam.id}`, null)).json())
    expect(await methods()).toEqual({ creatorId: sam.id, methods: [], offered: ['email', 'sms'] })

    const created = await request(t, 'POST', '/delivery-methods', sam, { creatorId: sam.id, method: 'email' })
    expect(created.statusCode, created.body).toBe(201)
    const email = DeliveryMethod.parse(created.json())
    expect(email).toMatchObject({ creatorId: sam.id, method: 'email', isActive: true })
    expect((await methods()).offered).toEqual(['email'])

    const again = await request(t, 'POST', '/delivery-methods', sam, { creatorId: sam.id, method: 'email' })
    expect(again.statusCode).toBe(409)
    expect(errorOf(again).message).toBe(notificationMessages.deliveryMethodExists)

    const sms = DeliveryMethod.parse(
      (await request(t, 'POST', '/delivery-methods', sam, { creatorId: sam.id, method: 'sms', isActive: true })).json(),
    )
    const paused = await request(t, 'PUT', `/delivery-methods/${email.id}`, sam, { isActive: false })
    expect(paused.statusCode, paused.body).toBe(200)
    expect(DeliveryMethod.parse(paused.json()).isActive).toBe(false)
    expect((await methods()).offered).toEqual(['sms'])

    expect((await request(t, 'DELETE', `/delivery-methods/${email.id}`, sam)).statusCode).toBe(204)
    expect((await request(t, 'DELETE', `/delivery-methods/${sms.id}`, sam)).statusCode).toBe(204)
    expect(await methods()).toEqual({ creatorId: sam.id, methods: [], offered: ['email', 'sms'] })
    expect((await request(t, 'DELETE', `/delivery-methods/${sms.id}`, sam)).statusCode).toBe(404)
  })

  it('are changed only by their creator or an administrator, and validated', async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const rita = await signedInCreator('rita@example.com', 'rival_rita', 'Rival Rita')
    const admin = await person(t, 'ops@example.com', 'admin')
    const body = { creatorId: sam.id, method: 'sms' }
    expect((await request(t, 'POST', '/delivery-methods', null, body)).statusCode).toBe(401)
    expect((await request(t, 'POST', '/delivery-methods', rita, body)).statusCode).toBe(403)
    const made = DeliveryMethod.parse((await request(t, 'POST', '/delivery-methods', admin, body)).json())
    expect((await request(t, 'PUT', `/delivery-methods/${made.id}`, rita, { isActive: false })).statusCode).toBe(403)
    expect((await request(t, 'DELETE', `/delivery-methods/${made.id}`, rita)).statusCode).toBe(403)
    expect((await request(t, 'DELETE', `/delivery-methods/${made.id}`, null)).statusCode).toBe(401)

    expect(fieldsOf(await request(t, 'POST', '/delivery-methods', sam, { creatorId: sam.id, method: 'fax' }))).toEqual([
      'body.method',
    ])
    expect(fieldsOf(await request(t, 'PUT', `/delivery-methods/${made.id}`, sam, {}))).toEqual(['body.isActive'])
    const stranger = await customer('tess@example.com', 'Tess Texter')
    const notCreator = await request(t, 'POST', '/delivery-methods', stranger, {
      creatorId: stranger.id,
      method: 'sms',
    })
    expect(notCreator.statusCode).toBe(404)
    expect((await request(t, 'GET', `/delivery-methods/${stranger.id}`, null)).statusCode).toBe(404)
  })
})

describe("operators' logs", () => {
  it('shows a verified administrator every text with its body, codes included', async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const tess = await customer('tess@example.com', 'Tess Texter', { number: '+15551234567' })
    await entitle(tess.id, sam.id)
    await textsOn(tess.id)
    await announce(sam.id)
    const admin = await person(t, 'ops@example.com', 'admin')

    const res = await request(t, 'GET', '/admin/sms-logs?limit=100&includePersonal=true', admin)
    expect(res.statusCode, res.body).toBe(200)
    const logs = AdminSmsLogsAnswer.parse(res.json())
    expect(logs).toMatchObject({ page: 1, limit: 100 })
    expect(logs.deliveries).toEqual([expect.objectContaining({ destination: '+15551234567', status: 'sent' })])
    expect(logs.outbox).toEqual([
      expect.objectContaining({ to: '+15551234567', kind: 'alert_pick', body: expect.stringMatching(/^Sharp Sam: /) }),
    ])
    const mails = await request(t, 'GET', '/admin/email-logs?page=2&limit=1', admin)
    expect(mails.statusCode, mails.body).toBe(200)
    expect(mails.json()).toMatchObject({ page: 2, limit: 1, deliveries: [] })
  })

  it('is closed to customers and to an administrator who has not entered the admin password', async () => {
    const tess = await customer('tess@example.com', 'Tess Texter')
    const unverified = await person(t, 'ops@example.com', 'unverifiedAdmin')
    expect((await request(t, 'GET', '/admin/sms-logs', null)).statusCode).toBe(401)
    expect((await request(t, 'GET', '/admin/sms-logs', tess)).statusCode).toBe(403)
    const locked = await request(t, 'GET', '/admin/email-logs', unverified)
    expect(locked.statusCode).toBe(403)
    expect(errorOf(locked).reason).toBe('ADMIN_PASSWORD_REQUIRED')
  })
})

describe("an administrator's powers over other people's alerts", () => {
  it('wait for the admin password: before it, the same session is refused and nothing changes', async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const tess = await customer('tess@example.com', 'Tess Texter', { number: '+15551234567' })
    await entitle(tess.id, sam.id)
    const ops = await person(t, 'ops@example.com', 'unverifiedAdmin')
    const powers = [
      ['GET', `/sms/preferences/${tess.id}`, undefined],
      ['PUT', `/sms/preferences/${tess.id}`, { emailEnabled: false }],
      ['GET', `/email-preferences/${tess.id}/all`, undefined],
      ['PUT', `/email-preferences/${tess.id}/creator/${sam.id}`, { enabled: false }],
      ['GET', `/creator/subscribers/${sam.id}`, undefined],
      ['GET', '/admin/sms-logs', undefined],
    ] as const

    for (const [method, url, body] of powers) {
      const res = await request(t, method, url, ops, body)
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(errorOf(res).reason, `${method} ${url}`).toBe('ADMIN_PASSWORD_REQUIRED')
    }
    // Naming someone else in the body is checked by the handler: refused all the same.
    expect((await request(t, 'POST', '/sms/subscribe', ops, { userId: tess.id })).statusCode).toBe(403)
    const untouched = await request(t, 'GET', `/sms/preferences/${tess.id}`, tess)
    expect(NotificationPreferences.parse(untouched.json())).toEqual({
      userId: tess.id,
      smsEnabled: false,
      emailEnabled: true,
    })

    await enterAdminPassword(t, ops)
    for (const [method, url, body] of powers) {
      const res = await request(t, method, url, ops, body)
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200)
    }
    const subscribed = await request(t, 'POST', '/sms/subscribe', ops, { userId: tess.id })
    expect(subscribed.statusCode, subscribed.body).toBe(200)
    const changed = await request(t, 'GET', `/sms/preferences/${tess.id}`, tess)
    expect(NotificationPreferences.parse(changed.json())).toEqual({
      userId: tess.id,
      smsEnabled: true,
      emailEnabled: false,
    })
    const choice = await request(t, 'GET', `/email-preferences/${tess.id}/creator/${sam.id}`, tess)
    expect(choice.json()).toEqual({ userId: tess.id, creatorId: sam.id, enabled: false })
  })

  it('answer a visitor 401 whatever the request holds, before reading it', async () => {
    const sam = await signedInCreator('sam@example.com', 'sharp_sam', 'Sharp Sam')
    const tess = await customer('tess@example.com', 'Tess Texter')
    const bodies = [{}, { userId: tess.id }, { emailEnabled: 'yes', creatorId: 'nope', extra: [1, 2] }]
    const writes = [
      ['POST', '/sms/subscribe'],
      ['PUT', `/sms/preferences/${tess.id}`],
      ['PUT', '/sms/preferences/not-an-id'],
      ['PUT', `/email-preferences/${tess.id}/creator/${sam.id}`],
      ['PUT', `/creator/subscribers/${tess.id}/notifications`],
      ['POST', '/delivery-methods'],
    ] as const
    for (const [method, url] of writes) {
      for (const body of bodies) {
        const res = await request(t, method, url, null, body)
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(401)
        expect(errorOf(res).reason).toBe('NOT_SIGNED_IN')
      }
    }
    for (const url of [
      `/sms/preferences/${tess.id}`,
      `/creator/subscribers/${sam.id}?limit=0`,
      '/admin/sms-logs?page=x',
    ]) {
      expect((await request(t, 'GET', url, null)).statusCode, url).toBe(401)
    }
    expect(await db().select().from(notificationSettings)).toEqual([])
  })
})

describe('the OpenAPI document', () => {
  it('describes every alert endpoint', async () => {
    const res = await t.app.inject('/api/docs/json')
    expect(res.statusCode).toBe(200)
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/sms/subscribe',
        '/sms/unsubscribe',
        '/sms/status/{id}',
        '/sms/preferences/{id}',
        '/sms/logs/{id}',
        '/alerts/received/{id}',
        '/sms/creator-stats/{id}',
        '/sms/creator-logs/{id}',
        '/sms/send-batch-now/{id}',
        '/email-preferences/{userId}/all',
        '/email-preferences/{userId}/creator/{creatorId}',
        '/creator/email-stats/{id}',
        '/test-email',
        '/creator/subscribers/{id}',
        '/creator/subscribers/{id}/notifications',
        '/delivery-methods/{id}',
        '/delivery-methods',
        '/email/unsubscribe',
        '/admin/sms-logs',
        '/admin/email-logs',
      ]),
    )
  })
})
