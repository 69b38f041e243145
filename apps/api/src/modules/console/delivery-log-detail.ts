import type { AdminMessageDetail, DeliveryLogEntry, EmailType, NotificationChannel, SmsType } from '@picks/contracts'
import { emailTypes, smsTypes } from '@picks/contracts'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.ts'
import { adminDeliveryEntry } from '../alerts/alerts.service.ts'
import { outboxEmail, outboxText } from '../notifications/notifications.service.ts'
import { personalView, type ConsoleDeps, type Personal } from './lists-common.ts'

/**
 * `GET /admin/email-logs/{id}` and `/admin/sms-logs/{id}`: one message as sent and what became of
 * it. `{id}` is an alert delivery (its full text comes from its outbox copy when no provider took
 * it: the e-mail by its Message-ID, the text by the outbox id the sender answered) or an outbox
 * message. The address is masked, and the e-mail's headers (its one-click unsubscribe link) left
 * out, unless `includePersonal` (audited).
 */

/** What an e-mail or text was for, from the kind it was stored with. */
export function messageType(channel: NotificationChannel, kind: string): EmailType | SmsType {
  const bare = kind.startsWith('alert_') ? kind.slice('alert_'.length) : kind === 'pick_test' ? 'test' : kind
  const named = bare === 'pick' ? 'pick_alert' : bare.startsWith('receipt_') ? 'receipt' : bare
  const types: readonly string[] = channel === 'email' ? emailTypes : smsTypes
  return [...emailTypes, ...smsTypes].find((type) => type === named && types.includes(type)) ?? 'other'
}

/** The statuses a delivery went through, in the order they happen. */
function history(entry: Pick<DeliveryLogEntry, 'createdAt' | 'sentAt' | 'deliveredAt' | 'failedAt'>) {
  const steps: AdminMessageDetail['history'] = [{ status: 'queued', at: entry.createdAt }]
  if (entry.sentAt) steps.push({ status: 'sent', at: entry.sentAt })
  if (entry.deliveredAt) steps.push({ status: 'delivered', at: entry.deliveredAt })
  if (entry.failedAt) steps.push({ status: 'failed', at: entry.failedAt })
  return steps
}

function mask(channel: NotificationChannel, to: string, shown: Personal): string {
  return channel === 'email' ? shown.email(to) : (shown.phone(to) ?? '')
}

async function deliveryDetail(
  deps: ConsoleDeps,
  channel: NotificationChannel,
  found: { entry: DeliveryLogEntry; recipientId: string | null },
  shown: Personal,
): Promise<AdminMessageDetail> {
  const { entry } = found
  const providerId = entry.providerId
  const email = channel === 'email' && providerId ? await outboxEmail(deps.db, { messageId: providerId }) : null
  const text = channel === 'sms' && providerId ? await outboxText(deps.db, providerId) : null
  return {
    id: entry.id,
    source: 'delivery',
    kind: entry.kind,
    type: messageType(channel, entry.kind),
    status: entry.status,
    to: mask(channel, entry.destination, shown),
    recipient: found.recipientId ? { id: found.recipientId, name: entry.recipientName ?? '' } : null,
    preview: entry.preview,
    pickId: entry.pickId,
    attempts: entry.attempts,
    error: entry.error,
    createdAt: entry.createdAt,
    sentAt: entry.sentAt,
    deliveredAt: entry.deliveredAt,
    failedAt: entry.failedAt,
    body: email?.textBody ?? text?.body ?? entry.preview,
    html: email?.htmlBody ?? null,
    headers: email && shown.personal ? email.headers : null,
    providerId,
    history: history(entry),
    personal: shown.personal,
  }
}

export async function messageDetail(
  deps: ConsoleDeps,
  request: FastifyRequest,
  channel: NotificationChannel,
  id: string,
  query: { includePersonal: boolean },
): Promise<AdminMessageDetail> {
  const delivery = await adminDeliveryEntry(deps.db, channel, id)
  const email = !delivery && channel === 'email' ? await outboxEmail(deps.db, { id }) : null
  const text = !delivery && channel === 'sms' ? await outboxText(deps.db, id) : null
  if (!delivery && !email && !text) throw new AppError('NOT_FOUND', 'No such message')
  const shown = await personalView(deps, request, `${channel}_log_message`, { ...query, id })
  if (delivery) return deliveryDetail(deps, channel, delivery, shown)
  const createdAt = (email ?? text)!.createdAt.toISOString()
  const status = email ? email.status : 'sent'
  const base = {
    id,
    source: 'outbox' as const,
    recipient: null,
    pickId: null,
    attempts: 1,
    error: null,
    createdAt,
    sentAt: status === 'sent' ? createdAt : null,
    deliveredAt: null,
    failedAt: null,
    providerId: null,
    history: [{ status, at: createdAt }],
    personal: shown.personal,
  }
  if (email) {
    return {
      ...base,
      kind: email.kind,
      type: messageType('email', email.kind),
      status,
      to: shown.email(email.toAddress),
      preview: email.subject,
      body: email.textBody,
      html: email.htmlBody,
      headers: shown.personal ? email.headers : null,
    }
  }
  return {
    ...base,
    kind: text!.kind,
    type: messageType('sms', text!.kind),
    status,
    to: shown.phone(text!.toNumber) ?? '',
    preview: text!.body,
    body: text!.body,
    html: null,
    headers: null,
  }
}
