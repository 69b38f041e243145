import type {
  CreatePlanBody,
  CreatorProfile,
  Plan,
  RegisterCreatorBody,
  ServerUser,
  ShareLink,
  UpdatePlanBody,
} from '@picks/contracts'
import { stubFetch, type FakeCall } from './fake-fetch.ts'

/**
 * Test double of the creator endpoints (register-creator, profiles, plans, share link, avatar
 * upload, profile links), installed at the fetch boundary. It keeps state like the server does
 * and applies the contract's rules that the pages react to (taken username, five active plans).
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
  }
}

export interface FakeCreatorState {
  profiles: CreatorProfile[]
  plans: Plan[]
  takenUsernames: string[]
  shareLink: ShareLink
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
    profiles: initial.profiles ?? [],
    plans: initial.plans ?? [],
    takenUsernames: initial.takenUsernames ?? [],
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
      const plans = state.plans.filter((p) => p.creator_id === match?.[1] && (all || p.active))
      return json({ plans })
    }
    if (path === '/api/subscription-pricing' && method === 'POST') {
      const body = call.body as CreatePlanBody
      if (body.active && activeCount() >= 5) return planLimit()
      const plan = aPlan({
        ...body,
        interval: body.interval ?? null,
        access_days: body.access_days ?? null,
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
      const plan: Plan = { ...current, ...body, updated_at: '2026-03-01T00:00:00.000Z' }
      state.plans[index] = plan
      return json({ plan })
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
