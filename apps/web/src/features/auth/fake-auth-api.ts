import { vi } from 'vitest'

/** Test double of the account endpoints, installed at the fetch boundary. */
export interface AuthCall {
  method: string
  path: string
  body: Record<string, unknown>
}

type Answer = { status: number; body: unknown }
type Handler = (call: AuthCall) => Answer | undefined

export const serverUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'dana@example.com',
  name: 'Dana Ortiz',
  role: 'customer',
  auth_id: 'auth-1',
  profile_picture: null,
  specialty_sport: null,
  phone: null,
  verified: true,
  username: null,
  bio: null,
  price_cents: null,
  created_at: '2026-11-01T00:00:00.000Z',
}

export function failure(status: number, code: string, message: string, reason?: string): Answer {
  return { status, body: { error: { code, message, requestId: 'req-1', ...(reason ? { reason } : {}) } } }
}

/** Serves the auth calls: `handler` answers first; otherwise every call succeeds. Returns the calls made. */
export function serveAuth(handler: Handler = () => undefined): AuthCall[] {
  const calls: AuthCall[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost')
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {}
      const call = { method: init?.method ?? 'GET', path: url.pathname, body }
      calls.push(call)
      const answer =
        handler(call) ?? (url.pathname === '/api/me' ? { status: 200, body: { user: serverUser } } : undefined)
      const { status, body: payload } = answer ?? { status: 200, body: { status: true } }
      return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } })
    }),
  )
  return calls
}
