import { and, eq } from 'drizzle-orm'
import twilio from 'twilio'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createCreator } from '../../test/factories.ts'
import { person, request } from '../../test/people.ts'
import { startTwilioDouble, type TwilioDouble } from '../../test/twilio-double.ts'
import { createTwilioSmsSender } from '../notifications/notifications.service.ts'
import { smsOutbox } from '../notifications/notifications.table.ts'
import { users } from '../users/users.table.ts'
import { sendDueAlerts } from './alert-delivery.ts'
import { fanOutPick } from './alert-fanout.ts'
import { helpText } from './alert-messages.ts'
import { alertDeliveries, smsInbound, smsNumbers } from './alerts.table.ts'
import { insertPick, seedAudience } from './alerts-test-support.ts'
import { smsReplyTexts } from './sms-replies.ts'

const publicUrl = 'https://picks.example'
const twilioConfig = { accountSid: `AC${'1'.repeat(32)}`, authToken: 'token', from: '+15550001111' }
/** The first number `seedAudience` gives out. */
const dana = '+15550000001'
const sam = '+15550000002'

let sidCount = 0
/** A fresh Twilio message id. */
function nextSid(): string {
  sidCount += 1
  return `SM${sidCount.toString(16).padStart(32, '0')}`
}

/** What Twilio posts when a text arrives at our number (its usual fields, not only the ones we read). */
function incoming(from: string, body: string, sid = nextSid()): Record<string, string> {
  return {
    ToCountry: 'US',
    ToState: 'CA',
    SmsMessageSid: sid,
    NumMedia: '0',
    SmsSid: sid,
    SmsStatus: 'received',
    Body: body,
    FromCountry: 'US',
    To: twilioConfig.from,
    NumSegments: '1',
    MessageSid: sid,
    AccountSid: twilioConfig.accountSid,
    From: from,
    ApiVersion: '2010-04-01',
  }
}

/** Twilio's report on a text we sent. */
function statusReport(sid: string, status: string, error?: { code: string; message?: string }) {
  return {
    AccountSid: twilioConfig.accountSid,
    MessageSid: sid,
    SmsSid: sid,
    MessageStatus: status,
    SmsStatus: status,
    To: dana,
    From: twilioConfig.from,
    ApiVersion: '2010-04-01',
    ...(error ? { ErrorCode: error.code, ...(error.message ? { ErrorMessage: error.message } : {}) } : {}),
  }
}

/** Posts form fields to a Twilio webhook the way Twilio does: signed for our public address of that path. */
function twilioPost(
  t: TestApp,
  path: string,
  fields: Record<string, string>,
  options: { signature?: string | null; signedFields?: Record<string, string>; signedUrl?: string } = {},
) {
  const url = options.signedUrl ?? `${publicUrl}/api${path}`
  const signature =
    options.signature === undefined
      ? twilio.getExpectedTwilioSignature(twilioConfig.authToken, url, options.signedFields ?? fields)
      : options.signature
  return t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: {
      // As Twilio sends it.
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
      ...(signature !== null ? { 'x-twilio-signature': signature } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  })
}

const twiml = (reply: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${reply}</Message></Response>`

describe('texts arriving through Twilio’s signed webhook', () => {
  let t: TestApp
  let twilioApi: TwilioDouble

  beforeAll(async () => {
    twilioApi = await startTwilioDouble({ accountSid: twilioConfig.accountSid, authToken: twilioConfig.authToken })
    const sms = createTwilioSmsSender({
      ...twilioConfig,
      baseUrl: twilioApi.baseUrl,
      statusCallbackUrl: `${publicUrl}/api/webhooks/twilio/status`,
    })
    t = await buildTestApp({ twilio: twilioConfig, publicUrl }, { sms })
  })
  afterAll(async () => {
    await t.app.close()
    await twilioApi.close()
  })
  beforeEach(async () => {
    await t.database.reset()
    twilioApi.reset()
  })

  const sms = (from: string, body: string, sid?: string) =>
    twilioPost(t, '/webhooks/twilio/sms', incoming(from, body, sid))
  const numberOf = async (phone: string) =>
    (await t.database.db.select().from(smsNumbers).where(eq(smsNumbers.phone, phone)))[0]
  const replies = () => t.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.kind, 'reply'))

  it('turns texts off for the number that replied STOP, and confirms it in the TwiML answer', async () => {
    const creator = await createCreator(t.database.db)
    const [danaId] = await seedAudience(t.database.db, creator.id, { count: 1, prefix: 'stop', sms: true })

    const res = await sms(dana, 'STOP')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/xml/)
    expect(res.body).toBe(twiml(smsReplyTexts.stop))
    expect((await numberOf(dana))?.optedOutAt).toBeInstanceOf(Date)

    const [inbound] = await t.database.db.select().from(smsInbound)
    expect(inbound).toMatchObject({ fromNumber: dana, body: 'STOP', keyword: 'stop' })
    // The confirmation is in Dana's log: sent in the answer, so Twilio has no id of it for us.
    expect(await replies()).toEqual([
      expect.objectContaining({
        channel: 'sms',
        destination: dana,
        recipientId: danaId,
        preview: smsReplyTexts.stop,
        status: 'sent',
        providerId: null,
      }),
    ])
    expect(twilioApi.messages).toHaveLength(0)
  })

  it('takes UNSUBSCRIBE and the other stop words in any case, from a number no account has', async () => {
    const res = await sms(sam, '  unsubscribe ')
    expect(res.body).toBe(twiml(smsReplyTexts.stop))
    expect((await numberOf(sam))?.optedOutAt).toBeInstanceOf(Date)
    await sms(dana, 'Cancel')
    expect((await numberOf(dana))?.optedOutAt).toBeInstanceOf(Date)
    expect((await replies()).map((r) => r.recipientId)).toEqual([null, null])
  })

  it('turns texts back on when the number replies START', async () => {
    await sms(dana, 'STOP')
    const res = await sms(dana, 'start')
    expect(res.body).toBe(twiml(smsReplyTexts.start))
    expect(await numberOf(dana)).toMatchObject({ optedOutAt: null })
    expect((await replies()).map((r) => r.preview)).toEqual([smsReplyTexts.stop, smsReplyTexts.start])
  })

  it('answers HELP with the help text, XML-escaped, and changes nothing', async () => {
    const res = await sms(dana, 'help')
    const help = helpText(publicUrl)
    expect(help).toContain('&')
    expect(res.body).toBe(twiml(help.replaceAll('&', '&amp;')))
    expect(await numberOf(dana)).toBeUndefined()
    expect((await replies()).map((r) => r.preview)).toEqual([help])
  })

  it('keeps any other text and answers nothing', async () => {
    const res = await sms(dana, 'Who won last night? <3')
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>')
    const [inbound] = await t.database.db.select().from(smsInbound)
    expect(inbound).toMatchObject({ body: 'Who won last night? <3', keyword: null })
    expect(await replies()).toHaveLength(0)
  })

  it('refuses a missing, wrong or tampered signature with 403 and changes nothing', async () => {
    const fields = incoming(dana, 'STOP')
    const path = '/webhooks/twilio/sms'
    const missing = await twilioPost(t, path, fields, { signature: null })
    expect(missing.statusCode).toBe(403)
    expect(missing.json().error.reason).toBe('BAD_SIGNATURE')
    expect((await twilioPost(t, path, fields, { signature: 'bm90IGEgc2lnbmF0dXJl' })).statusCode).toBe(403)
    const tampered = await twilioPost(t, path, fields, { signedFields: { ...fields, From: sam } })
    expect(tampered.statusCode).toBe(403)
    const elsewhere = await twilioPost(t, path, fields, { signedUrl: `https://evil.example/api${path}` })
    expect(elsewhere.statusCode).toBe(403)
    const otherToken = twilio.getExpectedTwilioSignature('another-token', `${publicUrl}/api${path}`, fields)
    expect((await twilioPost(t, path, fields, { signature: otherToken })).statusCode).toBe(403)

    expect(await t.database.db.select().from(smsInbound)).toHaveLength(0)
    expect(await numberOf(dana)).toBeUndefined()
  })

  it('answers a signed webhook without the fields it needs with 400 naming them', async () => {
    const { MessageSid: _sid, ...withoutSid } = incoming(dana, 'STOP')
    const res = await twilioPost(t, '/webhooks/twilio/sms', { ...withoutSid, From: 'not a number' })
    expect(res.statusCode).toBe(400)
    const fields = (res.json().error.details as { field: string }[]).map((d) => d.field)
    expect(fields).toEqual(expect.arrayContaining(['body.MessageSid', 'body.From']))
  })

  it('applies a repeated MessageSid once and answers it the same', async () => {
    const stopSid = nextSid()
    expect((await sms(dana, 'STOP', stopSid)).body).toBe(twiml(smsReplyTexts.stop))
    await sms(dana, 'START')
    // Twilio repeats the first webhook (it did not get our answer in time): Dana stays subscribed.
    const again = await sms(dana, 'STOP', stopSid)
    expect(again.statusCode).toBe(200)
    expect(again.body).toBe(twiml(smsReplyTexts.stop))
    expect(await numberOf(dana)).toMatchObject({ optedOutAt: null })
    expect(await t.database.db.select().from(smsInbound).where(eq(smsInbound.providerId, stopSid))).toHaveLength(1)
    expect(await replies()).toHaveLength(2)
  })

  it('sends no pick text to a number that replied STOP, queued or not, and texts it again after START', async () => {
    const creator = await createCreator(t.database.db)
    await seedAudience(t.database.db, creator.id, { count: 2, prefix: 'fan', sms: true })
    const deps = t.app.alerts.deps

    // Dana says STOP after the first pick's texts were queued: hers is refused at sending.
    const first = await insertPick(t.database.db, creator.id)
    await fanOutPick(deps, first.id)
    await sms(dana, 'STOP')
    expect(await sendDueAlerts(deps, creator.id)).toEqual({ sent: 3, retrying: 0, failed: 1 })
    expect(twilioApi.sentTo(dana)).toBe(0)
    expect(twilioApi.sentTo(sam)).toBe(1)
    const [refused] = await t.database.db
      .select()
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.destination, dana), eq(alertDeliveries.pickId, first.id)))
    expect(refused).toMatchObject({ status: 'failed', error: 'The number replied STOP' })

    // The next pick does not queue a text for her at all; her e-mail still goes.
    const second = await insertPick(t.database.db, creator.id)
    expect(await fanOutPick(deps, second.id)).toMatchObject({ queued: 3 })
    await sendDueAlerts(deps, creator.id)
    expect(twilioApi.sentTo(dana)).toBe(0)

    await sms(dana, 'START')
    const third = await insertPick(t.database.db, creator.id)
    expect(await fanOutPick(deps, third.id)).toMatchObject({ queued: 4 })
    expect(await sendDueAlerts(deps, creator.id)).toEqual({ sent: 4, retrying: 0, failed: 0 })
    expect(twilioApi.sentTo(dana)).toBe(1)
    expect(twilioApi.sentTo(sam)).toBe(3)
  })

  describe('the status callback', () => {
    /** A pick text sent to Dana through the double; its delivery row. */
    async function sentText() {
      const creator = await createCreator(t.database.db)
      await seedAudience(t.database.db, creator.id, { count: 1, prefix: 'status', sms: true })
      const pick = await insertPick(t.database.db, creator.id)
      await fanOutPick(t.app.alerts.deps, pick.id)
      await sendDueAlerts(t.app.alerts.deps, creator.id)
      const [delivery] = await t.database.db
        .select()
        .from(alertDeliveries)
        .where(and(eq(alertDeliveries.pickId, pick.id), eq(alertDeliveries.channel, 'sms')))
      expect(delivery).toMatchObject({ status: 'sent' })
      expect(twilioApi.messages[0]).toMatchObject({
        sid: delivery!.providerId,
        statusCallback: `${publicUrl}/api/webhooks/twilio/status`,
      })
      return delivery!
    }
    const report = (fields: Record<string, string>) => twilioPost(t, '/webhooks/twilio/status', fields)
    const reread = async (id: string) =>
      (await t.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.id, id)))[0]!

    it('marks a text delivered, and a late "sent" or "failed" after that changes nothing', async () => {
      const delivery = await sentText()
      const sid = delivery.providerId!
      const queued = await report(statusReport(sid, 'queued'))
      expect(queued.json()).toEqual({ received: true, updated: false })
      expect(await reread(delivery.id)).toMatchObject({ status: 'sent' })

      const delivered = await report(statusReport(sid, 'delivered'))
      expect(delivered.statusCode).toBe(200)
      expect(delivered.json()).toEqual({ received: true, updated: true })
      const after = await reread(delivery.id)
      expect(after).toMatchObject({ status: 'delivered', error: null })
      expect(after.deliveredAt).toBeInstanceOf(Date)

      expect((await report(statusReport(sid, 'sent'))).json()).toEqual({ received: true, updated: false })
      expect((await report(statusReport(sid, 'failed', { code: '30008' }))).json().updated).toBe(false)
      expect(await reread(delivery.id)).toMatchObject({ status: 'delivered', deliveredAt: after.deliveredAt })
    })

    it('marks a text failed with Twilio’s code and message', async () => {
      const delivery = await sentText()
      const res = await report(
        statusReport(delivery.providerId!, 'undelivered', {
          code: '30003',
          message: 'Unreachable destination handset',
        }),
      )
      expect(res.json()).toEqual({ received: true, updated: true })
      const after = await reread(delivery.id)
      expect(after).toMatchObject({ status: 'failed', error: 'Twilio 30003: Unreachable destination handset' })
      expect(after.failedAt).toBeInstanceOf(Date)
      // Failed is final: a delivery report after it does not bring it back.
      expect((await report(statusReport(delivery.providerId!, 'delivered'))).json().updated).toBe(false)
    })

    it('names a failure Twilio reports by its code alone', async () => {
      const delivery = await sentText()
      await report(statusReport(delivery.providerId!, 'failed', { code: '30007' }))
      expect(await reread(delivery.id)).toMatchObject({
        status: 'failed',
        error: 'Twilio 30007: Message filtered by the carrier',
      })
    })

    it('answers 200 for a message it does not know and changes nothing', async () => {
      const delivery = await sentText()
      const res = await report(statusReport(nextSid(), 'delivered'))
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ received: true, updated: false })
      expect(await reread(delivery.id)).toMatchObject({ status: 'sent' })
    })

    it('refuses an unsigned report with 403 and an unknown status with 400', async () => {
      const delivery = await sentText()
      const fields = statusReport(delivery.providerId!, 'delivered')
      expect((await twilioPost(t, '/webhooks/twilio/status', fields, { signature: null })).statusCode).toBe(403)
      // Signed for the other webhook's address: not valid here.
      const crossed = await twilioPost(t, '/webhooks/twilio/status', fields, {
        signedUrl: `${publicUrl}/api/webhooks/twilio/sms`,
      })
      expect(crossed.statusCode).toBe(403)
      expect(await reread(delivery.id)).toMatchObject({ status: 'sent' })
      const unknown = await report(statusReport(delivery.providerId!, 'teleported'))
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json().error.details[0].field).toBe('body.MessageStatus')
    })
  })

  it('has no simulated replies while texts go through Twilio', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sms/simulate-reply',
      payload: { from: dana, body: 'STOP' },
    })
    expect(res.statusCode).toBe(404)
    expect(await t.database.db.select().from(smsInbound)).toHaveLength(0)
  })
})

describe('replies simulated through the outbox (no Twilio configured)', () => {
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

  /** A signed-in person whose phone `phone` is verified (or not). */
  async function withPhone(email: string, phone: string, verified = true) {
    const who = await person(t, email)
    await t.database.db.update(users).set({ phone, phoneVerified: verified }).where(eq(users.id, who.id))
    return who
  }

  it('has no Twilio webhooks', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/sms',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' },
      payload: new URLSearchParams(incoming(dana, 'STOP')).toString(),
    })
    expect(res.statusCode).toBe(404)
    const status = await t.app.inject({ method: 'POST', url: '/api/webhooks/twilio/status', payload: {} })
    expect(status.statusCode).toBe(404)
  })

  it('says STOP from your own verified number: texts off, the confirmation in the outbox and your log', async () => {
    const who = await withPhone('dana@example.com', dana)
    const res = await request(t, 'POST', '/sms/simulate-reply', who, { from: '+1 555 000 0001', body: 'stop' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ action: 'opted_out', reply: smsReplyTexts.stop })
    const [number] = await t.database.db.select().from(smsNumbers).where(eq(smsNumbers.phone, dana))
    expect(number?.optedOutAt).toBeInstanceOf(Date)

    const texts = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.toNumber, dana))
    expect(texts).toEqual([expect.objectContaining({ body: smsReplyTexts.stop, kind: 'alert_reply' })])
    const [logged] = await t.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.kind, 'reply'))
    expect(logged).toMatchObject({ recipientId: who.id, status: 'sent', providerId: texts[0]!.id })
    expect(logged!.sentAt).toBeInstanceOf(Date)

    const start = await request(t, 'POST', '/sms/simulate-reply', who, { from: dana, body: 'START' })
    expect(start.json()).toEqual({ action: 'opted_in', reply: smsReplyTexts.start })
    const help = await request(t, 'POST', '/sms/simulate-reply', who, { from: dana, body: 'HELP' })
    expect(help.json()).toEqual({ action: 'help', reply: helpText('http://localhost:3000') })
    const other = await request(t, 'POST', '/sms/simulate-reply', who, { from: dana, body: 'thanks!' })
    expect(other.json()).toEqual({ action: 'none', reply: null })
    expect(await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.toNumber, dana))).toHaveLength(3)
    expect(await t.database.db.select().from(smsInbound)).toHaveLength(4)
  })

  it('refuses someone else’s number, an unverified number and a visitor; an administrator may use any', async () => {
    await withPhone('dana@example.com', dana)
    const sam1 = await withPhone('sam@example.com', sam, false)
    const stop = (who: Parameters<typeof request>[3], from: string) =>
      request(t, 'POST', '/sms/simulate-reply', who, { from, body: 'STOP' })

    expect((await stop(sam1, dana)).statusCode).toBe(403)
    expect((await stop(sam1, sam)).statusCode).toBe(403)
    expect((await stop(null, dana)).statusCode).toBe(401)
    // An administrator's any-number power needs a session that entered the admin password.
    expect((await stop(await person(t, 'ops@example.com', 'unverifiedAdmin'), sam)).statusCode).toBe(403)
    expect(await t.database.db.select().from(smsInbound)).toHaveLength(0)

    const admin = await person(t, 'admin@example.com', 'admin')
    const res = await stop(admin, sam)
    expect(res.statusCode).toBe(200)
    expect(res.json().action).toBe('opted_out')
    const [logged] = await t.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.kind, 'reply'))
    // Sam's number is not verified: the reply is logged to the number, not to Sam.
    expect(logged).toMatchObject({ destination: sam, recipientId: null })
  })

  it('answers a bad body with 400 naming the field', async () => {
    const who = await withPhone('dana@example.com', dana)
    const res = await request(t, 'POST', '/sms/simulate-reply', who, { from: '555-0001', body: '' })
    expect(res.statusCode).toBe(400)
    const fields = (res.json().error.details as { field: string }[]).map((d) => d.field)
    expect(fields).toEqual(expect.arrayContaining(['body.from', 'body.body']))
  })
})
