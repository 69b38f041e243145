import { z } from 'zod'
import { text } from './text.ts'
import { ServerUser } from './auth.ts'
import { avatarProblem } from './auth-rules.ts'
import {
  creatorProfileLimits,
  creatorProfileMessages,
  isCountryCode,
  isReservedUsername,
  socialLinkProblem,
  type SocialNetwork,
} from './creator-profile-rules.ts'
import { creatorPaging, creatorSortOptions, usernamePattern } from './creator-rules.ts'
import { Plan } from './plans.ts'
import { CreatorRecord } from './records.ts'
import { sportSlugs } from './sports.ts'

export const Sport = z.enum(sportSlugs)
export type Sport = z.infer<typeof Sport>

const CreatorSortBy = z.enum(creatorSortOptions)

/** `sports` arrives as a comma list (`nfl,nba`); blanks are ignored, unknown sports are rejected. */
const SportList = text()
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
  search: text().trim().max(100).optional(),
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
  /** The graded record in short, for the shop card; null before the first graded pick. */
  record: z
    .object({ wins: z.number().int(), losses: z.number().int(), pushes: z.number().int(), net_units: z.number() })
    .nullable(),
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
  /** The plans on sale, cheapest first (none until the creator's payout account can take charges). */
  plans: z.array(Plan),
  /** Customers with access now (payments, issue 5). */
  subscriber_count: z.number().int(),
  /** Picks published (issue 6). */
  picks_count: z.number().int(),
  /** The record from graded picks, overall and by sport (a creator with no picks has zeros). */
  record: CreatorRecord,
})
export type CreatorStats = z.infer<typeof CreatorStats>

export const UsernameParams = z.object({
  username: text().regex(usernamePattern, 'Usernames are 3 to 30 letters, digits or underscores'),
})

/** `GET /creator/{username}`: spec §3 "Creator lookup by username". */
export const CreatorByUsername = z.object({
  success: z.literal(true),
  creator: z.object({ id: z.uuid(), username: z.string() }),
})
export type CreatorByUsername = z.infer<typeof CreatorByUsername>

function socialLink(network: SocialNetwork) {
  return text()
    .trim()
    .superRefine((link, ctx) => {
      const problem = socialLinkProblem(network, link)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
    .optional()
}

/** `{ twitter?, instagram?, youtube?, tiktok?, discord?, website? }`, each an https address on its network. */
export const SocialLinksInput = z.strictObject({
  twitter: socialLink('twitter'),
  instagram: socialLink('instagram'),
  youtube: socialLink('youtube'),
  tiktok: socialLink('tiktok'),
  discord: socialLink('discord'),
  website: socialLink('website'),
} satisfies Record<SocialNetwork, unknown>)

/** Trimmed, 3–30 letters, digits or underscores, not a reserved word; uniqueness is checked on write. */
export const Username = text()
  .trim()
  .regex(usernamePattern, creatorProfileMessages.usernameShape)
  .refine((name) => !isReservedUsername(name), creatorProfileMessages.usernameReserved)

const Bio = text().trim().max(creatorProfileLimits.bioMaxLength, creatorProfileMessages.bioTooLong)

const ProfilePicture = text()
  .trim()
  .max(2048)
  .superRefine((value, ctx) => {
    const problem = avatarProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .nullable()

const SpecialtySport = z.enum(sportSlugs, { error: creatorProfileMessages.specialtyRequired })

const OtherSports = z
  .array(z.enum(sportSlugs, { error: 'Choose sports from the list' }))
  .max(creatorProfileLimits.maxOtherSports, creatorProfileMessages.tooManyOtherSports)
  .transform((list) => [...new Set(list)])

const Country = text().trim().toUpperCase().refine(isCountryCode, creatorProfileMessages.countryUnknown)

/** Spec §3 "Creator registration payload" (the user id is the path's). */
export const RegisterCreatorBody = z
  .strictObject({
    username: Username,
    bio: Bio.default(''),
    profilePicture: ProfilePicture.default(null),
    specialtySport: SpecialtySport,
    otherSports: OtherSports.default([]),
    socialLinks: SocialLinksInput.default({}),
    country: Country.nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.otherSports.includes(body.specialtySport)) {
      ctx.addIssue({
        code: 'custom',
        path: ['otherSports'],
        message: creatorProfileMessages.otherSportsRepeatSpecialty,
      })
    }
  })
export type RegisterCreatorBody = z.input<typeof RegisterCreatorBody>
export type ParsedRegisterCreatorBody = z.output<typeof RegisterCreatorBody>

export const RegisterCreatorParams = z.object({ userId: z.uuid() })

/** `PUT /creators/{id}/profile`: any of the registration fields; null clears the picture or the country. */
export const CreatorProfileUpdateBody = z
  .strictObject({
    username: Username,
    bio: Bio,
    profilePicture: ProfilePicture,
    specialtySport: SpecialtySport,
    otherSports: OtherSports,
    socialLinks: SocialLinksInput,
    country: Country.nullable(),
  })
  .partial()
  .superRefine((body, ctx) => {
    if (body.specialtySport && body.otherSports?.includes(body.specialtySport)) {
      ctx.addIssue({
        code: 'custom',
        path: ['otherSports'],
        message: creatorProfileMessages.otherSportsRepeatSpecialty,
      })
    }
  })
export type CreatorProfileUpdateBody = z.input<typeof CreatorProfileUpdateBody>
export type ParsedCreatorProfileUpdateBody = z.output<typeof CreatorProfileUpdateBody>

/** A creator's public profile. `id` is the creator's user id; `sports` is the specialty then the others. */
export const CreatorProfile = z.object({
  id: z.uuid(),
  username: z.string(),
  name: z.string(),
  bio: z.string(),
  profile_picture: z.string().nullable(),
  specialty_sport: Sport.nullable(),
  other_sports: z.array(Sport),
  sports: z.array(Sport),
  social_links: z.object({
    twitter: z.string().optional(),
    instagram: z.string().optional(),
    youtube: z.string().optional(),
    tiktok: z.string().optional(),
    discord: z.string().optional(),
    website: z.string().optional(),
  } satisfies Record<SocialNetwork, unknown>),
  country: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
})
export type CreatorProfile = z.infer<typeof CreatorProfile>

export const CreatorAnswer = z.object({
  creator: CreatorProfile,
  /**
   * Only for the creator themselves (or an administrator): the public cannot see this profile now,
   * because a moderator hid it or the account is suspended (issue 16).
   */
  hidden_from_public: z.boolean().optional(),
})
export type CreatorAnswer = z.infer<typeof CreatorAnswer>

export const RegisterCreatorAnswer = z.object({ user: ServerUser, creator: CreatorProfile })
export type RegisterCreatorAnswer = z.infer<typeof RegisterCreatorAnswer>

/** `GET /creator/{username}?ref=CODE`: a share link's referral code, counted as a visit when it is the creator's. */
export const CreatorLookupQuery = z.object({ ref: text().trim().max(100).optional() })

/** `GET /creators/{id}/share-link`. */
export const ShareLink = z.object({
  url: z.url(),
  code: z.string().min(8),
  visits: z.object({ total: z.number().int(), last30Days: z.number().int() }),
})
export type ShareLink = z.infer<typeof ShareLink>
