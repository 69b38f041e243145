import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import twilio from 'twilio'
import { emailOutbox, smsOutbox } from './notifications.table.ts'

export interface EmailMessage {
  to: string
  subject: string
  text: string
  html: string
  kind: string
}

/** Where the product's e-mail goes: an SMTP server, or the database outbox when none is configured. */
export interface EmailSender {
  readonly kind: 'smtp' | 'outbox'
  send(message: EmailMessage): Promise<void>
  close(): Promise<void>
}

export interface OutboxOptions {
  db: Db
  /** Development only: echo each message to the log so a newcomer can read their code offline. */
  echoTo?: Pick<FastifyBaseLogger, 'info'>
}

export function createOutboxEmailSender({ db, echoTo }: OutboxOptions): EmailSender {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(emailOutbox).values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        kind: message.kind,
      })
      echoTo?.info(
        { outbox: { to: message.to, subject: message.subject, text: message.text } },
        'e-mail written to the outbox (development: shown here, nothing was sent)',
      )
    },
    async close() {},
  }
}

export interface SmtpOptions {
  url: string
  from: string
}

export function createSmtpEmailSender({ url, from }: SmtpOptions): EmailSender {
  const parsed = new URL(url)
  const secure = parsed.protocol === 'smtps:'
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)
  const transport = nodemailer.createTransport({
    host: parsed.hostname,
    port: Number(parsed.port) || (secure ? 465 : 587),
    secure,
    // A relay on this machine (a test mailbox, a local MTA) speaks plain SMTP.
    ...(loopback && !secure ? { ignoreTLS: true } : {}),
    ...(parsed.username
      ? { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } }
      : {}),
  })
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { 'X-Picks-Kind': message.kind },
      })
    },
    async close() {
      transport.close()
    },
  }
}

/**
 * Sends without making the caller wait: `send` returns once the message is handed over, a failure
 * is logged (recipient and kind only), and `close` waits for every message still on its way.
 */
export function sendInBackground(inner: EmailSender, log: Pick<FastifyBaseLogger, 'error'>): EmailSender {
  const pending = new Set<Promise<void>>()
  return {
    kind: inner.kind,
    async send(message) {
      const sending = inner
        .send(message)
        .catch((err: unknown) => {
          const reason = err instanceof Error ? err.message : String(err)
          log.error({ to: message.to, kind: message.kind, reason }, 'e-mail could not be sent')
        })
        .finally(() => pending.delete(sending))
      pending.add(sending)
    },
    async close() {
      await Promise.all(pending)
      await inner.close()
    },
  }
}

export interface SmsMessage {
  /** E.164, such as +15551234567. */
  to: string
  body: string
  kind: string
}

/** Where the product's text messages go: Twilio, or the database outbox when it is not configured. */
export interface SmsSender {
  readonly kind: 'twilio' | 'outbox'
  send(message: SmsMessage): Promise<{ id: string }>
}

export function createOutboxSmsSender({ db, echoTo }: OutboxOptions): SmsSender {
  return {
    kind: 'outbox',
    async send(message) {
      const [row] = await db
        .insert(smsOutbox)
        .values({ toNumber: message.to, body: message.body, kind: message.kind })
        .returning({ id: smsOutbox.id })
      echoTo?.info(
        { outbox: { to: message.to, body: message.body } },
        'text message written to the outbox (development: shown here, nothing was sent)',
      )
      return { id: row?.id ?? '' }
    },
  }
}

export interface TwilioOptions {
  accountSid: string
  authToken: string
  from: string
  /** Tests point the official SDK at a local double of Twilio's API. */
  baseUrl?: string
}

export function createTwilioSmsSender({ accountSid, authToken, from, baseUrl }: TwilioOptions): SmsSender {
  const client = twilio(accountSid, authToken)
  if (baseUrl) client.api.baseUrl = baseUrl
  return {
    kind: 'twilio',
    async send(message) {
      const sent = await client.messages.create({ to: message.to, from, body: message.body })
      return { id: sent.sid }
    },
  }
}
