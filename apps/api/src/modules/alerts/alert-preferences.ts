import {
  notificationChannels,
  notificationMessages,
  type AdminEmailLogsAnswer,
  type AdminLogsQuery,
  type AdminSmsLogsAnswer,
  type AllEmailPreferencesAnswer,
  type ChannelStats,
  type CreatorAlertPreference,
  type CreatorLogsQuery,
  type CreatorSubscriber,
  type CreatorSubscribersAnswer,
  type DeliveryLogEntry,
  type DeliveryMethod,
  type DeliveryMethodsAnswer,
  type NotificationChannel,
  type NotificationPreferences,
  type SendBatchAnswer,
  type ServerUser,
  type SmsStatus,
  type StatsTimeframe,
  type TestEmailAnswer,
} from '@picks/contracts'
import { and, count, desc, eq, gt, gte, inArray, sql, type SQL } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { creatorCards, findCreatorProfile, type CreatorCard } from '../creators/creators.service.ts'
import { classifySendFailure, outboxEmails, outboxTexts } from '../notifications/notifications.service.ts'
import { newestPickForAlerts, picksForAlerts } from '../picks/picks.service.ts'
import { entitledCreatorIds, givesAccessAt, hasPaidAccess } from '../purchases/purchases.service.ts'
import { findUserById, userNames } from '../users/users.service.ts'
import type { AlertDeps } from './alert-jobs.ts'
import { pickEmail, pickSummary, readUnsubscribeToken, type AlertPick } from './alert-messages.ts'
import {
  audience,
  emailWanted,
  offeredChannels,
  preferenceJoins,
  smsWanted,
  type OfferedChannels,
} from './alert-recipients.ts'
import {
  alertDeliveries,
  creatorAlertPreferences,
  deliveryMethods,
  notificationSettings,
  smsNumbers,
} from './alerts.table.ts'

/**
 * What people choose about pick alerts and what they and creators read about them (spec §3
 * "Notification preferences", §7 "SMS and e-mail" and "delivery methods"). Who may call each is the
 * routes' concern; who a pick reaches is alert-recipients.ts's, and these functions only read it.
 */

export interface PreferenceDeps {
  db: Db
  now: () => Date
}

type DeliveryRow = typeof alertDeliveries.$inferSelect
type ChoiceRow = typeof creatorAlertPreferences.$inferSelect

/** Without a row, the global switches stand as the table's defaults: e-mail on, texts off. */
const globalDefaults = { smsEnabled: false, emailEnabled: true } as const

/** A creator may have at most this many test e-mails sent in an hour (each is a real message). */
export const testEmailsPerHour = 5

const hourMs = 60 * 60 * 1000
const timeframeMs: Record<Exclude<StatsTimeframe, 'all'>, number> = {
  '24h': 24 * hourMs,
  '7d': 7 * 24 * hourMs,
  '30d': 30 * 24 * hourMs,
  '90d': 90 * 24 * hourMs,
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null
}

function unique(ids: (string | null)[]): string[] {
  return [...new Set(ids.filter((id): id is string => id !== null))]
}

function channelsOf(offered: OfferedChannels): NotificationChannel[] {
  return notificationChannels.filter((channel) => offered[channel])
}

async function personOf(deps: PreferenceDeps, userId: string): Promise<ServerUser> {
  const user = await findUserById(deps, userId)
  if (!user) throw new AppError('NOT_FOUND', 'User not found')
  return user
}

/** The creator's name and picture; 404 when `creatorId` is not a creator. */
export async function requireCreator(deps: PreferenceDeps, creatorId: string): Promise<CreatorCard> {
  const card = (await creatorCards(deps, [creatorId])).get(creatorId)
  if (!card) throw new AppError('NOT_FOUND', 'Creator not found')
  return card
}

// ---------------------------------------------------------------------------------------------
// The global switches and the phone
// ---------------------------------------------------------------------------------------------

/** Texts go only to a verified phone: the rule of turning them on, wherever it is done. */
function requireVerifiedPhone(user: ServerUser): void {
  if (user.phone && user.phone_verified) return
  const message = notificationMessages.phoneNotVerified
  throw new AppError('VALIDATION_FAILED', message, {
    details: [{ field: 'phone', message }],
    reason: 'PHONE_NOT_VERIFIED',
  })
}

async function settingsOf(db: Db, userId: string): Promise<{ smsEnabled: boolean; emailEnabled: boolean }> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId))
  return row ?? globalDefaults
}

export async function notificationPreferences(deps: PreferenceDeps, userId: string): Promise<NotificationPreferences> {
  await personOf(deps, userId)
  return { userId, ...(await settingsOf(deps.db, userId)) }
}

/** Sets either global switch or both; turning texts on needs a verified phone. */
export async function updateNotificationPreferences(
  deps: PreferenceDeps,
  userId: string,
  changes: { smsEnabled?: boolean | undefined; emailEnabled?: boolean | undefined },
): Promise<NotificationPreferences> {
  const user = await personOf(deps, userId)
  if (changes.smsEnabled) requireVerifiedPhone(user)
  const set = {
    ...(changes.smsEnabled !== undefined ? { smsEnabled: changes.smsEnabled } : {}),
    ...(changes.emailEnabled !== undefined ? { emailEnabled: changes.emailEnabled } : {}),
    updatedAt: deps.now(),
  }
  const [row] = await deps.db
    .insert(notificationSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: notificationSettings.userId, set })
    .returning()
  return { userId, smsEnabled: row?.smsEnabled ?? false, emailEnabled: row?.emailEnabled ?? true }
}

/**
 * Whether texts reach the person now, and if not the first reason in the order they can act on
 * it: add a phone, verify it, reply START from it, turn texts on.
 */
export async function smsStatus(deps: PreferenceDeps, userId: string): Promise<SmsStatus> {
  const user = await personOf(deps, userId)
  const { smsEnabled } = await settingsOf(deps.db, userId)
  const [number] = user.phone
    ? await deps.db
        .select({ optedOutAt: smsNumbers.optedOutAt })
        .from(smsNumbers)
        .where(eq(smsNumbers.phone, user.phone))
    : []
  const optedOut = Boolean(number?.optedOutAt)
  const reason: SmsStatus['reason'] = !user.phone
    ? 'no_phone'
    : !user.phone_verified
      ? 'phone_unverified'
      : optedOut
        ? 'opted_out'
        : !smsEnabled
          ? 'disabled'
          : null
  return {
    userId,
    smsEnabled,
    phone: user.phone,
    phoneVerified: user.phone_verified,
    optedOut,
    canReceive: reason === null,
    reason,
  }
}

export async function setSmsEnabled(deps: PreferenceDeps, userId: string, on: boolean): Promise<SmsStatus> {
  await updateNotificationPreferences(deps, userId, { smsEnabled: on })
  return smsStatus(deps, userId)
}

// ---------------------------------------------------------------------------------------------
// Per-creator choices
// ---------------------------------------------------------------------------------------------

async function choiceOf(db: Db, userId: string, creatorId: string): Promise<ChoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(creatorAlertPreferences)
    .where(and(eq(creatorAlertPreferences.userId, userId), eq(creatorAlertPreferences.creatorId, creatorId)))
  return row
}

/**
 * The choices in effect: for someone entitled or following, their stored choice (on when never
 * set); for anyone else nothing reaches them, so both are off.
 */
function effectiveChoices(entitled: boolean, row: ChoiceRow | undefined): { email: boolean; sms: boolean } {
  const related = entitled || Boolean(row?.followedAt)
  return { email: related && (row?.emailEnabled ?? true), sms: related && (row?.smsEnabled ?? true) }
}

export async function allCreatorPreferences(deps: PreferenceDeps, userId: string): Promise<AllEmailPreferencesAnswer> {
  await personOf(deps, userId)
  const [entitled, rows] = await Promise.all([
    entitledCreatorIds(deps.db, userId, deps.now()),
    deps.db.select().from(creatorAlertPreferences).where(eq(creatorAlertPreferences.userId, userId)),
  ])
  const rowByCreator = new Map(rows.map((r) => [r.creatorId, r]))
  const entitledSet = new Set(entitled)
  const ids = unique([...entitled, ...rows.filter((r) => r.followedAt).map((r) => r.creatorId)]).filter(
    (id) => id !== userId,
  )
  const [cards, offers] = await Promise.all([
    creatorCards(deps, ids),
    Promise.all(ids.map((id) => offeredChannels(deps.db, id))),
  ])
  const preferences = ids.flatMap((creatorId, i): CreatorAlertPreference[] => {
    const card = cards.get(creatorId)
    if (!card) return []
    const choices = effectiveChoices(entitledSet.has(creatorId), rowByCreator.get(creatorId))
    return [
      {
        userId,
        creatorId,
        creatorName: card.name,
        creatorUsername: card.username,
        profilePicture: card.profilePicture,
        relationship: entitledSet.has(creatorId) ? 'subscriber' : 'follower',
        enabled: choices.email,
        smsEnabled: choices.sms,
        offers: channelsOf(offers[i] ?? { email: false, sms: false }),
      },
    ]
  })
  preferences.sort((a, b) => a.creatorName.localeCompare(b.creatorName) || a.creatorId.localeCompare(b.creatorId))
  return { preferences }
}

export async function creatorChoices(
  deps: PreferenceDeps,
  userId: string,
  creatorId: string,
): Promise<{ email: boolean; sms: boolean }> {
  await requireCreator(deps, creatorId)
  const [entitled, row] = await Promise.all([
    hasPaidAccess(deps.db, userId, creatorId, deps.now()),
    choiceOf(deps.db, userId, creatorId),
  ])
  return effectiveChoices(entitled, row)
}

/**
 * Changes a person's choices for one creator. Someone not entitled who turns a channel on becomes
 * a follower (the creator's free picks reach them). A channel the creator does not offer cannot be
 * turned on; turning one off is always allowed (the one-click unsubscribe relies on it).
 */
export async function setCreatorChoices(
  deps: PreferenceDeps,
  userId: string,
  creatorId: string,
  changes: { email?: boolean; sms?: boolean },
  /** How the request named each field, for a refusal to point at it. */
  fields: { creatorId: string; email: string; sms: string } = {
    creatorId: 'body.creatorId',
    email: 'body.emailEnabled',
    sms: 'body.smsEnabled',
  },
): Promise<{ email: boolean; sms: boolean }> {
  if (userId === creatorId) {
    const message = 'Your own picks are not sent to you'
    throw new AppError('VALIDATION_FAILED', message, { details: [{ field: fields.creatorId, message }] })
  }
  await Promise.all([personOf(deps, userId), requireCreator(deps, creatorId)])
  const now = deps.now()
  const [entitled, offered] = await Promise.all([
    hasPaidAccess(deps.db, userId, creatorId, now),
    offeredChannels(deps.db, creatorId),
  ])
  return deps.db.transaction(async (tx) => {
    // One change at a time per person and creator: each writes both columns from what it read.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alert-choices:${userId}:${creatorId}`}))`)
    const current = await choiceOf(tx, userId, creatorId)
    const before = effectiveChoices(entitled, current)
    if (changes.email && !before.email && !offered.email) {
      const message = notificationMessages.emailNotOffered
      throw new AppError('VALIDATION_FAILED', message, {
        details: [{ field: fields.email, message }],
        reason: 'NOT_OFFERED',
      })
    }
    if (changes.sms && !before.sms && !offered.sms) {
      const message = notificationMessages.smsNotOffered
      throw new AppError('VALIDATION_FAILED', message, {
        details: [{ field: fields.sms, message }],
        reason: 'NOT_OFFERED',
      })
    }
    const follows = !entitled && !current?.followedAt && Boolean(changes.email || changes.sms)
    const values = {
      emailEnabled: changes.email ?? before.email,
      smsEnabled: changes.sms ?? before.sms,
      ...(follows ? { followedAt: now } : {}),
      updatedAt: now,
    }
    const [row] = await tx
      .insert(creatorAlertPreferences)
      .values({ userId, creatorId, ...values })
      .onConflictDoUpdate({
        target: [creatorAlertPreferences.userId, creatorAlertPreferences.creatorId],
        set: values,
      })
      .returning()
    return effectiveChoices(entitled, row)
  })
}

/** The one-click unsubscribe: the signed token names the person and the creator. */
export async function unsubscribeByToken(
  deps: PreferenceDeps,
  secret: string,
  token: string,
): Promise<{ creatorName: string; enabled: false }> {
  const target = await unsubscribeTarget(deps, secret, token)
  await setCreatorChoices(deps, target.userId, target.creatorId, { email: false })
  return { creatorName: target.creatorName, enabled: false }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Who and which creator a token names; 400 (`query.token`) for a token we did not sign. */
export async function unsubscribeTarget(
  deps: PreferenceDeps,
  secret: string,
  token: string,
): Promise<{ userId: string; creatorId: string; creatorName: string }> {
  const read = readUnsubscribeToken(secret, token)
  if (!read || !uuidPattern.test(read.userId) || !uuidPattern.test(read.creatorId)) {
    const message = 'This unsubscribe link is not valid'
    throw new AppError('VALIDATION_FAILED', message, {
      details: [{ field: 'query.token', message }],
      reason: 'BAD_TOKEN',
    })
  }
  const card = await requireCreator(deps, read.creatorId)
  return { ...read, creatorName: card.name }
}

// ---------------------------------------------------------------------------------------------
// A creator's audience
// ---------------------------------------------------------------------------------------------

interface SubscriberRow {
  id: string
  name: string
  profilePicture: string | null
  planName: string | null
  accessEndsAt: Date | string | null
  emailEnabled: boolean
  smsEnabled: boolean
  emailReachable: boolean
  smsReachable: boolean
}

/**
 * The creator's audience now, customers entitled first: the customers entitled to them (with the
 * plan that gives access the longest) and their followers, with each one's choices and whether a
 * pick would reach them on each channel (a follower's: a free pick).
 */
export async function creatorSubscribers(
  deps: PreferenceDeps,
  creatorId: string,
  limit: number,
): Promise<CreatorSubscribersAnswer> {
  await requireCreator(deps, creatorId)
  const now = deps.now()
  const offered = await offeredChannels(deps.db, creatorId)
  const everyone = audience(creatorId, now, true, null)
  const [rows, totals] = await Promise.all([
    queryRows<SubscriberRow>(
      deps.db,
      sql`select u.id, u.name, u.profile_picture as "profilePicture",
          pl.plan_name as "planName", pl.current_period_end as "accessEndsAt",
          coalesce(cap.email_enabled, true) as "emailEnabled",
          coalesce(cap.sms_enabled, true) as "smsEnabled",
          (${offered.email}::boolean and ${emailWanted}) as "emailReachable",
          (${offered.sms}::boolean and ${smsWanted}) as "smsReachable"
        from (${everyone}) a
        join users u on u.id = a.user_id
        ${preferenceJoins(creatorId)}
        left join lateral (
          select purchases.plan_name, purchases.current_period_end from purchases
          where purchases.user_id = u.id and ${and(eq(sql`purchases.creator_id`, creatorId), givesAccessAt(now))}
          order by purchases.current_period_end desc nulls last
          limit 1
        ) pl on true
        order by (pl.plan_name is null), lower(u.name), u.id
        limit ${limit}`,
    ),
    queryRows<{ n: number }>(deps.db, sql`select count(*)::int as n from (${everyone}) a`),
  ])
  const subscribers = rows.map((r): CreatorSubscriber => ({
    userId: r.id,
    name: r.name,
    profilePicture: r.profilePicture,
    relationship: r.planName === null ? 'follower' : 'subscriber',
    planName: r.planName,
    accessEndsAt: r.accessEndsAt === null ? null : new Date(r.accessEndsAt).toISOString(),
    emailEnabled: r.emailEnabled,
    smsEnabled: r.smsEnabled,
    emailReachable: r.emailReachable,
    smsReachable: r.smsReachable,
  }))
  return { subscribers, total: Number(totals[0]?.n ?? 0) }
}

/** How many of the creator's audience a channel reaches now (the same rule as the fan-out). */
async function reachableCount(deps: PreferenceDeps, creatorId: string, channel: NotificationChannel): Promise<number> {
  const offered = await offeredChannels(deps.db, creatorId)
  if (!offered[channel]) return 0
  const wanted = channel === 'email' ? emailWanted : smsWanted
  const [row] = await queryRows<{ n: number }>(
    deps.db,
    sql`select count(*)::int as n from (${audience(creatorId, deps.now(), true, null)}) a
      join users u on u.id = a.user_id
      ${preferenceJoins(creatorId)}
      where ${wanted}`,
  )
  return Number(row?.n ?? 0)
}

/** The creator's pick messages on one channel within the timeframe, by status. */
export async function channelStats(
  deps: PreferenceDeps,
  creatorId: string,
  channel: NotificationChannel,
  timeframe: StatsTimeframe,
): Promise<ChannelStats> {
  await requireCreator(deps, creatorId)
  const since = timeframe === 'all' ? null : new Date(deps.now().getTime() - timeframeMs[timeframe])
  const status = alertDeliveries.status
  const counted = (where: SQL) => sql<number>`count(*) filter (where ${where})::int`.mapWith(Number)
  const [[totals], reachable] = await Promise.all([
    deps.db
      .select({
        total: sql<number>`count(*)::int`.mapWith(Number),
        pending: counted(inArray(status, ['queued', 'sending'])),
        sent: counted(eq(status, 'sent')),
        delivered: counted(eq(status, 'delivered')),
        failed: counted(eq(status, 'failed')),
        lastSentAt: sql<Date | null>`max(${alertDeliveries.sentAt})`.mapWith(alertDeliveries.sentAt),
      })
      .from(alertDeliveries)
      .where(
        and(
          eq(alertDeliveries.creatorId, creatorId),
          eq(alertDeliveries.channel, channel),
          eq(alertDeliveries.kind, 'pick'),
          since ? gte(alertDeliveries.createdAt, since) : undefined,
        ),
      ),
    reachableCount(deps, creatorId, channel),
  ])
  const total = totals?.total ?? 0
  const pending = totals?.pending ?? 0
  const sent = totals?.sent ?? 0
  const delivered = totals?.delivered ?? 0
  const finished = total - pending
  return {
    creatorId,
    channel,
    timeframe,
    reachable,
    total,
    pending,
    sent,
    delivered,
    failed: totals?.failed ?? 0,
    successRate: finished > 0 ? (sent + delivered) / finished : null,
    lastSentAt: iso(totals?.lastSentAt ?? null),
  }
}

// ---------------------------------------------------------------------------------------------
// Logs
// ---------------------------------------------------------------------------------------------

/**
 * What a creator sees of an address or number: enough to tell people apart, not to write to them
 * (`d•••@example.com`, `+1•••••4567`).
 */
export function maskDestination(channel: NotificationChannel, destination: string): string {
  if (channel === 'email') {
    const at = destination.lastIndexOf('@')
    return at > 0 ? `${destination.charAt(0)}•••${destination.slice(at)}` : '•••'
  }
  return destination.length > 6 ? `${destination.slice(0, 2)}•••••${destination.slice(-4)}` : '•••'
}

/** Log entries for delivery rows: the pick's one-line summary and the recipient's name added. */
async function logEntries(db: Db, rows: DeliveryRow[], options: { masked: boolean }): Promise<DeliveryLogEntry[]> {
  const [pickRows, names] = await Promise.all([
    picksForAlerts(db, unique(rows.map((r) => r.pickId))),
    userNames({ db }, unique(rows.map((r) => r.recipientId))),
  ])
  const summaryById = new Map(pickRows.map((pick) => [pick.id, pickSummary(pick satisfies AlertPick)]))
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    kind: r.kind,
    status: r.status,
    destination: options.masked ? maskDestination(r.channel, r.destination) : r.destination,
    recipientName: r.recipientId ? (names.get(r.recipientId) ?? null) : null,
    pickId: r.pickId,
    summary: r.pickId ? (summaryById.get(r.pickId) ?? null) : null,
    preview: r.preview,
    segments: r.segments,
    attempts: r.attempts,
    error: r.error,
    providerId: r.providerId,
    createdAt: r.createdAt.toISOString(),
    sentAt: iso(r.sentAt),
    deliveredAt: iso(r.deliveredAt),
    failedAt: iso(r.failedAt),
    nextAttemptAt: r.status === 'queued' ? r.nextAttemptAt.toISOString() : null,
  }))
}

const newestFirst = [desc(alertDeliveries.createdAt), desc(alertDeliveries.id)]

/**
 * The messages sent to a person, newest first: on one channel (their texts, replies to STOP and
 * HELP included), or the alerts of both (picks and test e-mails).
 */
export async function receivedDeliveries(
  deps: PreferenceDeps,
  userId: string,
  options: { limit: number; channel: NotificationChannel | 'alerts' },
): Promise<{ deliveries: DeliveryLogEntry[] }> {
  const rows = await deps.db
    .select()
    .from(alertDeliveries)
    .where(
      and(
        eq(alertDeliveries.recipientId, userId),
        options.channel === 'alerts'
          ? inArray(alertDeliveries.kind, ['pick', 'test'])
          : eq(alertDeliveries.channel, options.channel),
      ),
    )
    .orderBy(...newestFirst)
    .limit(options.limit)
  return { deliveries: await logEntries(deps.db, rows, { masked: false }) }
}

/** A creator's messages on one channel, newest first, with masked destinations. */
export async function creatorDeliveries(
  deps: PreferenceDeps,
  creatorId: string,
  query: CreatorLogsQuery,
): Promise<{ deliveries: DeliveryLogEntry[] }> {
  await requireCreator(deps, creatorId)
  const rows = await deps.db
    .select()
    .from(alertDeliveries)
    .where(
      and(
        eq(alertDeliveries.creatorId, creatorId),
        eq(alertDeliveries.channel, query.channel),
        query.includePending ? undefined : inArray(alertDeliveries.status, ['sent', 'delivered', 'failed']),
      ),
    )
    .orderBy(...newestFirst)
    .limit(query.limit)
  return { deliveries: await logEntries(deps.db, rows, { masked: true }) }
}

/** An operator's log of one channel: every delivery unmasked, and the outbox (account codes too). */
export async function adminLogs(
  deps: PreferenceDeps,
  channel: 'sms',
  query: AdminLogsQuery,
): Promise<AdminSmsLogsAnswer>
export async function adminLogs(
  deps: PreferenceDeps,
  channel: 'email',
  query: AdminLogsQuery,
): Promise<AdminEmailLogsAnswer>
export async function adminLogs(
  deps: PreferenceDeps,
  channel: NotificationChannel,
  query: AdminLogsQuery,
): Promise<AdminSmsLogsAnswer | AdminEmailLogsAnswer> {
  const rows = await deps.db
    .select()
    .from(alertDeliveries)
    .where(eq(alertDeliveries.channel, channel))
    .orderBy(...newestFirst)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
  const deliveries = await logEntries(deps.db, rows, { masked: false })
  const page = { page: query.page, limit: query.limit }
  if (channel === 'sms') {
    const outbox = await outboxTexts(deps.db, page)
    return { deliveries, outbox: outbox.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })), ...page }
  }
  const outbox = await outboxEmails(deps.db, page)
  return { deliveries, outbox: outbox.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })), ...page }
}

// ---------------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------------

/**
 * "Send batch now": every queued delivery of the creator is due now (those waiting for a retry
 * too), and their sending starts. Deliveries of a fan-out still running go once it completes.
 */
export async function sendBatchNow(alerts: AlertDeps, creatorId: string): Promise<SendBatchAnswer> {
  await requireCreator(alerts, creatorId)
  const now = alerts.now()
  const flushed = await alerts.db
    .update(alertDeliveries)
    .set({
      nextAttemptAt: sql`least(${alertDeliveries.nextAttemptAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(and(eq(alertDeliveries.creatorId, creatorId), eq(alertDeliveries.status, 'queued')))
    .returning({ id: alertDeliveries.id })
  if (flushed.length) await alerts.startSending(creatorId)
  return { creatorId, flushed: flushed.length }
}

/** What a creator's test e-mail shows when they have no pick yet: plainly a sample. */
function samplePick(now: Date): AlertPick {
  return {
    id: '00000000-0000-4000-8000-000000000000',
    sport: 'nba',
    homeTeam: 'Sample Home Team',
    awayTeam: 'Sample Away Team',
    gameDate: new Date(now.getTime() + 24 * hourMs),
    betType: 'spread',
    selection: 'Sample Home Team',
    odds: -110,
    line: -3.5,
    bookmaker: null,
    player: null,
    stat: null,
    overUnder: null,
    reasoning: 'This is a sample pick. Once you publish a pick, your test e-mails show your newest one.',
    isPremium: true,
    stakeUnits: 1,
  }
}

/**
 * A creator's test e-mail: their newest pick (or a sample) rendered as subscribers get it, sent
 * at once to their own address only, and logged like any other message. At most
 * `testEmailsPerHour` an hour, counted from the log.
 */
export async function sendTestEmail(
  alerts: AlertDeps,
  creator: { id: string; email: string; name: string },
  email: string,
): Promise<TestEmailAnswer> {
  if (email !== creator.email) {
    const message = notificationMessages.testEmailOwnAddressOnly
    throw new AppError('VALIDATION_FAILED', message, {
      details: [{ field: 'body.email', message }],
      reason: 'NOT_OWN_ADDRESS',
    })
  }
  const profile = await findCreatorProfile(alerts, creator.id)
  if (!profile) throw new AppError('FORBIDDEN', 'Only creators can send a test e-mail')
  const now = alerts.now()
  const delivery = await alerts.db.transaction(async (tx) => {
    // Counted and written under one lock, so quick repeated clicks cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`test-email:${creator.id}`}))`)
    const [recent] = await tx
      .select({ n: count() })
      .from(alertDeliveries)
      .where(
        and(
          eq(alertDeliveries.creatorId, creator.id),
          eq(alertDeliveries.kind, 'test'),
          gt(alertDeliveries.createdAt, new Date(now.getTime() - hourMs)),
        ),
      )
    if (Number(recent?.n ?? 0) >= testEmailsPerHour) {
      throw new AppError(
        'RATE_LIMITED',
        `You can send ${testEmailsPerHour} test e-mails an hour. Please try again later.`,
        { reason: 'TEST_EMAIL_LIMIT' },
      )
    }
    const [row] = await tx
      .insert(alertDeliveries)
      .values({
        kind: 'test',
        creatorId: creator.id,
        recipientId: creator.id,
        channel: 'email',
        destination: email,
        status: 'sending',
        attempts: 1,
        // Were this process to stop before the answer, the sweep takes the row back and the
        // sender fails it: a test e-mail is never sent twice.
        claimedUntil: new Date(now.getTime() + alerts.tuning.leaseMs),
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: alertDeliveries.id })
    return row!
  })
  const pick = (await newestPickForAlerts(alerts.db, creator.id)) ?? samplePick(now)
  const message = pickEmail({
    pick,
    creator: { id: profile.id, name: profile.name, username: profile.username },
    recipient: { id: creator.id, email, name: creator.name },
    deliveryId: delivery.id,
    links: alerts.links,
    test: true,
  })
  const mine = and(eq(alertDeliveries.id, delivery.id), eq(alertDeliveries.status, 'sending'))
  try {
    const { id } = await alerts.email.send(message)
    const at = alerts.now()
    await alerts.db
      .update(alertDeliveries)
      .set({
        status: 'sent',
        providerId: id || delivery.id,
        preview: message.subject,
        sentAt: at,
        claimedUntil: null,
        updatedAt: at,
      })
      .where(mine)
    return { deliveryId: delivery.id, status: 'sent' }
  } catch (err) {
    const failure = classifySendFailure(err)
    const at = alerts.now()
    await alerts.db
      .update(alertDeliveries)
      .set({
        status: 'failed',
        error: failure.message,
        preview: message.subject,
        failedAt: at,
        claimedUntil: null,
        updatedAt: at,
      })
      .where(mine)
    throw new AppError('SERVICE_UNAVAILABLE', `The test e-mail could not be sent: ${failure.message}`)
  }
}

// ---------------------------------------------------------------------------------------------
// Delivery methods
// ---------------------------------------------------------------------------------------------

type MethodRow = typeof deliveryMethods.$inferSelect

function toMethod(row: MethodRow): DeliveryMethod {
  return {
    id: row.id,
    creatorId: row.creatorId,
    method: row.method,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function deliveryMethodsOf(deps: PreferenceDeps, creatorId: string): Promise<DeliveryMethodsAnswer> {
  await requireCreator(deps, creatorId)
  const [rows, offered] = await Promise.all([
    deps.db
      .select()
      .from(deliveryMethods)
      .where(eq(deliveryMethods.creatorId, creatorId))
      .orderBy(deliveryMethods.method),
    offeredChannels(deps.db, creatorId),
  ])
  return { creatorId, methods: rows.map(toMethod), offered: channelsOf(offered) }
}

export async function addDeliveryMethod(
  deps: PreferenceDeps,
  input: { creatorId: string; method: NotificationChannel; isActive: boolean },
): Promise<DeliveryMethod> {
  await requireCreator(deps, input.creatorId)
  const now = deps.now()
  const [row] = await deps.db
    .insert(deliveryMethods)
    .values({ ...input, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning()
  if (!row) {
    throw new AppError('CONFLICT', notificationMessages.deliveryMethodExists, { reason: 'DELIVERY_METHOD_EXISTS' })
  }
  return toMethod(row)
}

/** A delivery method by its id (for the routes to check whose it is); 404 when there is none. */
export async function findDeliveryMethod(deps: PreferenceDeps, id: string): Promise<DeliveryMethod> {
  const [row] = await deps.db.select().from(deliveryMethods).where(eq(deliveryMethods.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'Delivery method not found')
  return toMethod(row)
}

export async function setDeliveryMethodActive(
  deps: PreferenceDeps,
  id: string,
  isActive: boolean,
): Promise<DeliveryMethod> {
  const [row] = await deps.db
    .update(deliveryMethods)
    .set({ isActive, updatedAt: deps.now() })
    .where(eq(deliveryMethods.id, id))
    .returning()
  if (!row) throw new AppError('NOT_FOUND', 'Delivery method not found')
  return toMethod(row)
}

export async function removeDeliveryMethod(deps: PreferenceDeps, id: string): Promise<void> {
  const rows = await deps.db
    .delete(deliveryMethods)
    .where(eq(deliveryMethods.id, id))
    .returning({ id: deliveryMethods.id })
  if (!rows.length) throw new AppError('NOT_FOUND', 'Delivery method not found')
}
