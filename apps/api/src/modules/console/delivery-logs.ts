import type {
  AdminEmailLogsPage,
  AdminSmsLogsPage,
  DeliveryKind,
  DeliveryLogEntry,
  EmailType,
  ParsedAdminEmailLogsQuery,
  ParsedAdminSmsLogsQuery,
  SmsType,
} from '@picks/contracts'
import { sql, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Counted } from '../../db/counts.ts'
import { escapeLike } from '../../db/like.ts'
import { adminDeliveryLog } from '../alerts/alerts.service.ts'
import { outboxEmails, outboxTexts } from '../notifications/notifications.service.ts'
import { personalView, type ConsoleDeps, type Personal } from './lists-common.ts'

/**
 * `GET /admin/email-logs` and `/admin/sms-logs`: the channel's alert deliveries and its outbox
 * side by side (the answer's shape since issue 7), now filtered by status, text and message type,
 * sorted, counted, and with addresses masked unless `includePersonal` (audited).
 *
 * A message type names alert kinds, outbox kinds, or both: a pick alert is a delivery, and when no
 * provider is configured its copy in the outbox (`alert_pick`); a verification code only the outbox.
 */

interface TypeRule {
  deliveries: readonly DeliveryKind[]
  outbox: (kind: SQL) => SQL
}

const outboxIs =
  (...kinds: string[]) =>
  (kind: SQL) =>
    sql`${kind} in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )})`
const knownOutboxKinds = [
  'pick',
  'pick_test',
  'alert_pick',
  'alert_test',
  'alert_reply',
  'verification',
  'password_reset',
  'phone_verification',
  'mfa_code',
]
const receiptPattern = `${escapeLike('receipt_')}%`

// A pick e-mail's copy is stored as `pick` (`pick_test` for a test alert); a text's as `alert_<kind>`.
const emailRules: Record<EmailType, TypeRule> = {
  pick_alert: { deliveries: ['pick'], outbox: outboxIs('pick') },
  test: { deliveries: ['test'], outbox: outboxIs('pick_test') },
  verification: { deliveries: [], outbox: outboxIs('verification') },
  password_reset: { deliveries: [], outbox: outboxIs('password_reset') },
  receipt: { deliveries: [], outbox: (kind) => sql`${kind} like ${receiptPattern}` },
  other: {
    deliveries: ['reply'],
    outbox: (kind) => sql`not (${outboxIs(...knownOutboxKinds)(kind)}) and ${kind} not like ${receiptPattern}`,
  },
}

const smsRules: Record<SmsType, TypeRule> = {
  pick_alert: { deliveries: ['pick'], outbox: outboxIs('alert_pick') },
  test: { deliveries: ['test'], outbox: outboxIs('alert_test') },
  reply: { deliveries: ['reply'], outbox: outboxIs('alert_reply') },
  phone_verification: { deliveries: [], outbox: outboxIs('phone_verification') },
  mfa_code: { deliveries: [], outbox: outboxIs('mfa_code') },
  other: { deliveries: [], outbox: (kind) => sql`not (${outboxIs(...knownOutboxKinds)(kind)})` },
}

function maskedEntry(entry: DeliveryLogEntry, shown: Personal): DeliveryLogEntry {
  const destination =
    entry.channel === 'email' ? shown.email(entry.destination) : (shown.phone(entry.destination) ?? '')
  return { ...entry, destination }
}

type LogSide = { counted: Counted; hasMore: boolean }

const nothing: { rows: never[]; counted: Counted; hasMore: boolean } = {
  rows: [],
  counted: { total: 0, exact: true },
  hasMore: false,
}

function facts(query: { page: number; limit: number }, deliveries: LogSide, outbox: LogSide) {
  return {
    page: query.page,
    limit: query.limit,
    total: { deliveries: deliveries.counted.total, outbox: outbox.counted.total },
    totalExact: { deliveries: deliveries.counted.exact, outbox: outbox.counted.exact },
    hasMore: deliveries.hasMore || outbox.hasMore,
  }
}

export async function emailLogs(
  deps: ConsoleDeps,
  request: FastifyRequest,
  query: ParsedAdminEmailLogsQuery,
): Promise<AdminEmailLogsPage> {
  const shown = await personalView(deps, request, 'email_logs', query)
  const rule = query.emailType ? emailRules[query.emailType] : null
  const outboxStatus = query.status === 'queued' || query.status === 'sent' ? query.status : undefined
  const [deliveries, outbox] = await Promise.all([
    adminDeliveryLog(deps.db, 'email', { ...query, kinds: rule?.deliveries }),
    // The outbox knows only queued and sent: another status filter leaves it empty.
    query.status && !outboxStatus
      ? Promise.resolve(nothing)
      : outboxEmails(deps.db, {
          ...query,
          ...(rule ? { kind: rule.outbox } : {}),
          status: outboxStatus,
        }),
  ])
  return {
    deliveries: deliveries.entries.map((entry) => maskedEntry(entry, shown)),
    outbox: outbox.rows.map((m) => ({
      id: m.id,
      to: shown.email(m.to),
      subject: m.subject,
      kind: m.kind,
      createdAt: m.createdAt.toISOString(),
    })),
    ...facts(query, deliveries, outbox),
    personal: shown.personal,
  }
}

export async function smsLogs(
  deps: ConsoleDeps,
  request: FastifyRequest,
  query: ParsedAdminSmsLogsQuery,
): Promise<AdminSmsLogsPage> {
  const shown = await personalView(deps, request, 'sms_logs', query)
  const rule = query.smsType ? smsRules[query.smsType] : null
  const [deliveries, outbox] = await Promise.all([
    adminDeliveryLog(deps.db, 'sms', { ...query, kinds: rule?.deliveries }),
    // A text in the outbox was sent there when written: only `sent` (or no status) shows it.
    query.status && query.status !== 'sent'
      ? Promise.resolve(nothing)
      : outboxTexts(deps.db, { ...query, status: undefined, ...(rule ? { kind: rule.outbox } : {}) }),
  ])
  return {
    deliveries: deliveries.entries.map((entry) => maskedEntry(entry, shown)),
    outbox: outbox.rows.map((m) => ({
      id: m.id,
      to: shown.phone(m.to) ?? '',
      body: m.body,
      kind: m.kind,
      segments: m.segments,
      createdAt: m.createdAt.toISOString(),
    })),
    ...facts(query, deliveries, outbox),
    personal: shown.personal,
  }
}
