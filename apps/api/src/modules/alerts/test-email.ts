import { notificationMessages, type TestEmailAnswer } from '@picks/contracts'
import { and, count, eq, gt, sql } from 'drizzle-orm'
import { AppError } from '../../errors.ts'
import { findCreatorProfile } from '../creators/creators.service.ts'
import { classifySendFailure } from '../notifications/notifications.service.ts'
import { newestPickForAlerts } from '../picks/picks.service.ts'
import type { AlertDeps } from './alert-jobs.ts'
import { hourMs } from './alert-lookups.ts'
import { pickEmail, type AlertPick } from './alert-messages.ts'
import { alertDeliveries } from './alerts.table.ts'

/** A creator may have at most this many test e-mails sent in an hour (each is a real message). */
export const testEmailsPerHour = 5

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
