import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { picks } from '../../db/schema.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createCreator } from '../../test/factories.ts'
import { startTwilioDouble, twilioFailures, type TwilioDouble } from '../../test/twilio-double.ts'
import { createSmtpEmailSender, createTwilioSmsSender } from '../notifications/notifications.service.ts'
import { smsOutbox } from '../notifications/notifications.table.ts'
import { maxAttempts, reclaimExpired, retryDelaysMs, sendDueAlerts } from './alert-delivery.ts'
import { fanOutPick } from './alert-fanout.ts'
import { alertDeliveries } from './alerts.table.ts'
import { insertPick, seedAudience } from './alerts-test-support.ts'
import { handleInboundText } from './sms-replies.ts'

/** The one customer `seedAudience` makes with `count: 1`. */
const dana = { email: 'dana-1@alerts.test', phone: '+15550000001' }

describe('pick alerts through SMTP and Twilio when the providers fail', () => {
  /** What the SMTP server answers each address instead of taking its message (451: later; 550: never). */
  const smtpRefusals = new Map<string, 451 | 550>()
  const mailbox: { to: string[]; raw: string }[] = []
  let smtp: SMTPServer
  let twilioApi: TwilioDouble
  let t: TestApp
  let clock = new Date()

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address)
          const refusal = to.map((address) => smtpRefusals.get(address)).find((code) => code !== undefined)
          if (refusal) {
            const text = refusal === 451 ? 'Greylisted, try again later' : 'Mailbox unavailable'
            callback(Object.assign(new Error(text), { responseCode: refusal }))
            return
          }
          mailbox.push({ to, raw: Buffer.concat(chunks).toString('utf8') })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    const smtpPort = (smtp.server.address() as AddressInfo).port
    twilioApi = await startTwilioDouble()
    const email = createSmtpEmailSender({ url: `smtp://127.0.0.1:${smtpPort}`, from: 'Picks <alerts@picks.local>' })
    const sms = createTwilioSmsSender({
      accountSid: twilioApi.accountSid,
      authToken: twilioApi.authToken,
      from: '+15550001111',
      baseUrl: twilioApi.baseUrl,
    })
    t = await buildTestApp({}, { email, sms, now: () => clock })
  })
  afterAll(async () => {
    await t.app.close()
    await twilioApi.close()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  })
  beforeEach(async () => {
    await t.database.reset()
    twilioApi.reset()
    smtpRefusals.clear()
    mailbox.length = 0
    clock = new Date()
  })

  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms)
  }

  /** Dana subscribes to a creator with e-mail and texts on; the creator's pick is fanned out to her. */
  async function pickForDana() {
    const creator = await createCreator(t.database.db)
    await seedAudience(t.database.db, creator.id, { count: 1, prefix: 'dana', sms: true })
    const pick = await insertPick(t.database.db, creator.id, { now: clock })
    expect(await fanOutPick(t.app.alerts.deps, pick.id)).toMatchObject({ queued: 2 })
    const delivery = async (channel: 'email' | 'sms') => {
      const [row] = await t.database.db
        .select()
        .from(alertDeliveries)
        .where(and(eq(alertDeliveries.pickId, pick.id), eq(alertDeliveries.channel, channel)))
      return row!
    }
    return { creatorId: creator.id, pick, send: () => sendDueAlerts(t.app.alerts.deps, creator.id), delivery }
  }

  it('puts an e-mail back in the queue when the SMTP server answers 451, and sends it on the retry', async () => {
    const { send, delivery } = await pickForDana()
    smtpRefusals.set(dana.email, 451)

    expect(await send()).toEqual({ sent: 1, retrying: 1, failed: 0 })
    const waiting = await delivery('email')
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, sentAt: null, failedAt: null })
    expect(waiting.error).toContain('451')
    expect(waiting.nextAttemptAt.getTime()).toBe(clock.getTime() + retryDelaysMs[0])
    // Not due yet: nothing is tried before its time.
    expect(await send()).toEqual({ sent: 0, retrying: 0, failed: 0 })

    smtpRefusals.delete(dana.email)
    later(retryDelaysMs[0])
    expect(await send()).toEqual({ sent: 1, retrying: 0, failed: 0 })
    const sent = await delivery('email')
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, error: null })
    expect(sent.providerId).toBe(`<${sent.id}@localhost>`)
    expect(mailbox.map((m) => m.to)).toEqual([[dana.email]])
    expect(mailbox[0]!.raw).toContain(`Message-ID: <${sent.id}@localhost>`)
  })

  it('fails an e-mail for good when the SMTP server answers 550', async () => {
    const { send, delivery } = await pickForDana()
    smtpRefusals.set(dana.email, 550)

    expect(await send()).toEqual({ sent: 1, retrying: 0, failed: 1 })
    const failed = await delivery('email')
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed.error).toContain('550')
    expect(failed.failedAt).toEqual(clock)
    later(24 * 60 * 60_000)
    expect(await send()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(mailbox).toHaveLength(0)
  })

  it('tries a text again when Twilio answers 500, and sends it then', async () => {
    const { send, delivery } = await pickForDana()
    twilioApi.failNext(twilioFailures.serverError)

    expect(await send()).toEqual({ sent: 1, retrying: 1, failed: 0 })
    expect(await delivery('sms')).toMatchObject({
      status: 'queued',
      attempts: 1,
      error: 'Internal Server Error',
      providerId: null,
      nextAttemptAt: new Date(clock.getTime() + retryDelaysMs[0]),
    })
    later(retryDelaysMs[0])
    expect(await send()).toEqual({ sent: 1, retrying: 0, failed: 0 })
    const sent = await delivery('sms')
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, error: null, providerId: twilioApi.messages[0]!.sid })
    expect(twilioApi.sentTo(dana.phone)).toBe(1)
    expect(twilioApi.messages[0]!.body).toContain('Reply STOP to opt out')
  })

  it('fails a text for good when Twilio refuses the number with a 400', async () => {
    const { send, delivery } = await pickForDana()
    twilioApi.failFor(dana.phone, twilioFailures.unsubscribed)

    expect(await send()).toEqual({ sent: 1, retrying: 0, failed: 1 })
    expect(await delivery('sms')).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'Attempt to send to unsubscribed recipient',
    })
    later(24 * 60 * 60_000)
    expect(await send()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(twilioApi.requests).toHaveLength(1)
  })

  it(`gives up after ${maxAttempts} passing failures, waiting longer each time`, async () => {
    const { send, delivery } = await pickForDana()
    twilioApi.failFor(dana.phone, twilioFailures.serverError)

    for (let attempt = 1; attempt < maxAttempts; attempt += 1) {
      await send()
      const row = await delivery('sms')
      expect(row).toMatchObject({ status: 'queued', attempts: attempt })
      expect(row.nextAttemptAt.getTime() - clock.getTime()).toBe(retryDelaysMs[attempt - 1])
      // A moment early: still waiting.
      later(retryDelaysMs[attempt - 1]! - 1000)
      expect(await send()).toEqual({ sent: 0, retrying: 0, failed: 0 })
      later(1000)
    }
    expect(await send()).toEqual({ sent: 0, retrying: 0, failed: 1 })
    expect(await delivery('sms')).toMatchObject({
      status: 'failed',
      attempts: maxAttempts,
      error: 'Internal Server Error',
    })
    expect(twilioApi.requests.filter((r) => r.fields.To === dana.phone)).toHaveLength(maxAttempts)
    expect(twilioApi.sentTo(dana.phone)).toBe(0)
  })

  it('fails the deliveries of a pick deleted before they went, and sends nothing', async () => {
    const { pick, send, delivery } = await pickForDana()
    await t.database.db.update(picks).set({ deletedAt: clock }).where(eq(picks.id, pick.id))

    expect(await send()).toEqual({ sent: 0, retrying: 0, failed: 2 })
    for (const channel of ['email', 'sms'] as const) {
      expect(await delivery(channel)).toMatchObject({
        status: 'failed',
        error: 'The pick was deleted before it was sent',
      })
    }
    expect(mailbox).toHaveLength(0)
    expect(twilioApi.requests).toHaveLength(0)
  })

  it('refuses a queued text to a number that replied STOP after the fan-out; the e-mail still goes', async () => {
    const { send, delivery } = await pickForDana()
    const replies = { db: t.database.db, now: () => clock, publicUrl: 'http://localhost:3000' }
    await handleInboundText(replies, {
      from: dana.phone,
      body: 'STOP',
      providerId: `SM${'a'.repeat(32)}`,
      replyVia: 'twiml',
    })

    expect(await send()).toEqual({ sent: 1, retrying: 0, failed: 1 })
    expect(await delivery('sms')).toMatchObject({ status: 'failed', error: 'The number replied STOP' })
    expect(await delivery('email')).toMatchObject({ status: 'sent' })
    expect(twilioApi.requests).toHaveLength(0)
    expect(mailbox).toHaveLength(1)
  })

  it('returns the deliveries of a worker that stopped mid-send to the queue once their lease is over', async () => {
    const { creatorId, send, delivery } = await pickForDana()
    const { leaseMs } = t.app.alerts.deps.tuning
    // A worker claimed both, then died before any answer was recorded.
    await t.database.db
      .update(alertDeliveries)
      .set({ status: 'sending', attempts: 1, claimedUntil: new Date(clock.getTime() + leaseMs) })
      .where(eq(alertDeliveries.creatorId, creatorId))

    expect(await reclaimExpired(t.app.alerts.deps)).toBe(0)
    expect(await send()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    later(leaseMs)
    expect(await reclaimExpired(t.app.alerts.deps)).toBe(2)
    expect(await delivery('sms')).toMatchObject({ status: 'queued', claimedUntil: null, nextAttemptAt: clock })

    expect(await send()).toEqual({ sent: 2, retrying: 0, failed: 0 })
    expect(await delivery('email')).toMatchObject({ status: 'sent', attempts: 2 })
    expect(twilioApi.sentTo(dana.phone)).toBe(1)
    expect(mailbox).toHaveLength(1)
    expect(await reclaimExpired(t.app.alerts.deps)).toBe(0)
  })
})

describe('pick texts through the SMS outbox', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({}, { alertTuning: { sendBatch: 7 } })
  })
  afterAll(async () => {
    await t.app.close()
  })

  it('marks every delivery sent exactly once, even with two senders at work at once', async () => {
    const creator = await createCreator(t.database.db)
    await seedAudience(t.database.db, creator.id, { count: 30, prefix: 'outbox', sms: true })
    const pick = await insertPick(t.database.db, creator.id)
    const deps = t.app.alerts.deps
    expect(await fanOutPick(deps, pick.id)).toMatchObject({ queued: 60 })

    const runs = await Promise.all([sendDueAlerts(deps, creator.id), sendDueAlerts(deps, null)])
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(60)
    expect(runs.every((run) => run.retrying === 0 && run.failed === 0)).toBe(true)
    expect(await reclaimExpired(deps)).toBe(0)
    expect(await sendDueAlerts(deps, null)).toEqual({ sent: 0, retrying: 0, failed: 0 })

    const texts = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.kind, 'alert_pick'))
    expect(texts).toHaveLength(30)
    expect(new Set(texts.map((x) => x.toNumber)).size).toBe(30)
    const deliveries = await t.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.pickId, pick.id))
    expect(deliveries.every((d) => d.status === 'sent' && d.attempts === 1 && d.sentAt !== null)).toBe(true)
    // Each text's delivery names its outbox row.
    const textIds = new Set(texts.map((x) => x.id))
    expect(deliveries.filter((d) => d.channel === 'sms' && textIds.has(d.providerId ?? ''))).toHaveLength(30)
  })
})
