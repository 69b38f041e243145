import {
  notificationMessages,
  type AllEmailPreferencesAnswer,
  type CreatorAlertPreference,
  type EmailPreference,
  type NotificationPreferences,
  type ServerUser,
  type SubscriberNotifications,
} from '@picks/contracts'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { creatorCards } from '../creators/creators.service.ts'
import { entitledCreatorIds, hasPaidAccess } from '../purchases/purchases.service.ts'
import { channelsOf, personOf, requireCreator, unique, type AlertServiceDeps } from './alert-lookups.ts'
import { offeredChannels } from './alert-recipients.ts'
import { creatorAlertPreferences, notificationSettings } from './alerts.table.ts'

/**
 * What a person chooses about pick alerts (spec §3 "Notification preferences"): the two global
 * switches, and for each creator whether their picks reach them by e-mail and by text. Who may
 * call each is the routes' concern; who a pick reaches is alert-recipients.ts's.
 */

type ChoiceRow = typeof creatorAlertPreferences.$inferSelect

/** Without a row, the global switches stand as the table's defaults: e-mail on, texts off. */
const globalDefaults = { smsEnabled: false, emailEnabled: true } as const

// ---------------------------------------------------------------------------------------------
// The global switches
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

export async function settingsOf(db: Db, userId: string): Promise<{ smsEnabled: boolean; emailEnabled: boolean }> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId))
  return row ?? globalDefaults
}

export async function notificationPreferences(
  deps: AlertServiceDeps,
  userId: string,
): Promise<NotificationPreferences> {
  await personOf(deps, userId)
  return { userId, ...(await settingsOf(deps.db, userId)) }
}

/** Sets either global switch or both; turning texts on needs a verified phone. */
export async function updateNotificationPreferences(
  deps: AlertServiceDeps,
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

export async function allCreatorPreferences(
  deps: AlertServiceDeps,
  userId: string,
): Promise<AllEmailPreferencesAnswer> {
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
  deps: AlertServiceDeps,
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
  deps: AlertServiceDeps,
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

/** Whether the creator's picks reach the person by e-mail, as the e-mail preference route answers. */
export async function emailPreference(
  deps: AlertServiceDeps,
  userId: string,
  creatorId: string,
): Promise<EmailPreference> {
  const choices = await creatorChoices(deps, userId, creatorId)
  return { userId, creatorId, enabled: choices.email }
}

/** Turns the creator's e-mails on or off for the person, a refusal naming the path's fields. */
export async function setEmailPreference(
  deps: AlertServiceDeps,
  userId: string,
  creatorId: string,
  enabled: boolean,
): Promise<EmailPreference> {
  const choices = await setCreatorChoices(
    deps,
    userId,
    creatorId,
    { email: enabled },
    { creatorId: 'params.creatorId', email: 'body.enabled', sms: 'body.smsEnabled' },
  )
  return { userId, creatorId, enabled: choices.email }
}

/** Sets the person's e-mail and text choices for one creator, as the subscriber route answers. */
export async function setSubscriberNotifications(
  deps: AlertServiceDeps,
  userId: string,
  changes: { creatorId: string; emailEnabled?: boolean | undefined; smsEnabled?: boolean | undefined },
): Promise<SubscriberNotifications> {
  const { creatorId, emailEnabled, smsEnabled } = changes
  const choices = await setCreatorChoices(deps, userId, creatorId, { email: emailEnabled, sms: smsEnabled })
  return { userId, creatorId, emailEnabled: choices.email, smsEnabled: choices.sms }
}
