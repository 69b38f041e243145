import { createHmac, randomBytes } from 'node:crypto'
import type { ShareLink } from '@picks/contracts'
import { and, count, eq, sql, type SQL } from 'drizzle-orm'
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { creatorReferralSignups, creatorReferralVisits, creatorShareCodes } from './creator-links.table.ts'
import { creatorProfiles } from './creators.table.ts'
import type { ReferralTouch } from './referral-touch.ts'

type Deps = { db: Db }

const dayMs = 24 * 60 * 60 * 1000
/** The window of the "last 30 days" visit count. */
export const recentVisitDays = 30

/** 12 url-safe characters (72 random bits). */
function newCode(): string {
  return randomBytes(9).toString('base64url')
}

/** The creator's referral code, made on the first call and the same ever after. */
async function shareCodeOf(deps: Deps, creatorId: string): Promise<string> {
  // A new code colliding with another creator's is a one-in-2^72 chance; trying again settles it.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [existing] = await deps.db
      .select({ code: creatorShareCodes.code })
      .from(creatorShareCodes)
      .where(eq(creatorShareCodes.creatorId, creatorId))
    if (existing) return existing.code
    await deps.db.insert(creatorShareCodes).values({ creatorId, code: newCode() }).onConflictDoNothing()
  }
  throw new AppError('INTERNAL', 'Could not make a share code')
}

/**
 * The creator's absolute profile link with their referral code, and how many visitors came through
 * it (each counted once a day).
 */
export async function getShareLink(
  deps: Deps,
  creatorId: string,
  { publicUrl, now }: { publicUrl: string; now: Date },
): Promise<ShareLink> {
  const [profile] = await deps.db
    .select({ username: creatorProfiles.username })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, creatorId))
  if (!profile) throw new AppError('NOT_FOUND', 'Creator not found')
  const code = await shareCodeOf(deps, creatorId)
  const since = new Date(now.getTime() - recentVisitDays * dayMs)
  const [totals] = await deps.db
    .select({
      total: count(),
      recent: sql<number>`count(*) filter (where ${creatorReferralVisits.visitedAt} > ${since.toISOString()}::timestamptz)`,
    })
    .from(creatorReferralVisits)
    .where(eq(creatorReferralVisits.creatorId, creatorId))
  const base = publicUrl.replace(/\/+$/, '')
  return {
    url: `${base}/${encodeURIComponent(profile.username)}?ref=${encodeURIComponent(code)}`,
    code,
    visits: { total: Number(totals?.total ?? 0), last30Days: Number(totals?.recent ?? 0) },
  }
}

export interface Visitor {
  ip: string
  userAgent: string
}

/**
 * Who visited, as a keyed hash that changes every UTC day: the same visitor on the same day hashes
 * the same, the address is never stored, and without the secret nobody can test guesses against it.
 */
export function visitorHash(visitor: Visitor, now: Date, secret: string): string {
  const day = now.toISOString().slice(0, 10)
  return createHmac('sha256', secret).update([visitor.ip, visitor.userAgent, day].join('\n')).digest('hex')
}

/**
 * Counts a visit through the creator's share link when `code` is their referral code; the same
 * visitor counts once a day. Any other code is ignored: a stale link still opens the profile.
 * Answers the touch to remember (every visit with the right code, counted or not: the last one
 * wins), or null for any other code.
 */
export async function recordReferralVisit(
  deps: Deps,
  {
    creatorId,
    code,
    visitor,
    now,
    secret,
  }: { creatorId: string; code: string; visitor: Visitor; now: Date; secret: string },
): Promise<ReferralTouch | null> {
  const [owned] = await deps.db
    .select({ code: creatorShareCodes.code })
    .from(creatorShareCodes)
    .where(and(eq(creatorShareCodes.creatorId, creatorId), eq(creatorShareCodes.code, code)))
  if (!owned) return null
  await deps.db
    .insert(creatorReferralVisits)
    .values({ creatorId, code, visitedAt: now, visitorHash: visitorHash(visitor, now, secret) })
    .onConflictDoNothing()
  return { creatorId, code, visitedAt: now }
}

/**
 * Credits a new account to the share link the person last came through (a valid touch: signed and
 * at most 30 days old). An account is credited once, whatever happens after.
 */
export async function recordReferralSignup(
  deps: Deps,
  { userId, touch, signedUpAt }: { userId: string; touch: ReferralTouch; signedUpAt: Date },
): Promise<void> {
  await deps.db
    .insert(creatorReferralSignups)
    .values({ userId, creatorId: touch.creatorId, code: touch.code, visitedAt: touch.visitedAt, signedUpAt })
    .onConflictDoNothing()
}

/**
 * One kind of a creator's share-link events, each with its time `at`: visits, sign-ups (here) and
 * first purchases (the purchases module), counted by analytics over any period.
 */
export type ShareLinkEvents = SubqueryWithSelection<{ at: SQL.Aliased<Date> }, string>

/** Visits through the creator's share link: each visitor once a UTC day. */
export function shareLinkVisits(db: Db, creatorId: string): ShareLinkEvents {
  return db
    .select({ at: sql<Date>`${creatorReferralVisits.visitedAt}`.as('at') })
    .from(creatorReferralVisits)
    .where(eq(creatorReferralVisits.creatorId, creatorId))
    .as('share_link_visits')
}

/** Accounts made within 30 days of a visit through the creator's link (their last touch), when made. */
export function shareLinkSignups(db: Db, creatorId: string): ShareLinkEvents {
  return db
    .select({ at: sql<Date>`${creatorReferralSignups.signedUpAt}`.as('at') })
    .from(creatorReferralSignups)
    .where(eq(creatorReferralSignups.creatorId, creatorId))
    .as('share_link_signups')
}
