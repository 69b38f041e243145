import { createRequire } from 'node:module'
import type Nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { containsPattern } from '../../db/like.ts'
import { countUpTo } from '../../db/counts.ts'
import type Twilio from 'twilio'
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import { smsSegments } from '@picks/contracts/client'
import { emailOutbox, smsOutbox } from './notifications.table.ts'

// The SMTP and Twilio clients load when a sender of theirs is made: a server that sends to its
// outboxes never loads them (about 0.4 s of a start together, docs/performance.md "Start time").
const require = createRequire(import.meta.url)
const nodemailer = (): typeof Nodemailer => require('nodemailer') as typeof Nodemailer
const twilio = (): typeof Twilio => require('twilio') as typeof Twilio

// The outboxes' backlog, for the admin console's system status.
export { outboxBacklog } from './outbox-figures.ts'

export interface EmailMessage {
  to: string
  subject: string
  text: string
  html: string
  kind: string
  /** Extra headers (`List-Unsubscribe`, …). A `Message-ID` given here is the message's own. */
  headers?: Record<string, string>
}

/** Where the product's e-mail goes: an SMTP server, or the database outbox when none is configured. */
export interface EmailSender {
  readonly kind: 'smtp' | 'outbox'
  /** Resolves once the server (or the outbox) has taken the message; `id` is its Message-ID or outbox row. */
  send(message: EmailMessage): Promise<{ id: string }>
  close(): Promise<void>
}

/**
 * A send that did not go through. `permanent`: trying again cannot help (an SMTP 5xx reply, an
 * HTTP 4xx such as an invalid or unsubscribed number); otherwise the same message may be tried later.
 */
export class SendFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message)
    this.name = 'SendFailure'
  }
}

function numberField(err: object, name: string): number | null {
  const value = (err as Record<string, unknown>)[name]
  return typeof value === 'number' ? value : null
}

/**
 * Sorts a provider's error into passing or permanent. SMTP: 4xx replies are passing, 5xx
 * permanent (RFC 5321). HTTP APIs (Twilio): 4xx permanent but for 408 and 429, 5xx passing. No
 * answer at all (refused, reset, timed out) is passing.
 */
export function classifySendFailure(err: unknown): SendFailure {
  if (err instanceof SendFailure) return err
  const message = err instanceof Error ? err.message : String(err)
  if (typeof err !== 'object' || err === null) return new SendFailure(message, false)
  const smtpCode = numberField(err, 'responseCode')
  if (smtpCode !== null) return new SendFailure(message, smtpCode >= 500)
  const httpStatus = numberField(err, 'status')
  if (httpStatus !== null) {
    const passing = httpStatus >= 500 || httpStatus === 408 || httpStatus === 429
    return new SendFailure(message, !passing)
  }
  return new SendFailure(message, false)
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
      const [row] = await db
        .insert(emailOutbox)
        .values({
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html,
          kind: message.kind,
          headers: message.headers ?? {},
        })
        .returning({ id: emailOutbox.id })
      echoTo?.info(
        { outbox: { to: message.to, subject: message.subject, text: message.text } },
        'e-mail written to the outbox (development: shown here, nothing was sent)',
      )
      return { id: message.headers?.['Message-ID'] ?? row?.id ?? '' }
    },
    async close() {},
  }
}

export interface SmtpOptions {
  url: string
  from: string
  /** Connections kept open to the server, for sending many messages at once (pick alerts). */
  maxConnections?: number
}

export function createSmtpEmailSender({ url, from, maxConnections = 5 }: SmtpOptions): EmailSender {
  const parsed = new URL(url)
  const secure = parsed.protocol === 'smtps:'
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)
  const transport = nodemailer().createTransport({
    pool: true,
    maxConnections,
    maxMessages: Infinity,
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
      const { 'Message-ID': messageId, ...headers } = message.headers ?? {}
      const sent = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { 'X-Picks-Kind': message.kind, ...headers },
        ...(messageId ? { messageId } : {}),
      })
      return { id: sent.messageId }
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
        .then(() => undefined)
        .catch((err: unknown) => {
          const reason = err instanceof Error ? err.message : String(err)
          log.error({ to: message.to, kind: message.kind, reason }, 'e-mail could not be sent')
        })
        .finally(() => pending.delete(sending))
      pending.add(sending)
      return { id: message.headers?.['Message-ID'] ?? '' }
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
  /** Resolves once the provider has taken the message; `id` is its message id (Twilio's SM…, or the outbox row). */
  send(message: SmsMessage): Promise<{ id: string }>
}

export function createOutboxSmsSender({ db, echoTo }: OutboxOptions): SmsSender {
  return {
    kind: 'outbox',
    async send(message) {
      const [row] = await db
        .insert(smsOutbox)
        .values({
          toNumber: message.to,
          body: message.body,
          kind: message.kind,
          segments: smsSegments(message.body).segments,
        })
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
  /** Where Twilio reports each message's fate (queued, sent, delivered, undelivered, failed); public https only. */
  statusCallbackUrl?: string
}

export function createTwilioSmsSender({
  accountSid,
  authToken,
  from,
  baseUrl,
  statusCallbackUrl,
}: TwilioOptions): SmsSender {
  const client = twilio()(accountSid, authToken, { autoRetry: false, keepAlive: true })
  if (baseUrl) client.api.baseUrl = baseUrl
  return {
    kind: 'twilio',
    async send(message) {
      const sent = await client.messages.create({
        to: message.to,
        from,
        body: message.body,
        ...(statusCallbackUrl ? { statusCallback: statusCallbackUrl } : {}),
      })
      return { id: sent.sid }
    },
  }
}

/**
 * Checks the `X-Twilio-Signature` of a webhook Twilio sent to `url` (the full public address it
 * was configured with) with these form fields, as Twilio signs them.
 */
export function isTwilioSignatureValid(
  authToken: string,
  signature: string | undefined,
  url: string,
  fields: Record<string, string>,
): boolean {
  if (!signature) return false
  return twilio().validateRequest(authToken, signature, url, fields)
}

export interface Senders {
  /** Where e-mail goes, as configured: SMTP, else the outbox. Its `send` waits for the server's answer. */
  email: EmailSender
  sms: SmsSender
}

/**
 * The configured senders: SMTP when `SMTP_URL` is set, else the e-mail outbox; Twilio when its
 * settings are, else the SMS outbox. In development the outbox also echoes each message to the log.
 */
export function createSenders(
  config: Config,
  db: Db,
  log: Pick<FastifyBaseLogger, 'info'>,
  chosen: Partial<Senders> = {},
): Senders {
  const echo = config.env === 'development' ? { echoTo: log } : {}
  return {
    email:
      chosen.email ?? (config.smtp ? createSmtpEmailSender(config.smtp) : createOutboxEmailSender({ db, ...echo })),
    sms:
      chosen.sms ??
      (config.twilio
        ? createTwilioSmsSender({
            ...config.twilio,
            ...(config.publicUrl.startsWith('https://')
              ? { statusCallbackUrl: `${config.publicUrl}/api/webhooks/twilio/status` }
              : {}),
          })
        : createOutboxSmsSender({ db, ...echo })),
  }
}

/**
 * Which outbox messages an operator's log shows (admin console): `kind` is a condition over the
 * kind column (the console's message types), `search` text in the address or the message, `status`
 * the e-mail outbox's status. Newest first unless asked.
 */
export interface OutboxFilter {
  page: number
  limit: number
  sortOrder?: 'asc' | 'desc'
  kind?: (kind: SQL) => SQL
  search?: string | undefined
  status?: 'queued' | 'sent' | undefined
}

function outboxWhere(filter: OutboxFilter, columns: { kind: SQL; to: SQL; text: SQL; status?: SQL }): SQL | undefined {
  const where: SQL[] = []
  if (filter.kind) where.push(filter.kind(columns.kind))
  if (filter.search) {
    const like = containsPattern(filter.search)
    where.push(sql`(${columns.to} ilike ${like} or ${columns.text} ilike ${like})`)
  }
  if (filter.status && columns.status) where.push(sql`${columns.status} = ${filter.status}`)
  return where.length ? and(...where) : undefined
}

/**
 * A page of the SMS outbox (an operator's SMS log; the browser test reads its texts there), how many
 * match (`countUpTo`) and whether a next page has any.
 */
export async function outboxTexts(db: Db, filter: OutboxFilter) {
  const where = outboxWhere(filter, {
    kind: sql`${smsOutbox.kind}`,
    to: sql`${smsOutbox.toNumber}`,
    text: sql`${smsOutbox.body}`,
  })
  const order =
    filter.sortOrder === 'asc'
      ? [asc(smsOutbox.createdAt), asc(smsOutbox.id)]
      : [desc(smsOutbox.createdAt), desc(smsOutbox.id)]
  const [found, counted] = await Promise.all([
    db
      .select(textColumns)
      .from(smsOutbox)
      .where(where)
      .orderBy(...order)
      .limit(filter.limit + 1)
      .offset((filter.page - 1) * filter.limit),
    countUpTo(db, sql`from ${smsOutbox} ${where ? sql`where ${where}` : sql``}`),
  ])
  return { rows: found.slice(0, filter.limit), counted, hasMore: found.length > filter.limit }
}

const textColumns = {
  id: smsOutbox.id,
  to: smsOutbox.toNumber,
  body: smsOutbox.body,
  kind: smsOutbox.kind,
  segments: smsOutbox.segments,
  createdAt: smsOutbox.createdAt,
}

/** A page of the e-mail outbox (an operator's e-mail log), how many match and whether a next page has any. */
export async function outboxEmails(db: Db, filter: OutboxFilter) {
  const where = outboxWhere(filter, {
    kind: sql`${emailOutbox.kind}`,
    to: sql`${emailOutbox.toAddress}`,
    text: sql`${emailOutbox.subject}`,
    status: sql`${emailOutbox.status}`,
  })
  const order =
    filter.sortOrder === 'asc'
      ? [asc(emailOutbox.createdAt), asc(emailOutbox.id)]
      : [desc(emailOutbox.createdAt), desc(emailOutbox.id)]
  const [found, counted] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        kind: emailOutbox.kind,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(...order)
      .limit(filter.limit + 1)
      .offset((filter.page - 1) * filter.limit),
    countUpTo(db, sql`from ${emailOutbox} ${where ? sql`where ${where}` : sql``}`),
  ])
  return { rows: found.slice(0, filter.limit), counted, hasMore: found.length > filter.limit }
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** One e-mail of the outbox, by its id or (for a pick e-mail) by the Message-ID it was sent with. */
export async function outboxEmail(db: Db, key: { id: string } | { messageId: string }) {
  if ('id' in key && !uuidShape.test(key.id)) return null
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where('id' in key ? eq(emailOutbox.id, key.id) : sql`${emailOutbox.headers} ->> 'Message-ID' = ${key.messageId}`)
    .limit(1)
  return row ?? null
}

/** One text of the outbox by its id (the id the outbox sender answered, kept as the provider's id). */
export async function outboxText(db: Db, id: string) {
  if (!uuidShape.test(id)) return null
  const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, id))
  return row ?? null
}
