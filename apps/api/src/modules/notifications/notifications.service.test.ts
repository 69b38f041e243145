import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/build-test-app.ts'
import { startTwilioDouble, twilioFailures, type TwilioDouble } from '../../test/twilio-double.ts'
import {
  classifySendFailure,
  createOutboxEmailSender,
  createOutboxSmsSender,
  createSmtpEmailSender,
  createTwilioSmsSender,
  SendFailure,
  sendInBackground,
  type EmailSender,
} from './notifications.service.ts'
import { emailOutbox, smsOutbox } from './notifications.table.ts'

const message = {
  to: 'dana@example.com',
  subject: 'Your Picks Marketplace verification code',
  text: 'Your code is 123456',
  html: '<p>Your code is <strong>123456</strong></p>',
  kind: 'verification',
}

describe('the outbox e-mail sender', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.close()
  })

  it('keeps the whole message in the database', async () => {
    await createOutboxEmailSender({ db: database.db }).send(message)
    const rows = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, message.to))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      kind: 'verification',
    })
  })

  it('echoes the recipient, subject and text to the log only when given a log (development)', async () => {
    const lines: unknown[] = []
    await createOutboxEmailSender({ db: database.db, echoTo: { info: (obj: unknown) => lines.push(obj) } }).send(
      message,
    )
    expect(lines).toEqual([{ outbox: { to: message.to, subject: message.subject, text: message.text } }])
  })
})

describe('sending in the background', () => {
  it('returns before the message is handed over, logs a failure without its content, and waits on close', async () => {
    const handedOver: string[] = []
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const inner: EmailSender = {
      kind: 'smtp',
      async send(m) {
        await gate
        if (m.to === 'broken@example.com') throw new Error('550 mailbox unavailable')
        handedOver.push(m.to)
        return { id: m.to }
      },
      async close() {},
    }
    const errors: unknown[] = []
    const sender = sendInBackground(inner, { error: (obj: unknown) => errors.push(obj) })
    await sender.send(message)
    await sender.send({ ...message, to: 'broken@example.com' })
    expect(handedOver).toEqual([])
    release()
    await sender.close()
    expect(handedOver).toEqual([message.to])
    expect(errors).toEqual([{ to: 'broken@example.com', kind: 'verification', reason: '550 mailbox unavailable' }])
    expect(sender.kind).toBe('smtp')
  })
})

describe('the SMTP e-mail sender', () => {
  const received: Array<{ from: string; to: string[]; raw: string }> = []
  let server: SMTPServer
  let port: number

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  it('delivers to a real SMTP server with text and HTML parts', async () => {
    const sender = createSmtpEmailSender({
      url: `smtp://127.0.0.1:${port}`,
      from: 'Picks Marketplace <no-reply@picks.local>',
    })
    await sender.send(message)
    await sender.close()

    expect(received).toHaveLength(1)
    const mail = received[0]!
    expect(mail.from).toBe('no-reply@picks.local')
    expect(mail.to).toEqual(['dana@example.com'])
    expect(mail.raw).toContain('Subject: Your Picks Marketplace verification code')
    expect(mail.raw).toContain('Content-Type: text/plain')
    expect(mail.raw).toContain('Content-Type: text/html')
    expect(mail.raw).toContain('123456')
    expect(mail.raw).toContain('X-Picks-Kind: verification')
  })

  it('fails loudly when the server cannot be reached', async () => {
    const sender = createSmtpEmailSender({ url: 'smtp://127.0.0.1:1', from: 'no-reply@picks.local' })
    await expect(sender.send(message)).rejects.toThrow()
    await sender.close()
  })
})

describe('the outbox SMS sender', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.close()
  })

  it('keeps the text in the database', async () => {
    const { id } = await createOutboxSmsSender({ db: database.db }).send({
      to: '+15551234567',
      body: 'Your Picks Marketplace code is 123456',
      kind: 'phone_verification',
    })
    const [row] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.id, id))
    expect(row).toMatchObject({ toNumber: '+15551234567', kind: 'phone_verification' })
  })
})

describe('the Twilio SMS sender, through the official SDK against a local double of its API', () => {
  let twilioApi: TwilioDouble
  const sender = (extra: { authToken?: string; statusCallbackUrl?: string } = {}) =>
    createTwilioSmsSender({
      accountSid: twilioApi.accountSid,
      authToken: twilioApi.authToken,
      from: '+15550001111',
      baseUrl: twilioApi.baseUrl,
      ...extra,
    })
  const text = { to: '+15551234567', body: 'Your code is 123456', kind: 'mfa_code' }

  /** What the adapter threw, as the delivery pipeline sorts it. */
  async function failureOf(send: Promise<unknown>) {
    const err = await send.then(
      () => null,
      (e: unknown) => e,
    )
    if (err === null) throw new Error('the send went through')
    return classifySendFailure(err)
  }

  beforeAll(async () => {
    twilioApi = await startTwilioDouble({ authToken: 'token-1' })
  })
  beforeEach(() => {
    twilioApi.reset()
  })
  afterAll(async () => {
    await twilioApi.close()
  })

  it('posts the message to the account with its credentials and returns Twilio’s id', async () => {
    const { id } = await sender().send(text)
    expect(id).toMatch(/^SM[0-9a-f]{32}$/)
    expect(twilioApi.messages).toEqual([
      { sid: id, to: '+15551234567', from: '+15550001111', body: 'Your code is 123456', statusCallback: null },
    ])
    expect(twilioApi.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${twilioApi.accountSid}/Messages.json`,
      status: 201,
    })
  })

  it('gives each message its own id', async () => {
    const first = await sender().send(text)
    const second = await sender().send(text)
    expect(first.id).not.toBe(second.id)
    expect(twilioApi.sentTo('+15551234567')).toBe(2)
  })

  it('asks Twilio to report each message’s fate to the status callback when one is configured', async () => {
    const statusCallbackUrl = 'https://picks.example/api/webhooks/twilio/status'
    await sender({ statusCallbackUrl }).send(text)
    expect(twilioApi.requests.at(-1)!.fields).toMatchObject({ To: text.to, StatusCallback: statusCallbackUrl })
  })

  it('is refused with a wrong auth token, and the refusal is not worth repeating', async () => {
    const failure = await failureOf(sender({ authToken: 'wrong' }).send(text))
    expect(failure).toMatchObject({ permanent: true, message: 'Authenticate' })
    expect(twilioApi.messages).toHaveLength(0)
  })

  it('fails for good, with Twilio’s own message, when it refuses the number (21211) or the number opted out (21610)', async () => {
    const invalid = await failureOf(sender().send({ ...text, to: '+1234' }))
    expect(invalid).toMatchObject({ permanent: true, message: "The 'To' number +1234 is not a valid phone number." })
    twilioApi.failFor(text.to, twilioFailures.unsubscribed)
    const unsubscribed = await failureOf(sender().send(text))
    expect(unsubscribed).toBeInstanceOf(SendFailure)
    expect(unsubscribed).toMatchObject({ permanent: true, message: 'Attempt to send to unsubscribed recipient' })
    expect(twilioApi.messages).toHaveLength(0)
  })

  it('fails for now, to be tried again, when Twilio answers 500 or 429', async () => {
    twilioApi.failNext(twilioFailures.serverError)
    twilioApi.failNext(twilioFailures.tooManyRequests)
    expect(await failureOf(sender().send(text))).toMatchObject({ permanent: false, message: 'Internal Server Error' })
    expect(await failureOf(sender().send(text))).toMatchObject({ permanent: false, message: 'Too Many Requests' })
    // The failures were used up: the next one goes through.
    await sender().send(text)
    expect(twilioApi.requests.map((r) => r.status)).toEqual([500, 429, 201])
  })

  it('fails for now when Twilio cannot be reached at all', async () => {
    const unreachable = createTwilioSmsSender({
      accountSid: twilioApi.accountSid,
      authToken: twilioApi.authToken,
      from: '+15550001111',
      baseUrl: 'http://127.0.0.1:1',
    })
    expect(await failureOf(unreachable.send(text))).toMatchObject({ permanent: false })
  })
})

describe('sorting a provider’s failure', () => {
  it('treats SMTP 4xx replies as passing and 5xx as permanent', () => {
    expect(classifySendFailure(Object.assign(new Error('451 try later'), { responseCode: 451 })).permanent).toBe(false)
    expect(classifySendFailure(Object.assign(new Error('550 no such user'), { responseCode: 550 })).permanent).toBe(
      true,
    )
  })

  it('treats an HTTP 4xx as permanent except 408 and 429, and a 5xx or no answer as passing', () => {
    const http = (status: number) => classifySendFailure(Object.assign(new Error(`HTTP ${status}`), { status }))
    expect([400, 401, 404, 408, 429, 500, 503].map((s) => http(s).permanent)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ])
    expect(classifySendFailure(new Error('ECONNRESET')).permanent).toBe(false)
    expect(classifySendFailure('timeout')).toMatchObject({ permanent: false, message: 'timeout' })
  })
})
