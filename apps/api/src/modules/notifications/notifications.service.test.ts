import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/build-test-app.ts'
import {
  createOutboxEmailSender,
  createOutboxSmsSender,
  createSmtpEmailSender,
  createTwilioSmsSender,
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
  const accountSid = `AC${'1'.repeat(32)}`
  const received: Array<{ path: string; auth: string; form: URLSearchParams }> = []
  let server: http.Server
  let baseUrl: string

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = ''
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
      req.on('end', () => {
        const form = new URLSearchParams(raw)
        received.push({ path: req.url ?? '', auth: req.headers.authorization ?? '', form })
        res.setHeader('content-type', 'application/json')
        if (form.get('To') === '+10000000000') {
          res.statusCode = 400
          res.end(
            JSON.stringify({
              code: 21211,
              message: "The 'To' number +10000000000 is not a valid phone number.",
              status: 400,
            }),
          )
          return
        }
        res.statusCode = 201
        res.end(
          JSON.stringify({
            sid: 'SM0123456789abcdef0123456789abcdef',
            status: 'queued',
            to: form.get('To'),
            body: form.get('Body'),
          }),
        )
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  it('posts the message to the account with its credentials and returns Twilio’s id', async () => {
    const sender = createTwilioSmsSender({ accountSid, authToken: 'token-1', from: '+15550001111', baseUrl })
    const { id } = await sender.send({ to: '+15551234567', body: 'Your code is 123456', kind: 'mfa_code' })
    expect(id).toBe('SM0123456789abcdef0123456789abcdef')
    const request = received.at(-1)!
    expect(request.path).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`)
    expect(request.auth).toBe(`Basic ${Buffer.from(`${accountSid}:token-1`).toString('base64')}`)
    expect(Object.fromEntries(request.form)).toMatchObject({
      To: '+15551234567',
      From: '+15550001111',
      Body: 'Your code is 123456',
    })
  })

  it('fails with Twilio’s own message when it refuses the number', async () => {
    const sender = createTwilioSmsSender({ accountSid, authToken: 'token-1', from: '+15550001111', baseUrl })
    await expect(sender.send({ to: '+10000000000', body: 'x', kind: 'mfa_code' })).rejects.toThrow(
      "The 'To' number +10000000000 is not a valid phone number.",
    )
  })
})
