import type {
  CreatorRecord,
  CreatorStats,
  Game,
  GameOdds,
  LeaderboardAnswer,
  Pick as PickData,
  PicksAnswer,
} from '@picks/contracts'
import { computeRecord, pickLimits, type PickRecord, type PickResult, type SportSlug } from '@picks/contracts/client'
import { stubFetch, type FakeCall } from './fake-fetch.ts'
import { teaserOf } from './fake-picks-api.ts'

/**
 * Test double of the public picks, records, leaderboard, games and odds endpoints, installed at the
 * fetch boundary. It answers the way the server does: feeds filtered by sport, free and status,
 * premium picks already locked for the viewer, the leaderboard filtered by sport, sorted and held
 * back until a creator has the minimum number of graded picks.
 */

type Reply = Response | Promise<Response> | undefined
export type PickCreator = PickData['creator']

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

export function apiError(status: number, code: string, message: string): Response {
  return json({ error: { code, message, requestId: 'req-test' } }, status)
}

let counter = 0
function nextUuid(): string {
  counter += 1
  return `00000000-0000-4000-a000-${String(counter).padStart(12, '0')}`
}

export function aPickCreator(overrides: Partial<PickCreator> = {}): PickCreator {
  return { id: nextUuid(), name: 'Casey Lines', username: 'CaseyLines', profile_picture: '🏀', ...overrides }
}

/** A free moneyline pick, pending, posted an hour before a game tomorrow. */
export function aPick(overrides: Partial<PickData> = {}): PickData {
  const creator = overrides.creator ?? aPickCreator()
  return {
    id: nextUuid(),
    user_id: creator.id,
    client_id: null,
    creator,
    sport: 'nba',
    game_id: 'nba-lal-bos-1',
    game_date: '2026-03-02T00:30:00.000Z',
    home_team: 'Boston Celtics',
    away_team: 'Los Angeles Lakers',
    bet_type: 'moneyline',
    is_premium: false,
    locked: false,
    pick: 'Boston Celtics',
    odds: -135,
    line: null,
    bookmaker: 'DraftKings',
    player: null,
    stat: null,
    overUnder: null,
    reasoning: 'Boston at home on full rest against a tired road team.',
    stake_units: 1,
    market_odds: -135,
    pick_details: null,
    result: 'pending',
    graded_at: null,
    final_score: null,
    is_closed: false,
    api_version: pickLimits.apiVersion,
    form_type: pickLimits.formType,
    created_at: '2026-03-01T12:00:00.000Z',
    updated_at: '2026-03-01T12:00:00.000Z',
    ...overrides,
  }
}

/** A premium pick as a viewer without access gets it: the teaser, every field of the bet null. */
export function aLockedPick(overrides: Partial<PickData> = {}): PickData {
  return teaserOf(aPick(overrides))
}

/** A record from results, newest first: "W", "L", "P", "V" (void) or "-" (pending), at -110 for 1 unit. */
export function recordFrom(results: string): PickRecord {
  const byLetter: Record<string, PickResult> = { W: 'won', L: 'lost', P: 'push', V: 'void', '-': 'pending' }
  return computeRecord(
    [...results].map((letter) => ({ result: byLetter[letter] ?? 'pending', odds: -110, stakeUnits: 1 })),
  )
}

export function aCreatorRecord(overall: string, bySport: Partial<Record<SportSlug, string>> = {}): CreatorRecord {
  return {
    ...recordFrom(overall),
    by_sport: Object.fromEntries(Object.entries(bySport).map(([sport, results]) => [sport, recordFrom(results ?? '')])),
  }
}

export function aGame(overrides: Partial<Game> = {}): Game {
  return {
    id: `game-${nextUuid().slice(-4)}`,
    sport: 'nba',
    sport_key: 'basketball_nba',
    commence_time: '2026-03-02T00:30:00.000Z',
    home_team: 'Boston Celtics',
    away_team: 'Los Angeles Lakers',
    status: 'upcoming',
    home_score: null,
    away_score: null,
    ...overrides,
  }
}

type Prices = { home: number; away: number; draw?: number }
type Line = { point: number; home: number; away: number }
type TotalLine = { point: number; over: number; under: number }

/** One bookmaker's moneyline, spread (the home side's point) and total for `game`. */
export function aBook(
  game: Pick<Game, 'home_team' | 'away_team'>,
  book: { key: string; title: string; h2h?: Prices; spread?: Line; total?: TotalLine },
): GameOdds['bookmakers'][number] {
  const markets: GameOdds['bookmakers'][number]['markets'] = []
  const outcome = (name: string, price: number, point: number | null = null) => ({
    name,
    price,
    point,
    description: null,
  })
  if (book.h2h) {
    markets.push({
      key: 'h2h',
      outcomes: [
        outcome(game.home_team, book.h2h.home),
        outcome(game.away_team, book.h2h.away),
        ...(book.h2h.draw === undefined ? [] : [outcome('Draw', book.h2h.draw)]),
      ],
    })
  }
  if (book.spread) {
    markets.push({
      key: 'spreads',
      outcomes: [
        outcome(game.home_team, book.spread.home, book.spread.point),
        outcome(game.away_team, book.spread.away, -book.spread.point),
      ],
    })
  }
  if (book.total) {
    markets.push({
      key: 'totals',
      outcomes: [
        outcome('Over', book.total.over, book.total.point),
        outcome('Under', book.total.under, book.total.point),
      ],
    })
  }
  return { key: book.key, title: book.title, last_update: '2026-03-01T11:55:00.000Z', markets }
}

export interface RankedCreator {
  creator: PickCreator
  record: CreatorRecord
  /** Customers with access now, as `GET /creators/{id}/stats` counts them (default 0). */
  subscribers?: number
}

export interface FakeRecordsState {
  /** Every pick as this viewer receives it (premium ones already locked where they should be). */
  picks: PickData[]
  /** Creators and their records: the leaderboard, `GET /creators/{id}/record` and `/stats` read these. */
  creators: RankedCreator[]
  games: Game[]
  odds: GameOdds[]
}

const zeroRecord = (): CreatorRecord => ({ ...computeRecord([]), by_sport: {} })

function servePicks(picks: PickData[], search: URLSearchParams, userId?: string): PicksAnswer {
  const limit = Number(search.get('limit') ?? 30)
  const sport = search.get('sport')
  const status = search.get('status')
  const matching = picks
    .filter((p) => userId === undefined || p.user_id === userId)
    .filter((p) => !sport || p.sport === sport)
    .filter((p) => search.get('free') !== 'true' || !p.is_premium)
    .filter((p) => !status || (status === 'graded' ? p.result !== 'pending' : p.result === 'pending'))
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
  return { picks: matching.slice(0, limit), total: matching.length, limit, offset: 0 }
}

function serveLeaderboard(creators: RankedCreator[], search: URLSearchParams): LeaderboardAnswer {
  const sport = (search.get('sport') as SportSlug | null) ?? null
  const byRoi = search.get('sortBy') === 'roi'
  const limit = Number(search.get('limit') ?? 25)
  const ranked = creators
    .map(({ creator, record }) => ({ creator, record: sport ? record.by_sport[sport] : record }))
    .filter((entry): entry is { creator: PickCreator; record: PickRecord } => entry.record !== undefined)
    .filter(({ record }) => record.wins + record.losses + record.pushes >= pickLimits.leaderboardMinGraded)
    .sort((a, b) =>
      byRoi ? (b.record.roi_pct ?? 0) - (a.record.roi_pct ?? 0) : b.record.net_units - a.record.net_units,
    )
    .slice(0, limit)
  return {
    sport,
    min_graded: pickLimits.leaderboardMinGraded,
    entries: ranked.map(({ creator, record }, index) => ({
      rank: index + 1,
      creator,
      record: {
        wins: record.wins,
        losses: record.losses,
        pushes: record.pushes,
        voids: record.voids,
        pending: record.pending,
        net_units: record.net_units,
        units_risked: record.units_risked,
        roi_pct: record.roi_pct,
        win_pct: record.win_pct,
        streak: record.streak,
        last_10: record.last_10,
      },
    })),
  }
}

/**
 * The records endpoints' answer to `call`, or undefined for a call they do not serve: plug it in as
 * another fake's override to serve both (`serveCreatorApi(state, recordsAnswer(records))`).
 */
export function recordsAnswer(initial: Partial<FakeRecordsState>) {
  const state: FakeRecordsState = {
    picks: initial.picks ?? [],
    creators: initial.creators ?? [],
    games: initial.games ?? [],
    odds: initial.odds ?? [],
  }
  return (call: FakeCall): Response | undefined => {
    if (call.method !== 'GET') return undefined
    const { path, search } = call
    let match: RegExpExecArray | null
    if (path === '/api/picks') return json(servePicks(state.picks, search))
    if ((match = /^\/api\/picks\/user\/([^/]+)$/.exec(path))) return json(servePicks(state.picks, search, match[1]))
    if (path === '/api/leaderboard') return json(serveLeaderboard(state.creators, search))
    if ((match = /^\/api\/creators\/([^/]+)\/record$/.exec(path))) {
      const ranked = state.creators.find(({ creator }) => creator.id === match?.[1])
      return json(ranked?.record ?? zeroRecord())
    }
    if ((match = /^\/api\/creators\/([^/]+)\/stats$/.exec(path))) {
      const id = match[1] ?? ''
      const ranked = state.creators.find(({ creator }) => creator.id === id)
      // The figures the pages read; the plans on sale come from the creator fake's own list.
      const stats: CreatorStats = {
        creator_id: id,
        active_plans: 0,
        lowest_price_cents: null,
        currency: 'usd',
        member_since: '2026-02-01T12:00:00.000Z',
        plans: [],
        subscriber_count: ranked?.subscribers ?? 0,
        picks_count: state.picks.filter((pick) => pick.user_id === id).length,
        record: ranked?.record ?? zeroRecord(),
      }
      return json(stats)
    }
    if ((match = /^\/api\/odds\/([^/]+)\/all$/.exec(path))) {
      return json({ sport: match[1], games: state.odds.filter((game) => game.sport === match?.[1]) })
    }
    if ((match = /^\/api\/games\/([^/]+)\/all$/.exec(path))) {
      return json({ sport: match[1], games: state.games.filter((game) => game.sport === match?.[1]) })
    }
    return undefined
  }
}

/**
 * Installs the fake on its own. `override` may answer a call itself (an error, a hang); returning
 * undefined lets the fake answer. Returns the calls made.
 */
export function serveRecordsApi(
  initial: Partial<FakeRecordsState> = {},
  override?: (call: FakeCall) => Reply,
): { calls: FakeCall[] } {
  const calls: FakeCall[] = []
  const answer = recordsAnswer(initial)
  stubFetch(
    calls,
    (call) => answer(call) ?? apiError(404, 'NOT_FOUND', `Route ${call.method} ${call.path} not found`),
    override,
  )
  return { calls }
}

export function readsOf(calls: FakeCall[], path: string): FakeCall[] {
  return calls.filter((call) => call.method === 'GET' && call.path === path)
}
