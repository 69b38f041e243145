import {
  computeRecord,
  usernameHoldDays,
  type CreatorProfile,
  type CreatorRecord,
  type CreatorStats,
  type CreatorSummary,
  type CreatorsPage,
  type ParsedCreatorsPageQuery,
} from '@picks/contracts'
import { and, arrayOverlaps, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { containsPattern } from '../../db/like.ts'
import { AppError } from '../../errors.ts'
import { provideCreatorSide, type AccountFields } from '../users/users.service.ts'
import { creatorPreviousUsernames } from './creator-links.table.ts'
import { creatorRecords } from './creator-records.table.ts'
import { listedCreator, suspensionChanged } from './creator-visibility.ts'
import { creatorProfiles } from './creators.table.ts'
import { plansOf } from './plans-on-sale.ts'

// What is on sale, for checkout (purchases), payouts (which says whether a creator accepts payments) and test fixtures.
export { findPlan, refreshLowestPrice, setAcceptingPayments } from './plans-on-sale.ts'
// Moderation and suspension (issue 16): what the shop, the feeds and the alerts show, and the moderators' hides.
export {
  assertCreatorShown,
  creatorVisibility,
  hiddenCreatorIds,
  listedCreatorOf,
  setCreatorHidden,
} from './creator-visibility.ts'

/** The topic the shop's changes are published on (decision 050: the picks' cache hears it too). */
export { shopTopic } from './shop-cache.ts'

export { creatorBillingFacts, setNewSubscriberEmails, type CreatorBillingFacts } from './billing-emails.ts'
// Share-link attribution (decision 036): the last touch for checkout, the events for the results.
export { attributionDays, type ReferralTouch } from './referral-touch.ts'
export { shareLinkSignups, shareLinkVisits, type ShareLinkEvents } from './share-links.ts'
// Affiliates count their links' clicks the way the share link counts visits (decision 038).
export { visitorHash, type Visitor } from './share-links.ts'

type Deps = { db: Db }

const summaryColumns = {
  id: creatorProfiles.userId,
  name: creatorProfiles.displayName,
  username: creatorProfiles.username,
  bio: creatorProfiles.bio,
  profilePicture: creatorProfiles.profilePicture,
  specialtySport: creatorProfiles.specialtySport,
  sports: creatorProfiles.sports,
  lowestPriceCents: creatorProfiles.lowestPriceCents,
  currency: creatorProfiles.currency,
  createdAt: creatorProfiles.createdAt,
  wins: creatorRecords.wins,
  losses: creatorRecords.losses,
  pushes: creatorRecords.pushes,
  voids: creatorRecords.voids,
  netUnits: creatorRecords.netUnits,
}

type SummaryRow = {
  id: string
  name: string
  username: string
  bio: string
  profilePicture: string | null
  specialtySport: string | null
  sports: string[]
  lowestPriceCents: number | null
  currency: string
  createdAt: Date
  wins: number | null
  losses: number | null
  pushes: number | null
  voids: number | null
  netUnits: number | null
}

function toSummary(row: SummaryRow): CreatorSummary {
  const graded = (row.wins ?? 0) + (row.losses ?? 0) + (row.pushes ?? 0) + (row.voids ?? 0)
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    bio: row.bio,
    profile_picture: row.profilePicture,
    specialty_sport: row.specialtySport as CreatorSummary['specialty_sport'],
    sports: row.sports as CreatorSummary['sports'],
    price_cents: row.lowestPriceCents,
    record:
      graded > 0
        ? { wins: row.wins ?? 0, losses: row.losses ?? 0, pushes: row.pushes ?? 0, net_units: row.netUnits ?? 0 }
        : null,
    currency: row.currency,
    created_at: row.createdAt.toISOString(),
  }
}

/** Each sort order matches one index, with the user id as the tie-breaker so pages never overlap. */
const orderings: Record<ParsedCreatorsPageQuery['sortBy'], SQL[]> = {
  name: [sql`lower(${creatorProfiles.displayName})`, asc(creatorProfiles.userId)],
  'price-low': [sql`${creatorProfiles.lowestPriceCents} asc nulls last`, asc(creatorProfiles.userId)],
  'price-high': [sql`${creatorProfiles.lowestPriceCents} desc nulls last`, asc(creatorProfiles.userId)],
  newest: [desc(creatorProfiles.createdAt), asc(creatorProfiles.userId)],
}

function shopFilter(query: ParsedCreatorsPageQuery): SQL | undefined {
  const conditions: SQL[] = [listedCreator]
  if (query.sports?.length) conditions.push(arrayOverlaps(creatorProfiles.sports, query.sports))
  if (query.search) {
    conditions.push(sql`${creatorProfiles.searchText} like ${containsPattern(query.search.toLowerCase())}`)
  }
  return conditions.length ? and(...conditions) : undefined
}

export async function listCreatorsPage(deps: Deps, query: ParsedCreatorsPageQuery): Promise<CreatorsPage> {
  const where = shopFilter(query)
  const offset = (query.page - 1) * query.limit
  const [rows, totals] = await Promise.all([
    deps.db
      .select(summaryColumns)
      .from(creatorProfiles)
      .leftJoin(creatorRecords, eq(creatorRecords.creatorId, creatorProfiles.userId))
      .where(where)
      .orderBy(...orderings[query.sortBy])
      .limit(query.limit)
      .offset(offset),
    deps.db.select({ total: count() }).from(creatorProfiles).where(where),
  ])
  const total = Number(totals[0]?.total ?? 0)
  return {
    creators: rows.map(toSummary),
    total,
    page: query.page,
    limit: query.limit,
    hasMore: offset + rows.length < total,
  }
}

export async function listCreators(deps: Deps, limit: number): Promise<CreatorSummary[]> {
  const rows = await deps.db
    .select(summaryColumns)
    .from(creatorProfiles)
    .leftJoin(creatorRecords, eq(creatorRecords.creatorId, creatorProfiles.userId))
    .where(listedCreator)
    .orderBy(...orderings.name)
    .limit(limit)
  return rows.map(toSummary)
}

export async function getCreatorStats(
  deps: Deps,
  creatorId: string,
  subscriberCount: (creatorId: string) => Promise<number>,
): Promise<CreatorStats> {
  const [profile] = await deps.db
    .select({
      createdAt: creatorProfiles.createdAt,
      lowestPriceCents: creatorProfiles.lowestPriceCents,
      currency: creatorProfiles.currency,
    })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, creatorId))
  if (!profile) throw new AppError('NOT_FOUND', 'Creator not found')
  const [plans, [summary]] = await Promise.all([
    plansOf(deps, creatorId, { onSaleOnly: true }),
    deps.db
      .select({ picksCount: creatorRecords.picksCount, record: creatorRecords.record })
      .from(creatorRecords)
      .where(eq(creatorRecords.creatorId, creatorId)),
  ])
  return {
    creator_id: creatorId,
    active_plans: plans.length,
    lowest_price_cents: profile.lowestPriceCents,
    currency: profile.currency,
    member_since: profile.createdAt.toISOString(),
    plans,
    subscriber_count: await subscriberCount(creatorId),
    picks_count: summary?.picksCount ?? 0,
    record: summary?.record ?? emptyCreatorRecord(),
  }
}

/** The record of a creator without picks. */
export function emptyCreatorRecord(): CreatorRecord {
  return { ...computeRecord([]), by_sport: {} }
}

/**
 * Locks the creator's record summary (made on first use) for the rest of the transaction, so two
 * writes to the same creator's picks recompute it one after the other. Call before reading the
 * picks. Answers the summary as it stands.
 */
export async function lockRecordSummary(
  db: Db,
  creatorId: string,
): Promise<{ wins: number; losses: number; pushes: number; voids: number; netUnits: number }> {
  const [row] = await db
    .insert(creatorRecords)
    .values({ creatorId })
    .onConflictDoUpdate({ target: creatorRecords.creatorId, set: { updatedAt: sql`now()` } })
    .returning({
      wins: creatorRecords.wins,
      losses: creatorRecords.losses,
      pushes: creatorRecords.pushes,
      voids: creatorRecords.voids,
      netUnits: creatorRecords.netUnits,
    })
  if (!row) throw new Error('the record summary was neither inserted nor updated')
  return row
}

/**
 * Stores a creator's record summary for the shop and the stats. The picks module calls it in the
 * transaction of every pick it creates, changes, deletes or grades (after `lockRecordSummary`).
 */
export async function recordSummaryChanged(
  db: Db,
  creatorId: string,
  summary: { picksCount: number; record: CreatorRecord },
): Promise<void> {
  const { record } = summary
  const values = {
    picksCount: summary.picksCount,
    wins: record.wins,
    losses: record.losses,
    pushes: record.pushes,
    voids: record.voids,
    netUnits: record.net_units,
    record,
    updatedAt: sql`now()`,
  }
  await db
    .insert(creatorRecords)
    .values({ creatorId, ...values })
    .onConflictDoUpdate({ target: creatorRecords.creatorId, set: values })
}

const dayMs = 24 * 60 * 60 * 1000

/** Usernames released before this moment are free again. */
export function holdStart(now: Date): Date {
  return new Date(now.getTime() - usernameHoldDays * dayMs)
}

/**
 * The creator a profile link names: by current username, whatever its case, else by a username
 * they gave up less than 30 days ago. The answer carries the current username.
 */
export async function findCreatorByUsername(
  deps: Deps,
  username: string,
  now: Date,
): Promise<{ id: string; username: string }> {
  const lower = username.toLowerCase()
  const [current] = await deps.db
    .select({ id: creatorProfiles.userId, username: creatorProfiles.username })
    .from(creatorProfiles)
    .where(sql`lower(${creatorProfiles.username}) = ${lower}`)
  if (current) return current
  const [previous] = await deps.db
    .select({ id: creatorProfiles.userId, username: creatorProfiles.username })
    .from(creatorPreviousUsernames)
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, creatorPreviousUsernames.creatorId))
    .where(
      and(
        sql`lower(${creatorPreviousUsernames.username}) = ${lower}`,
        gt(creatorPreviousUsernames.releasedAt, holdStart(now)),
      ),
    )
  if (!previous) throw new AppError('NOT_FOUND', 'Creator not found')
  return previous
}

const profileColumns = {
  id: creatorProfiles.userId,
  username: creatorProfiles.username,
  name: creatorProfiles.displayName,
  bio: creatorProfiles.bio,
  profilePicture: creatorProfiles.profilePicture,
  specialtySport: creatorProfiles.specialtySport,
  otherSports: creatorProfiles.otherSports,
  sports: creatorProfiles.sports,
  socialLinks: creatorProfiles.socialLinks,
  country: creatorProfiles.country,
  createdAt: creatorProfiles.createdAt,
}

/** A creator's public profile, or null when the user is not a creator. */
export async function findCreatorProfile(deps: Deps, creatorId: string): Promise<CreatorProfile | null> {
  const [row] = await deps.db.select(profileColumns).from(creatorProfiles).where(eq(creatorProfiles.userId, creatorId))
  if (!row) return null
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    bio: row.bio,
    profile_picture: row.profilePicture,
    specialty_sport: row.specialtySport as CreatorProfile['specialty_sport'],
    other_sports: row.otherSports as CreatorProfile['other_sports'],
    sports: row.sports as CreatorProfile['sports'],
    social_links: row.socialLinks,
    country: row.country,
    created_at: row.createdAt.toISOString(),
  }
}

export async function getCreatorProfile(deps: Deps, creatorId: string): Promise<CreatorProfile> {
  const profile = await findCreatorProfile(deps, creatorId)
  if (!profile) throw new AppError('NOT_FOUND', 'Creator not found')
  return profile
}

/**
 * Keeps a creator's storefront in step with their account: the display name, the picture and the
 * specialty sport (which also leads the sport list) follow the user record. Nothing for a
 * non-creator. A null specialty leaves the creator's in place: a creator always has one.
 */
export async function mirrorAccountFields(deps: Deps, userId: string, fields: AccountFields): Promise<void> {
  const specialty = fields.specialtySport ?? undefined
  if (fields.name === undefined && fields.profilePicture === undefined && specialty === undefined) return
  await deps.db
    .update(creatorProfiles)
    .set({
      ...(fields.name !== undefined ? { displayName: fields.name } : {}),
      ...(fields.profilePicture !== undefined ? { profilePicture: fields.profilePicture } : {}),
      ...(specialty !== undefined
        ? {
            specialtySport: specialty,
            otherSports: sql`array_remove(${creatorProfiles.otherSports}, ${specialty}::text)`,
            sports: sql`array_prepend(${specialty}::text, array_remove(${creatorProfiles.otherSports}, ${specialty}::text))`,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(creatorProfiles.userId, userId))
}

/** The creator fields of a server user (spec §3), or null for someone who is not a creator. */
export async function creatorFieldsOf(
  deps: Deps,
  userId: string,
): Promise<{ username: string; bio: string; priceCents: number | null } | null> {
  const [row] = await deps.db
    .select({
      username: creatorProfiles.username,
      bio: creatorProfiles.bio,
      priceCents: creatorProfiles.lowestPriceCents,
    })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, userId))
  return row ?? null
}

export interface CreatorCard {
  name: string
  username: string
  profilePicture: string | null
}

/** Name, username and picture of each creator in `ids` (for lists that show who sold what). */
export async function creatorCards(deps: Deps, ids: readonly string[]): Promise<Map<string, CreatorCard>> {
  if (!ids.length) return new Map()
  const rows = await deps.db
    .select({
      id: creatorProfiles.userId,
      name: creatorProfiles.displayName,
      username: creatorProfiles.username,
      profilePicture: creatorProfiles.profilePicture,
    })
    .from(creatorProfiles)
    .where(inArray(creatorProfiles.userId, [...new Set(ids)]))
  return new Map(rows.map(({ id, ...card }) => [id, card]))
}

// Users cannot import creators (a creator profile belongs to a user): the creator fields of every
// server user and the storefront's copy of the account come from here, in any process that loads
// the creators module.
provideCreatorSide({ creatorFieldsOf, mirrorAccountFields, suspensionChanged })
