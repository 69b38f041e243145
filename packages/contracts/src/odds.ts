import { z } from 'zod'
import { text } from './text.ts'
import { Sport } from './creators.ts'
export { propMarkets } from './odds-rules.ts'

const Timestamp = z.iso.datetime({ offset: true })

export const gameStatuses = ['upcoming', 'live', 'final', 'postponed', 'cancelled'] as const
export const GameStatus = z.enum(gameStatuses)

/** One game (an "event" at the odds provider), with its score once it has one. */
export const Game = z.object({
  id: z.string(),
  sport: Sport,
  /** The odds provider's sport key (`basketball_nba`). */
  sport_key: z.string(),
  commence_time: Timestamp,
  home_team: z.string(),
  away_team: z.string(),
  status: GameStatus,
  home_score: z.number().int().nullable(),
  away_score: z.number().int().nullable(),
})
export type Game = z.infer<typeof Game>

/** A price: `name` is the team, "Over"/"Under", or "Draw"; `description` the player of a prop. */
export const Outcome = z.object({
  name: z.string(),
  /** American odds. */
  price: z.number().int(),
  /** The line: a spread (-5.5), a total or a prop's number; null for moneylines. */
  point: z.number().nullable(),
  description: z.string().nullable(),
})
export type Outcome = z.infer<typeof Outcome>

/** `h2h`, `spreads`, `totals`, or a prop market such as `player_points`. */
export const Market = z.object({ key: z.string(), outcomes: z.array(Outcome) })
export type Market = z.infer<typeof Market>

export const Bookmaker = z.object({
  key: z.string(),
  title: z.string(),
  last_update: Timestamp,
  markets: z.array(Market),
})
export type Bookmaker = z.infer<typeof Bookmaker>

export const GameOdds = Game.extend({ bookmakers: z.array(Bookmaker) })
export type GameOdds = z.infer<typeof GameOdds>

export const mainMarkets = ['h2h', 'spreads', 'totals'] as const
export const SportParams = z.object({ sport: Sport })
/** `GET /games/{sport}/{x}`: x is `upcoming`, `live`, `final` or `all`. */
export const GamesParams = z.object({ sport: Sport, x: z.enum(['upcoming', 'live', 'final', 'all']) })
export const GamesAnswer = z.object({ sport: Sport, games: z.array(Game) })
export type GamesAnswer = z.infer<typeof GamesAnswer>

/** `GET /odds/{sport}/{market}`: the board of one main market (or `all` three) for a sport's upcoming games. */
export const OddsBoardParams = z.object({ a: Sport, b: z.enum([...mainMarkets, 'all']) })
export const OddsBoardAnswer = z.object({ sport: Sport, games: z.array(GameOdds) })
export type OddsBoardAnswer = z.infer<typeof OddsBoardAnswer>

/**
 * `GET /events/{id}/odds[?sport=]`: one game's main markets. Spec §7 sends the id alone; the server
 * finds the game's sport itself, and `sport` is an optional hint that saves it the search.
 */
export const EventIdParams = z.object({ id: text().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Unknown game') })
export const EventOddsQuery = z.object({ sport: Sport.optional() })
export const GameOddsAnswer = z.object({ game: GameOdds })
export type GameOddsAnswer = z.infer<typeof GameOddsAnswer>

/** `GET /odds/event/{sport}/{eventId}/player-props?markets=a,b` */
export const PlayerPropsParams = z.object({
  a: Sport,
  b: text().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Unknown game'),
})
export const PlayerPropsQuery = z.object({
  markets: text()
    .max(300)
    .regex(/^[a-z_]+(,[a-z_]+)*$/, 'markets is a comma list of prop market keys')
    .optional(),
})

export const OddsSport = z.object({
  slug: Sport,
  key: z.string(),
  title: z.string(),
  group: z.string(),
  active: z.boolean(),
})
export const SportsAnswer = z.object({ sports: z.array(OddsSport) })
export type SportsAnswer = z.infer<typeof SportsAnswer>

export const BookmakerRank = z.object({ key: z.string(), title: z.string(), rank: z.number().int() })
export const BookmakerRankingsAnswer = z.object({ bookmakers: z.array(BookmakerRank) })
export type BookmakerRankingsAnswer = z.infer<typeof BookmakerRankingsAnswer>
