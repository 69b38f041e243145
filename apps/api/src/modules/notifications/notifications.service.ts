import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { emailOutbox } from './notifications.table.ts'

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
  echoTo?: FastifyBaseLogger
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
