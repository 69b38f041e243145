import { smsKeywordOf, smsSegments, type SmsKeyword } from '@picks/contracts/client'
import type { SmsReplyAnswer, TwilioMessageStatus } from '@picks/contracts'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { createOutboxSmsSender } from '../notifications/notifications.service.ts'
import { userIdByVerifiedPhone } from '../users/users.service.ts'
import { helpText } from './alert-messages.ts'
import { alertDeliveries, smsInbound, smsNumbers } from './alerts.table.ts'

/**
 * Texts arriving at our number (product-decisions.md "Notifications"): STOP and its synonyms turn
 * every text to that number off, START turns them back on, HELP is answered with who we are.
 * Every text is kept in `sms_inbound`; a provider's message id is applied once, so a webhook
 * Twilio repeats changes nothing. And Twilio's reports of what became of the texts we sent.
 */

export interface SmsReplyDeps {
  db: Db
  now: () => Date
  /** The site's public address, without a trailing slash (HELP links to its support page). */
  publicUrl: string
}

export interface InboundText {
  /** The sender's number (E.164). */
  from: string
  body: string
  /** Twilio's MessageSid; null for a reply simulated through the outbox. */
  providerId: string | null
  /**
   * How our answer goes back: `twiml` in the webhook's response (Twilio sends it), or `outbox`
   * written to the SMS outbox, as every text is when Twilio is not configured.
   */
  replyVia: 'twiml' | 'outbox'
}

export const smsReplyTexts = {
  stop: 'You are unsubscribed from Picks Marketplace alerts. No more messages will be sent. Reply START to resubscribe.',
  start: 'You are resubscribed to Picks Marketplace alerts. Reply STOP to opt out, HELP for help.',
} as const

const actionOf: Record<SmsKeyword, SmsReplyAnswer['action']> = { stop: 'opted_out', start: 'opted_in', help: 'help' }

function answerTo(keyword: SmsKeyword | null, publicUrl: string): SmsReplyAnswer {
  if (keyword === null) return { action: 'none', reply: null }
  const reply = keyword === 'help' ? helpText(publicUrl) : smsReplyTexts[keyword]
  return { action: actionOf[keyword], reply }
}

/**
 * Records one text that arrived and does what it asks, in one transaction. The answer is logged
 * as a `reply` delivery: with Twilio it is sent in the webhook's TwiML (so it has no provider id),
 * with the outbox it is written there in the same transaction, so the reply exists exactly when
 * the text was applied.
 */
export async function handleInboundText(deps: SmsReplyDeps, text: InboundText): Promise<SmsReplyAnswer> {
  const keyword = smsKeywordOf(text.body)
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(smsInbound)
      .values({ fromNumber: text.from, body: text.body, keyword, providerId: text.providerId, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: smsInbound.id })
    if (!recorded && text.providerId !== null) {
      // Twilio sent this message again (our first answer was lost or late): the same answer, and
      // nothing applied twice, even if the number has said START since.
      const [first] = await tx.select().from(smsInbound).where(eq(smsInbound.providerId, text.providerId))
      return answerTo(first?.keyword ?? keyword, deps.publicUrl)
    }

    if (keyword === 'stop' || keyword === 'start') {
      const optedOutAt = keyword === 'stop' ? now : null
      await tx
        .insert(smsNumbers)
        .values({ phone: text.from, optedOutAt, updatedAt: now })
        .onConflictDoUpdate({ target: smsNumbers.phone, set: { optedOutAt, updatedAt: now } })
    }

    const answer = answerTo(keyword, deps.publicUrl)
    if (answer.reply === null) return answer
    let providerId: string | null = null
    if (text.replyVia === 'outbox') {
      // The outbox is this database: written here, it commits with the keyword it answers.
      const sent = await createOutboxSmsSender({ db: tx }).send({
        to: text.from,
        body: answer.reply,
        kind: 'alert_reply',
      })
      providerId = sent.id
    }
    // Whose number this is, for their log; a number nobody has verified is answered all the same.
    const ownerId = await userIdByVerifiedPhone({ db: tx }, text.from)
    await tx.insert(alertDeliveries).values({
      kind: 'reply',
      channel: 'sms',
      recipientId: ownerId,
      destination: text.from,
      preview: answer.reply,
      segments: smsSegments(answer.reply).segments,
      status: 'sent',
      attempts: 1,
      providerId,
      nextAttemptAt: now,
      createdAt: now,
      sentAt: now,
      updatedAt: now,
    })
    return answer
  })
}

/** Descriptions of Twilio's common delivery errors, for a report that carries the code alone. */
const twilioErrorDescriptions: Record<string, string> = {
  '21610': 'Attempt to send to unsubscribed recipient',
  '30003': 'Unreachable destination handset',
  '30004': 'Message blocked',
  '30005': 'Unknown destination handset',
  '30006': 'Landline or unreachable carrier',
  '30007': 'Message filtered by the carrier',
  '30008': 'Unknown error',
}

export interface TwilioStatusReport {
  sid: string
  status: TwilioMessageStatus
  errorCode?: string | undefined
  errorMessage?: string | undefined
}

/**
 * Applies Twilio's report on a text we sent, found by its message id. `delivered` and the
 * failures only move a delivery on from `sent`: a report arriving late (`sent` after `delivered`,
 * `failed` after `delivered`) changes nothing, and so does one for a message we do not know.
 * The other statuses (queued, sending, sent, …) say no more than `sent` already does.
 */
export async function applyTwilioStatus(
  deps: Pick<SmsReplyDeps, 'db' | 'now'>,
  report: TwilioStatusReport,
): Promise<boolean> {
  const now = deps.now()
  const onlyFromSent = and(eq(alertDeliveries.providerId, report.sid), eq(alertDeliveries.status, 'sent'))
  if (report.status === 'delivered') {
    const rows = await deps.db
      .update(alertDeliveries)
      .set({ status: 'delivered', deliveredAt: now, updatedAt: now })
      .where(onlyFromSent)
      .returning({ id: alertDeliveries.id })
    return rows.length > 0
  }
  if (report.status === 'undelivered' || report.status === 'failed') {
    const rows = await deps.db
      .update(alertDeliveries)
      .set({ status: 'failed', failedAt: now, error: twilioError(report), updatedAt: now })
      .where(onlyFromSent)
      .returning({ id: alertDeliveries.id })
    return rows.length > 0
  }
  return false
}

/** "Twilio 30003: Unreachable destination handset", from the report's code and message. */
function twilioError(report: TwilioStatusReport): string {
  const code = report.errorCode || null
  const message = report.errorMessage?.trim() || (code ? twilioErrorDescriptions[code] : undefined)
  const fallback = `message ${report.status}`
  if (code) return `Twilio ${code}: ${message ?? fallback}`
  return `Twilio: ${message ?? fallback}`
}
