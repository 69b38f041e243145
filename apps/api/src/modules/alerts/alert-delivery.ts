import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { findCreatorProfile } from '../creators/creators.service.ts'
import {
  classifySendFailure,
  createOutboxEmailSender,
  createOutboxSmsSender,
  type EmailMessage,
  type EmailSender,
  type SmsSender,
} from '../notifications/notifications.service.ts'
import { picksForAlerts } from '../picks/picks.service.ts'
import { userNames } from '../users/users.service.ts'
import type { AlertDeps } from './alert-jobs.ts'
import { pickEmail, pickText, type AlertCreator, type AlertPick } from './alert-messages.ts'
import { alertDeliveries, smsNumbers } from './alerts.table.ts'

type Delivery = typeof alertDeliveries.$inferSelect

/** Waits before the next try after a passing failure, by the number of tries made so far. */
export const retryDelaysMs = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000] as const
/** Tries in all before a delivery is given up. */
export const maxAttempts = retryDelaysMs.length + 1

/** What became of one delivery in this run. */
type Outcome =
  | { id: string; status: 'sent'; providerId: string; preview: string; segments: number | null }
  | { id: string; status: 'queued'; error: string; nextAttemptAt: Date; preview: string | null }
  | { id: string; status: 'failed'; error: string; preview: string | null }

type Sendable =
  | { delivery: Delivery; channel: 'email'; message: EmailMessage; preview: string }
  | { delivery: Delivery; channel: 'sms'; body: string; segments: number; phone: string }
type Prepared = Sendable | { delivery: Delivery; refused: string }

export interface SendRunResult {
  sent: number
  retrying: number
  failed: number
}

/**
 * Sends the due deliveries of one creator (or of everyone, `creatorId` null) until none is left
 * or `deadline` passes. Each batch is claimed first (`sending`, with a lease), so two workers never
 * take the same delivery. Through the outbox a batch's messages and their new statuses are written
 * in one transaction: exactly once. Through SMTP or Twilio each message is marked as soon as its
 * small group is answered; a worker killed between a provider's answer and that mark leaves the
 * group `sending` until its lease ends, and it is then sent again (docs/decisions/016).
 */
export async function sendDueAlerts(
  deps: AlertDeps,
  creatorId: string | null,
  options: { deadline?: number; signal?: AbortSignal } = {},
): Promise<SendRunResult> {
  const total: SendRunResult = { sent: 0, retrying: 0, failed: 0 }
  for (;;) {
    if (options.signal?.aborted) break
    const claimed = await claimDue(deps, creatorId)
    if (claimed.length === 0) break
    const prepared = await prepare(deps, claimed)
    const outcomes = await deliver(deps, prepared)
    for (const outcome of outcomes) {
      if (outcome.status === 'sent') total.sent += 1
      else if (outcome.status === 'queued') total.retrying += 1
      else total.failed += 1
    }
    if (options.deadline !== undefined && Date.now() > options.deadline) {
      // Long runs hand over to a fresh job, so one creator's burst never holds a worker forever.
      if (creatorId) await deps.startSending(creatorId)
      break
    }
  }
  return total
}

/** A pick's messages go out once its whole audience is queued: a fan-out stopped midway has sent nothing. */
export const fanOutComplete = sql`not exists (select 1 from alert_fanouts f
  where f.pick_id = ${alertDeliveries.pickId} and f.status = 'running')`

async function claimDue(deps: AlertDeps, creatorId: string | null): Promise<Delivery[]> {
  const now = deps.now()
  const due = deps.db
    .select({ id: alertDeliveries.id })
    .from(alertDeliveries)
    .where(
      and(
        eq(alertDeliveries.status, 'queued'),
        lte(alertDeliveries.nextAttemptAt, now),
        creatorId ? eq(alertDeliveries.creatorId, creatorId) : undefined,
        fanOutComplete,
      ),
    )
    .orderBy(asc(alertDeliveries.nextAttemptAt), asc(alertDeliveries.id))
    .limit(deps.tuning.sendBatch)
    .for('update', { skipLocked: true })
  return deps.db
    .update(alertDeliveries)
    .set({
      status: 'sending',
      attempts: sql`${alertDeliveries.attempts} + 1`,
      claimedUntil: new Date(now.getTime() + deps.tuning.leaseMs),
      updatedAt: now,
    })
    .where(and(inArray(alertDeliveries.id, due), eq(alertDeliveries.status, 'queued')))
    .returning()
}

/** Renders each claimed delivery, or says why it must not go (the pick was deleted, the number said STOP). */
async function prepare(deps: AlertDeps, claimed: Delivery[]): Promise<Prepared[]> {
  const pickIds = [...new Set(claimed.flatMap((d) => (d.pickId ? [d.pickId] : [])))]
  const recipientIds = [...new Set(claimed.flatMap((d) => (d.recipientId ? [d.recipientId] : [])))]
  const phones = [...new Set(claimed.filter((d) => d.channel === 'sms').map((d) => d.destination))]
  const [pickRows, nameById, numberRows] = await Promise.all([
    picksForAlerts(deps.db, pickIds),
    userNames(deps, recipientIds),
    phones.length ? deps.db.select().from(smsNumbers).where(inArray(smsNumbers.phone, phones)) : [],
  ])
  const creatorIds = [...new Set(pickRows.map((p) => p.creatorId))]
  const profiles = await Promise.all(creatorIds.map((id) => findCreatorProfile(deps, id)))
  const creatorById = new Map(
    profiles.flatMap((p): [string, AlertCreator][] =>
      p ? [[p.id, { id: p.id, name: p.name, username: p.username }]] : [],
    ),
  )
  const pickById = new Map(pickRows.map((p) => [p.id, p]))
  const numberByPhone = new Map(numberRows.map((r) => [r.phone, r]))
  return claimed.map((delivery): Prepared => {
    const number = delivery.channel === 'sms' ? numberByPhone.get(delivery.destination) : undefined
    if (number?.optedOutAt) return { delivery, refused: 'The number replied STOP' }
    if (delivery.kind === 'reply') {
      const body = delivery.preview ?? ''
      return { delivery, channel: 'sms', body, segments: delivery.segments ?? 1, phone: delivery.destination }
    }
    if (delivery.kind !== 'pick') return { delivery, refused: 'A test e-mail is sent once, never again' }
    const row = delivery.pickId ? pickById.get(delivery.pickId) : undefined
    const creator = row ? creatorById.get(row.creatorId) : undefined
    const pick: AlertPick | undefined = row
    if (!row || !pick || !creator || row.deletedAt) {
      return { delivery, refused: 'The pick was deleted before it was sent' }
    }
    if (row.withheld) return { delivery, refused: 'The pick was hidden by a moderator before it was sent' }
    if (delivery.channel === 'sms') {
      const text = pickText({ pick, creator, links: deps.links, first: !number?.introducedAt })
      return { delivery, channel: 'sms', body: text.body, segments: text.segments, phone: delivery.destination }
    }
    const recipient = {
      id: delivery.recipientId ?? '',
      email: delivery.destination,
      name: (delivery.recipientId && nameById.get(delivery.recipientId)) || '',
    }
    const message = pickEmail({ pick, creator, recipient, deliveryId: delivery.id, links: deps.links })
    return { delivery, channel: 'email', message, preview: message.subject }
  })
}

async function deliver(deps: AlertDeps, prepared: Prepared[]): Promise<Outcome[]> {
  const refused = prepared.flatMap((p): Outcome[] =>
    'refused' in p ? [{ id: p.delivery.id, status: 'failed', error: p.refused, preview: null }] : [],
  )
  const sendable = prepared.filter((p): p is Sendable => !('refused' in p))
  const outcomes: Outcome[] = [...refused]
  if (refused.length) await recordOutcomes(deps.db, deps.now(), refused)
  const outbox = sendable.filter((p) => ('message' in p ? deps.email.kind : deps.sms.kind) === 'outbox')
  const providers = sendable.filter((p) => !outbox.includes(p))
  if (outbox.length) {
    // The outbox is this database: the messages and their statuses commit together, or neither does.
    await deps.db.transaction(async (tx) => {
      const senders = { email: createOutboxEmailSender({ db: tx }), sms: createOutboxSmsSender({ db: tx }) }
      const done: Outcome[] = []
      for (const item of outbox) done.push(await sendOne(senders, item))
      await recordOutcomes(tx, deps.now(), done)
      await introduceNumbers(tx, deps.now(), outbox, done)
      outcomes.push(...done)
    })
  }
  for (let start = 0; start < providers.length; start += deps.tuning.concurrency) {
    const group = providers.slice(start, start + deps.tuning.concurrency)
    const done = await Promise.all(group.map((item) => sendOne(deps, item)))
    await recordOutcomes(deps.db, deps.now(), done)
    await introduceNumbers(deps.db, deps.now(), group, done)
    outcomes.push(...done)
  }
  return outcomes
}

async function sendOne(
  senders: { email: EmailSender; sms: SmsSender; now?: () => Date },
  item: Sendable,
): Promise<Outcome> {
  const { delivery } = item
  const preview = item.channel === 'email' ? item.preview : item.body
  try {
    if (item.channel === 'email') {
      const { id } = await senders.email.send(item.message)
      return { id: delivery.id, status: 'sent', providerId: id || delivery.id, preview, segments: null }
    }
    const { id } = await senders.sms.send({ to: item.phone, body: item.body, kind: `alert_${delivery.kind}` })
    return { id: delivery.id, status: 'sent', providerId: id, preview, segments: item.segments }
  } catch (err) {
    const failure = classifySendFailure(err)
    if (failure.permanent || delivery.attempts >= maxAttempts) {
      return { id: delivery.id, status: 'failed', error: failure.message, preview }
    }
    const wait = retryDelaysMs[Math.min(delivery.attempts, retryDelaysMs.length) - 1] ?? retryDelaysMs[0]
    const nextAttemptAt = new Date((senders.now?.() ?? new Date()).getTime() + wait)
    return { id: delivery.id, status: 'queued', error: failure.message, nextAttemptAt, preview }
  }
}

/** Writes what became of a group in one statement; only rows still `sending` (claimed by this run) change. */
async function recordOutcomes(db: Db, now: Date, outcomes: Outcome[]): Promise<void> {
  if (outcomes.length === 0) return
  const at = now.toISOString()
  const values = sql.join(
    outcomes.map((o) => {
      const providerId = o.status === 'sent' ? o.providerId : null
      const error = o.status === 'sent' ? null : o.error
      const segments = o.status === 'sent' ? o.segments : null
      const next = o.status === 'queued' ? o.nextAttemptAt.toISOString() : null
      return sql`(${o.id}::uuid, ${o.status}, ${providerId}::text, ${error}::text, ${o.preview}::text, ${segments}::int, ${next}::timestamptz)`
    }),
    sql`, `,
  )
  const query: SQL = sql`update alert_deliveries d set
      status = v.status,
      provider_id = coalesce(v.provider_id, d.provider_id),
      error = v.error,
      preview = coalesce(v.preview, d.preview),
      segments = coalesce(v.segments, d.segments),
      next_attempt_at = coalesce(v.next_attempt_at, d.next_attempt_at),
      claimed_until = null,
      sent_at = case when v.status = 'sent' then ${at}::timestamptz else d.sent_at end,
      failed_at = case when v.status = 'failed' then ${at}::timestamptz else d.failed_at end,
      updated_at = ${at}::timestamptz
    from (values ${values}) as v(id, status, provider_id, error, preview, segments, next_attempt_at)
    where d.id = v.id and d.status = 'sending'`
  await db.execute(query)
}

/** A number that has had its first pick text (with the opt-out line) does not get that line again. */
async function introduceNumbers(db: Db, now: Date, items: Sendable[], outcomes: Outcome[]): Promise<void> {
  const sent = new Set(outcomes.filter((o) => o.status === 'sent').map((o) => o.id))
  const phones = [
    ...new Set(
      items.flatMap((p) =>
        p.channel === 'sms' && p.delivery.kind === 'pick' && sent.has(p.delivery.id) ? [p.phone] : [],
      ),
    ),
  ]
  if (phones.length === 0) return
  await db
    .insert(smsNumbers)
    .values(phones.map((phone) => ({ phone, introducedAt: now, updatedAt: now })))
    .onConflictDoUpdate({
      target: smsNumbers.phone,
      set: { introducedAt: sql`coalesce(${smsNumbers.introducedAt}, excluded.introduced_at)` },
      setWhere: isNull(smsNumbers.introducedAt),
    })
}

/** Deliveries whose worker died mid-send (their lease is over) go back to the queue. */
export async function reclaimExpired(deps: Pick<AlertDeps, 'db' | 'now'>): Promise<number> {
  const now = deps.now()
  const rows = await deps.db
    .update(alertDeliveries)
    .set({ status: 'queued', claimedUntil: null, nextAttemptAt: now, updatedAt: now })
    .where(and(eq(alertDeliveries.status, 'sending'), lte(alertDeliveries.claimedUntil, now)))
    .returning({ id: alertDeliveries.id })
  return rows.length
}
