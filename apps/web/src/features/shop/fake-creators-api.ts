import type { CreatorsPage, CreatorSummary } from '@picks/contracts'
import { creatorPaging, type SportSlug } from '@picks/contracts/client'
import { vi } from 'vitest'

/** Test double of the creators endpoints, installed at the fetch boundary. */

let nextId = 1
function uuidFor(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
}

export function aCreator(
  overrides: Partial<CreatorSummary> & Pick<CreatorSummary, 'name' | 'username'>,
): CreatorSummary {
  const sport: SportSlug = overrides.specialty_sport ?? 'nfl'
  return {
    id: uuidFor(nextId++),
    bio: 'Data-driven model built on pace, injuries and rest.',
    profile_picture: null,
    specialty_sport: sport,
    sports: [sport],
    price_cents: 1900,
    record: null,
    currency: 'usd',
    created_at: '2024-05-01T12:00:00.000Z',
    ...overrides,
  }
}

export const demoCreators: CreatorSummary[] = [
  aCreator({
    name: 'Marcus Bell',
    username: 'MarcusSharp',
    bio: 'Closing-line value first: every play is posted before the market moves.',
    profile_picture: '🏈',
    specialty_sport: 'nfl',
    sports: ['nfl', 'ncaaf'],
    price_cents: 2900,
    record: { wins: 12, losses: 7, pushes: 1, net_units: 5.4 },
    created_at: '2023-02-10T12:00:00.000Z',
  }),
  aCreator({
    name: 'Dana Ortiz',
    username: 'DanaLock',
    bio: 'Underdog specialist: plus-money spots the public ignores.',
    profile_picture: 'https://cdn.example.com/avatars/dana.png',
    specialty_sport: 'nba',
    sports: ['nba'],
    price_cents: 1500,
    created_at: '2024-08-01T12:00:00.000Z',
  }),
  aCreator({
    name: 'Priya Walsh',
    username: 'PriyaEdge',
    bio: 'Player props from matchup data and minutes projections.',
    specialty_sport: 'nba',
    sports: ['nba', 'wnba'],
    price_cents: 999,
    created_at: '2025-01-15T12:00:00.000Z',
  }),
  aCreator({
    name: 'Owen Hughes',
    username: 'OwenValue',
    bio: 'Totals and weather angles, posted with the line I took.',
    specialty_sport: 'mlb',
    sports: ['mlb'],
    price_cents: null,
    created_at: '2025-03-01T12:00:00.000Z',
  }),
  aCreator({
    name: 'Keisha Okafor',
    username: 'KeishaLine',
    bio: 'Former sportsbook trader. I bet numbers, not teams.',
    specialty_sport: 'nhl',
    sports: ['nhl'],
    price_cents: 4900,
    created_at: '2022-11-20T12:00:00.000Z',
  }),
]

export function manyCreators(count: number): CreatorSummary[] {
  return Array.from({ length: count }, (_, index) =>
    aCreator({ name: `Creator ${String(index + 1).padStart(3, '0')}`, username: `creator_${index + 1}` }),
  )
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

export function errorResponse(
  status: number,
  code: string,
  message: string,
  details?: { field: string; message: string }[],
) {
  return jsonResponse({ error: { code, message, requestId: 'req-test-1', ...(details ? { details } : {}) } }, status)
}

/** The server's semantics for `/creators/paginated`: sports overlap, search in name/username/bio, sort, page. */
function serveCreatorsPage(creators: CreatorSummary[], params: URLSearchParams): CreatorsPage {
  const page = Number(params.get('page') ?? creatorPaging.defaultPage)
  const limit = Number(params.get('limit') ?? creatorPaging.defaultLimit)
  const sportFilter = (params.get('sports') ?? '').split(',').filter(Boolean)
  const term = (params.get('search') ?? '').toLowerCase()
  const sortBy = params.get('sortBy') ?? 'name'
  const matching = creators
    .filter((c) => sportFilter.length === 0 || c.sports.some((sport) => sportFilter.includes(sport)))
    .filter((c) => `${c.name} ${c.username} ${c.bio}`.toLowerCase().includes(term))
  const byPrice = (dir: 1 | -1) => (a: CreatorSummary, b: CreatorSummary) => {
    if (a.price_cents === null) return b.price_cents === null ? 0 : 1
    if (b.price_cents === null) return -1
    return dir * (a.price_cents - b.price_cents)
  }
  const sorted = [...matching].sort(
    sortBy === 'price-low'
      ? byPrice(1)
      : sortBy === 'price-high'
        ? byPrice(-1)
        : sortBy === 'newest'
          ? (a, b) => b.created_at.localeCompare(a.created_at)
          : (a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()),
  )
  const offset = (page - 1) * limit
  const slice = sorted.slice(offset, offset + limit)
  return { creators: slice, total: sorted.length, page, limit, hasMore: offset + slice.length < sorted.length }
}

type Override = (url: URL) => Response | Promise<Response> | undefined

/**
 * Installs a fake `fetch` serving `creators` the way the API does. `override` may answer a request
 * itself (an error, a request that never settles); returning undefined lets the fake server answer.
 * Returns the URLs of every request made, in order.
 */
export function serveCreators(creators: CreatorSummary[], override?: Override): URL[] {
  const requests: URL[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
      requests.push(url)
      const answered = await override?.(url)
      if (answered) return answered
      if (url.pathname === '/api/creators/paginated') return jsonResponse(serveCreatorsPage(creators, url.searchParams))
      if (url.pathname === '/api/creators') {
        const byName = [...creators].sort((a, b) => a.name.localeCompare(b.name)).slice(0, creatorPaging.maxLimit)
        return jsonResponse({ creators: byName })
      }
      return errorResponse(404, 'NOT_FOUND', 'Route not found')
    }),
  )
  return requests
}

export function requestsTo(requests: URL[], pathname: string): URL[] {
  return requests.filter((url) => url.pathname === pathname)
}
