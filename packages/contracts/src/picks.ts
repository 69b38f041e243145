import { z } from 'zod'
import { text } from './text.ts'
import { Sport } from './creators.ts'
import { betTypes, isAmericanOdds, pickLimits, pickMessages, pickResults } from './pick-rules.ts'
import { PickRecordSchema } from './records.ts'

const Timestamp = z.iso.datetime({ offset: true })

/** The creator a pick is from, as feeds show them. */
export const PickCreator = z.object({
  id: z.uuid(),
  name: z.string(),
  username: z.string(),
  profile_picture: z.string().nullable(),
})

/**
 * A pick as the API answers it. For a viewer who may not see a premium pick, `locked` is true and
 * every field of the bet itself is null: selection (`pick`), odds, line, bookmaker, player, stat,
 * over/under, reasoning, stake, market odds and `pick_details`. Only the creator, sport, teams, game
 * date and bet type show (and the result once graded).
 */
export const Pick = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  client_id: z.uuid().nullable(),
  creator: PickCreator,
  sport: Sport,
  game_id: z.string().nullable(),
  game_date: Timestamp,
  home_team: z.string(),
  away_team: z.string(),
  bet_type: z.enum(betTypes),
  is_premium: z.boolean(),
  /** True when this viewer gets the teaser only. */
  locked: z.boolean(),
  pick: z.string().nullable(),
  odds: z.number().int().nullable(),
  line: z.number().nullable(),
  bookmaker: z.string().nullable(),
  player: z.string().nullable(),
  stat: z.string().nullable(),
  overUnder: z.enum(['over', 'under']).nullable(),
  reasoning: z.string().nullable(),
  stake_units: z.number().nullable(),
  /** The provider's market price for the same selection when the pick was posted. */
  market_odds: z.number().int().nullable(),
  /** Spec §3: the pick's details as JSON text (null in a teaser). */
  pick_details: z.string().nullable(),
  result: z.enum(pickResults),
  graded_at: Timestamp.nullable(),
  final_score: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
  /** The game has started or the pick is graded: its creator can no longer change it. */
  is_closed: z.boolean(),
  api_version: z.string(),
  form_type: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type Pick = z.infer<typeof Pick>

/** Spec §3 `pick_details`: JSON text holding these, validated with the §5 messages. */
export const PickDetails = z.object({
  sport: text(pickMessages.sportRequired).trim().min(1, pickMessages.sportRequired).pipe(Sport),
  game_date: text(pickMessages.gameDateRequired)
    .min(1, pickMessages.gameDateRequired)
    .pipe(z.iso.datetime({ offset: true, error: pickMessages.gameDateRequired })),
  home_team: text(pickMessages.teamsRequired).trim().min(1, pickMessages.teamsRequired).max(pickLimits.teamMax),
  away_team: text(pickMessages.teamsRequired).trim().min(1, pickMessages.teamsRequired).max(pickLimits.teamMax),
  bet_type: z.enum(betTypes, pickMessages.betTypeRequired),
  pick: text(pickMessages.selectionRequired).trim().min(1, pickMessages.selectionRequired).max(pickLimits.selectionMax),
  odds: z.number(pickMessages.oddsRequired).refine((odds) => isAmericanOdds(odds), pickMessages.oddsInvalid),
  reasoning: text(pickMessages.reasoningTooShort)
    .trim()
    .min(pickLimits.reasoningMin, pickMessages.reasoningTooShort)
    .max(pickLimits.reasoningMax),
  /** Always pending when posted; any other value is refused. */
  result: z.literal('pending').default('pending'),
})
export type PickDetails = z.infer<typeof PickDetails>

/**
 * `POST /picks`: the enhanced pick of spec §3. `pick_details` is JSON text; `created_at` and
 * `user_id` may be sent but the server sets both (its own clock, the signed-in creator).
 */
export const CreatePickBody = z
  .object({
    user_id: z.uuid().optional(),
    client_id: z.uuid().nullable().optional(),
    pick_details: text('pick_details must be JSON text').max(20_000),
    created_at: text().optional(),
    game_id: text()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Unknown game')
      .nullable()
      .optional(),
    bookmaker: text().trim().max(pickLimits.bookmakerMax).nullable().optional(),
    line: z.number().min(-1000).max(10_000).nullable().optional(),
    player: text().trim().max(pickLimits.playerMax).nullable().optional(),
    stat: text().trim().max(pickLimits.statMax).nullable().optional(),
    overUnder: z.enum(['over', 'under']).nullable().optional(),
    api_version: z.literal(pickLimits.apiVersion).default(pickLimits.apiVersion),
    form_type: z.literal(pickLimits.formType).default(pickLimits.formType),
    is_premium: z.boolean().default(false),
    stake_units: z
      .number(pickMessages.stakeRange)
      .min(pickLimits.minStakeUnits, pickMessages.stakeRange)
      .max(pickLimits.maxStakeUnits, pickMessages.stakeRange)
      .default(pickLimits.defaultStakeUnits),
  })
  .strict()
export type CreatePickBody = z.input<typeof CreatePickBody>

/** `PUT /picks/{id}` before the game starts: the same body as a new pick (every change is audited). */
export const UpdatePickBody = CreatePickBody
export type UpdatePickBody = z.input<typeof UpdatePickBody>

export const PickIdParams = z.object({ id: z.uuid() })
export const PickAnswer = z.object({ pick: Pick })
export type PickAnswer = z.infer<typeof PickAnswer>

export const PicksQuery = z.object({
  sport: Sport.optional(),
  creatorId: z.uuid().optional(),
  status: z.enum(['pending', 'graded']).optional(),
  /** Free picks only (the locker room). */
  free: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
})
export const PicksAnswer = z.object({
  picks: z.array(Pick),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})
export type PicksAnswer = z.infer<typeof PicksAnswer>

/** `POST /picks/{id}/grade`: a player prop graded by its creator or an admin after the game. */
export const GradePickBody = z.strictObject({
  result: z.enum(['won', 'lost', 'push', 'void']),
  /** The player's final figure for the stat, kept in the audit entry. */
  stat_value: z.number().min(0).max(100_000).nullable().optional(),
})

export const LeaderboardQuery = z.object({
  sport: Sport.optional(),
  sortBy: z.enum(['net_units', 'roi']).default('net_units'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
})
export const LeaderboardEntry = z.object({
  rank: z.number().int(),
  creator: PickCreator,
  record: PickRecordSchema,
})
export const LeaderboardAnswer = z.object({
  sport: Sport.nullable(),
  min_graded: z.number().int(),
  entries: z.array(LeaderboardEntry),
})
export type LeaderboardAnswer = z.infer<typeof LeaderboardAnswer>
