import { z } from 'zod'
import { creatorPaging, creatorSortOptions, usernamePattern } from './creator-rules.ts'
import { sportSlugs } from './sports.ts'

export const Sport = z.enum(sportSlugs)
export type Sport = z.infer<typeof Sport>

const CreatorSortBy = z.enum(creatorSortOptions)

/** `sports` arrives as a comma list (`nfl,nba`); blanks are ignored, unknown sports are rejected. */
const SportList = z
  .string()
  .max(200)
  .transform((raw) => [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(Sport))

export const CreatorsPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(creatorPaging.maxPage).default(creatorPaging.defaultPage),
  limit: z.coerce.number().int().min(1).max(creatorPaging.maxLimit).default(creatorPaging.defaultLimit),
  sports: SportList.optional(),
  search: z.string().trim().max(100).optional(),
  sortBy: CreatorSortBy.default('name'),
})
export type CreatorsPageQuery = z.input<typeof CreatorsPageQuery>
export type ParsedCreatorsPageQuery = z.output<typeof CreatorsPageQuery>

/** A creator as the shop shows it: the spec's server user fields, public ones only. Money in cents. */
export const CreatorSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  username: z.string(),
  bio: z.string(),
  profile_picture: z.string().nullable(),
  specialty_sport: Sport.nullable(),
  sports: z.array(Sport),
  /** Lowest active plan price in cents, null when the creator sells nothing yet. */
  price_cents: z.number().int().nullable(),
  currency: z.string(),
  created_at: z.iso.datetime({ offset: true }),
})
export type CreatorSummary = z.infer<typeof CreatorSummary>

export const CreatorsPage = z.object({
  creators: z.array(CreatorSummary),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
})
export type CreatorsPage = z.infer<typeof CreatorsPage>

export const CreatorsListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(creatorPaging.maxLimit).default(creatorPaging.maxLimit),
})

export const CreatorIdParams = z.object({ id: z.uuid() })

export const CreatorStats = z.object({
  creator_id: z.uuid(),
  active_plans: z.number().int(),
  lowest_price_cents: z.number().int().nullable(),
  currency: z.string(),
  member_since: z.iso.datetime({ offset: true }),
})
export type CreatorStats = z.infer<typeof CreatorStats>

export const UsernameParams = z.object({
  username: z.string().regex(usernamePattern, 'Usernames are 3 to 30 letters, digits or underscores'),
})

/** `GET /creator/{username}`: spec §3 "Creator lookup by username". */
export const CreatorByUsername = z.object({
  success: z.literal(true),
  creator: z.object({ id: z.uuid(), username: z.string() }),
})
export type CreatorByUsername = z.infer<typeof CreatorByUsername>
