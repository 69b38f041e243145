import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/build-test-app.ts'
import { createOutboxEmailSender, createSmtpEmailSender } from './notifications.service.ts'
import { emailOutbox } from './notifications.table.ts'

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
