import type { CreatorStats, CreatorSummary, CreatorsPage, ParsedCreatorsPageQuery } from '@picks/contracts'
import { and, arrayOverlaps, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { creatorProfiles, subscriptionPlans } from './creators.table.ts'

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
}

function toSummary(row: SummaryRow): CreatorSummary {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    bio: row.bio,
    profile_picture: row.profilePicture,
    specialty_sport: row.specialtySport as CreatorSummary['specialty_sport'],
    sports: row.sports as CreatorSummary['sports'],
    price_cents: row.lowestPriceCents,
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

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

function shopFilter(query: ParsedCreatorsPageQuery): SQL | undefined {
  const conditions: SQL[] = []
  if (query.sports?.length) conditions.push(arrayOverlaps(creatorProfiles.sports, query.sports))
  if (query.search) {
    conditions.push(sql`${creatorProfiles.searchText} like ${`%${escapeLike(query.search.toLowerCase())}%`}`)
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
    .orderBy(...orderings.name)
    .limit(limit)
  return rows.map(toSummary)
}

export async function getCreatorStats(deps: Deps, creatorId: string): Promise<CreatorStats> {
  const [profile] = await deps.db
    .select({
      createdAt: creatorProfiles.createdAt,
      lowestPriceCents: creatorProfiles.lowestPriceCents,
      currency: creatorProfiles.currency,
    })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, creatorId))
  if (!profile) throw new AppError('NOT_FOUND', 'Creator not found')
  const [plans] = await deps.db
    .select({ active: count() })
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.creatorId, creatorId), eq(subscriptionPlans.active, true)))
  return {
    creator_id: creatorId,
    active_plans: Number(plans?.active ?? 0),
    lowest_price_cents: profile.lowestPriceCents,
    currency: profile.currency,
    member_since: profile.createdAt.toISOString(),
  }
}

export async function findCreatorByUsername(deps: Deps, username: string): Promise<{ id: string; username: string }> {
  const [row] = await deps.db
    .select({ id: creatorProfiles.userId, username: creatorProfiles.username })
    .from(creatorProfiles)
    .where(sql`lower(${creatorProfiles.username}) = ${username.toLowerCase()}`)
  if (!row) throw new AppError('NOT_FOUND', 'Creator not found')
  return row
}

/** Keeps the shop's denormalised lowest price equal to the creator's cheapest active plan. */
export async function refreshLowestPrice(deps: Deps, creatorId: string): Promise<void> {
  await deps.db
    .update(creatorProfiles)
    .set({
      lowestPriceCents: sql`(select min(${subscriptionPlans.priceCents}) from ${subscriptionPlans}
        where ${subscriptionPlans.creatorId} = ${creatorId} and ${subscriptionPlans.active})`,
      updatedAt: sql`now()`,
    })
    .where(eq(creatorProfiles.userId, creatorId))
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
