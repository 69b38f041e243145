import type {
  CreatePlanBody,
  CreatorProfile,
  CreatorsPage,
  CreatorSummary,
  Plan,
  RegisterCreatorBody,
  ServerUser,
  ShareLink,
  UpdatePlanBody,
} from '@picks/contracts'
import { creatorPaging, type SportSlug } from '@picks/contracts/client'
import { stubFetch, type FakeCall } from './fake-fetch.ts'

/**
 * Test double of the creator endpoints (the shop's listings, register-creator, profiles, plans,
 * share link, avatar upload, profile links, whether the customer already has access), installed at the fetch boundary. It keeps state like
 * the server does and applies the contract's rules that the pages react to (the shop's filters,
 * search, sort and pages; taken username; five active plans).
 */

export type CreatorCall = FakeCall

type Reply = Response | Promise<Response> | undefined

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

export function apiError(
  status: number,
  code: string,
  message: string,
  extra: { reason?: string; details?: { field: string; message: string }[] } = {},
): Response {
  return json({ error: { code, message, requestId: 'req-test', ...extra } }, status)
}

export const creatorUserId = '00000000-0000-4000-8000-0000000000c1'

export const customer: ServerUser = {
  id: creatorUserId,
  email: 'casey@example.com',
  name: 'Casey Lines',
  role: 'customer',
  auth_id: 'auth-casey',
  profile_picture: null,
  specialty_sport: null,
  phone: null,
  phone_verified: false,
  verified: true,
  username: null,
  bio: null,
  price_cents: null,
  created_at: '2026-01-05T10:00:00.000Z',
}

export function aProfile(overrides: Partial<CreatorProfile> = {}): CreatorProfile {
  return {
    id: creatorUserId,
    username: 'CaseyLines',
    name: 'Casey Lines',
    bio: 'NBA totals, posted before the line moves.',
    profile_picture: '🏀',
    specialty_sport: 'nba',
    other_sports: ['wnba'],
    sports: ['nba', 'wnba'],
    social_links: { twitter: 'https://x.com/caseylines' },
    country: 'US',
    created_at: '2026-02-01T12:00:00.000Z',
    ...overrides,
  }
}

let planNumber = 0
export function aPlan(overrides: Partial<Plan> = {}): Plan {
  planNumber += 1
  return {
    id: `00000000-0000-4000-9000-${String(planNumber).padStart(12, '0')}`,
    creator_id: creatorUserId,
    name: 'Monthly picks',
    kind: 'subscription',
    interval: 'month',
    access_days: null,
    price_cents: 1999,
    currency: 'usd',
    trial_days: 0,
    active: true,
    created_at: '2026-02-02T12:00:00.000Z',
    updated_at: '2026-02-02T12:00:00.000Z',
    ...overrides,
    // As the server answers: on sale while active, unless the test says the creator cannot take payments.
    on_sale: overrides.on_sale ?? overrides.active ?? true,
  }
}

let summaryNumber = 1
/** A creator as the shop lists them. */
export function aCreator(
  overrides: Partial<CreatorSummary> & Pick<CreatorSummary, 'name' | 'username'>,
): CreatorSummary {
  const sport: SportSlug = overrides.specialty_sport ?? 'nfl'
  return {
    id: `00000000-0000-4000-8000-${String(summaryNumber++).padStart(12, '0')}`,
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

/** The server's semantics for `/creators/paginated`: sports overlap, search in name/username/bio, sort, page. */
function shopPage(creators: CreatorSummary[], params: URLSearchParams): CreatorsPage {
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

export interface FakeCreatorState {
  /** What the shop lists (`/creators/paginated`, `/creators`). */
  listing: CreatorSummary[]
  profiles: CreatorProfile[]
  plans: Plan[]
  takenUsernames: string[]
  shareLink: ShareLink
  /** Whether the creator's payout account takes charges, so their active plans are on sale (default true). */
  acceptingPayments: boolean
  /** The creators whose picks the signed-in customer has access to now (`GET /purchases/verify`). */
  accessTo: string[]
}

/**
 * Installs the fake. `override` may answer a call itself (an error, a hang); returning undefined
 * lets the fake answer. Returns the calls made and the live state.
 */
export function serveCreatorApi(
  initial: Partial<FakeCreatorState> = {},
  override?: (call: CreatorCall) => Reply,
): { calls: CreatorCall[]; state: FakeCreatorState } {
  const state: FakeCreatorState = {
    listing: initial.listing ?? [],
    profiles: initial.profiles ?? [],
    plans: initial.plans ?? [],
    takenUsernames: initial.takenUsernames ?? [],
    acceptingPayments: initial.acceptingPayments ?? true,
    accessTo: initial.accessTo ?? [],
    shareLink: initial.shareLink ?? {
      url: 'http://localhost:3000/CaseyLines?ref=k3Yc9QaZ',
      code: 'k3Yc9QaZ',
      visits: { total: 42, last30Days: 7 },
    },
  }
  const calls: CreatorCall[] = []

  const profileOf = (id: string) => state.profiles.find((p) => p.id === id)
  const activeCount = (except?: string) => state.plans.filter((p) => p.active && p.id !== except).length
  const planLimit = () =>
    apiError(409, 'CONFLICT', 'A creator can have at most 5 active plans', { reason: 'PLAN_LIMIT' })

  function answer(call: CreatorCall): Response {
    const { method, path } = call
    let match: RegExpExecArray | null

    if (path === '/api/me' && method === 'GET') {
      const username = profileOf(customer.id)?.username ?? null
      return json({ user: { ...customer, username }, admin_entry: false })
    }
    if (path === '/api/creators/paginated' && method === 'GET') return json(shopPage(state.listing, call.search))
    if (path === '/api/creators' && method === 'GET') {
      const byName = [...state.listing].sort((a, b) => a.name.localeCompare(b.name)).slice(0, creatorPaging.maxLimit)
      return json({ creators: byName })
    }
    if ((match = /^\/api\/users\/([^/]+)\/register-creator$/.exec(path)) && method === 'POST') {
      const body = call.body as RegisterCreatorBody
      const lower = body.username.toLowerCase()
      if (state.takenUsernames.some((name) => name.toLowerCase() === lower)) {
        return apiError(409, 'CONFLICT', 'That username is already taken', { reason: 'USERNAME_TAKEN' })
      }
      // The server's defaults for what the body leaves out.
      const bio = body.bio ?? ''
      const otherSports = body.otherSports ?? []
      const creator = aProfile({
        id: match[1],
        username: body.username,
        bio,
        profile_picture: body.profilePicture ?? null,
        specialty_sport: body.specialtySport,
        other_sports: otherSports,
        sports: [body.specialtySport, ...otherSports],
        social_links: body.socialLinks ?? {},
        country: body.country ?? null,
      })
      state.profiles.push(creator)
      state.takenUsernames.push(body.username)
      const user: ServerUser = { ...customer, role: 'creator', username: body.username, bio }
      return json({ user, creator }, 201)
    }
    if ((match = /^\/api\/creators\/([^/]+)$/.exec(path)) && method === 'GET') {
      const creator = profileOf(match[1] ?? '')
      return creator ? json({ creator }) : apiError(404, 'NOT_FOUND', 'Creator not found')
    }
    if ((match = /^\/api\/creators\/([^/]+)\/share-link$/.exec(path)) && method === 'GET') {
      return profileOf(match[1] ?? '') ? json(state.shareLink) : apiError(404, 'NOT_FOUND', 'Creator not found')
    }
    if ((match = /^\/api\/creator\/([^/]+)$/.exec(path)) && method === 'GET') {
      const lower = (match[1] ?? '').toLowerCase()
      const creator = state.profiles.find((p) => p.username.toLowerCase() === lower)
      return creator
        ? json({ success: true, creator: { id: creator.id, username: creator.username } })
        : apiError(404, 'NOT_FOUND', 'Creator not found')
    }
    if ((match = /^\/api\/subscription-pricing\/([^/]+)$/.exec(path)) && method === 'GET') {
      const all = call.search.get('all') === 'true'
      const plans = state.plans.filter((p) => p.creator_id === match?.[1] && (all || p.on_sale))
      return json({ plans })
    }
    if (path === '/api/subscription-pricing' && method === 'POST') {
      const body = call.body as CreatePlanBody
      if (body.active && activeCount() >= 5) return planLimit()
      const plan = aPlan({
        ...body,
        interval: body.interval ?? null,
        access_days: body.access_days ?? null,
        on_sale: (body.active ?? true) && state.acceptingPayments,
      })
      state.plans.push(plan)
      return json({ plan }, 201)
    }
    if ((match = /^\/api\/subscription-pricing\/([^/]+)$/.exec(path)) && method === 'PUT') {
      const index = state.plans.findIndex((p) => p.id === match?.[1])
      const current = state.plans[index]
      if (!current) return apiError(404, 'NOT_FOUND', 'Plan not found')
      const body = call.body as UpdatePlanBody
      if (body.active && !current.active && activeCount(current.id) >= 5) return planLimit()
      const active = body.active ?? current.active
      const onSale = active && state.acceptingPayments
      const plan: Plan = { ...current, ...body, on_sale: onSale, updated_at: '2026-03-01T00:00:00.000Z' }
      state.plans[index] = plan
      return json({ plan })
    }
    if (path === '/api/purchases/verify' && method === 'GET') {
      return json({ exists: state.accessTo.includes(call.search.get('creatorId') ?? '') })
    }
    if (path === '/api/media/avatar' && method === 'POST') {
      return json({ url: '/media/avatars/0123456789abcdef0123456789abcdef.webp', width: 256, height: 256 }, 201)
    }
    return apiError(404, 'NOT_FOUND', `Route ${method} ${path} not found`)
  }

  stubFetch(calls, answer, override)
  return { calls, state }
}

export { callsTo } from './fake-fetch.ts'
