import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { adminApi, AdminCallError, forgetAdminToken } from './admin-client.ts'

type FetchArgs = [input: string, init: RequestInit]

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/** A JWT-shaped token whose payload says when it ends (the client reads `exp`, the server checks it). */
function tokenEnding(at: Date, name = 'a'): string {
  const payload = btoa(JSON.stringify({ sub: name, exp: Math.floor(at.getTime() / 1000) }))
  return `header.${payload.replace(/=+$/, '')}.signature`
}

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>
const now = new Date('2026-11-25T12:00:00Z')

beforeEach(() => {
  vi.useFakeTimers({ now })
  forgetAdminToken()
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** Answers /auth/token with `tokens` in turn and every other call with `answer`. */
function serve(tokens: string[], answer: (url: string) => Response) {
  let minted = 0
  fetchMock.mockImplementation((url) =>
    Promise.resolve(url.endsWith('/auth/token') ? json(200, { token: tokens[minted++] }) : answer(url)),
  )
}

function authorizationOf(call: FetchArgs | undefined): string | undefined {
  return (call?.[1].headers as Record<string, string> | undefined)?.Authorization
}

describe('admin calls', () => {
  it('send the access token as a bearer token, minting it once while it lasts', async () => {
    const token = tokenEnding(new Date(now.getTime() + 15 * 60_000))
    serve([token], () => json(200, { ok: true }))

    expect(await adminApi.get('/admin/audit-log', { page: 2 })).toEqual({ ok: true })
    await adminApi.get('/admin/system-status')

    const urls = fetchMock.mock.calls.map(([url]) => url)
    expect(urls).toEqual(['/api/auth/token', '/api/admin/audit-log?page=2', '/api/admin/system-status'])
    expect(authorizationOf(fetchMock.mock.calls[1])).toBe(`Bearer ${token}`)
    expect(authorizationOf(fetchMock.mock.calls[2])).toBe(`Bearer ${token}`)
  })

  it('send extra headers of a write beside the bearer token, which they cannot replace', async () => {
    const token = tokenEnding(new Date(now.getTime() + 15 * 60_000))
    serve([token], () => json(200, { ok: true }))

    await adminApi.post(
      '/admin/purchases/p-1/refund',
      { reason: 'Duplicate' },
      {
        'Idempotency-Key': 'key-12345678',
        Authorization: 'Bearer forged',
      },
    )
    await adminApi.post('/admin/users/u-1/suspend', { reason: 'Chargebacks' })

    const [refund, suspend] = fetchMock.mock.calls.slice(1)
    expect(refund?.[1].headers).toMatchObject({ 'Idempotency-Key': 'key-12345678', Authorization: `Bearer ${token}` })
    expect(refund?.[1].body).toBe(JSON.stringify({ reason: 'Duplicate' }))
    expect(suspend?.[1].headers).not.toHaveProperty('Idempotency-Key')
    expect(authorizationOf(suspend)).toBe(`Bearer ${token}`)
  })

  it('mint a new token in the minute before the old one ends', async () => {
    const first = tokenEnding(new Date(now.getTime() + 15 * 60_000), 'first')
    const second = tokenEnding(new Date(now.getTime() + 30 * 60_000), 'second')
    serve([first, second], () => json(200, {}))

    await adminApi.get('/admin/dashboard')
    vi.setSystemTime(new Date(now.getTime() + 14 * 60_000 + 1))
    await adminApi.get('/admin/dashboard')

    expect(authorizationOf(fetchMock.mock.calls.at(-1))).toBe(`Bearer ${second}`)
  })

  it('are tried twice more on a 5xx, then fail with the last answer as data and its status', async () => {
    serve([tokenEnding(new Date(now.getTime() + 15 * 60_000))], () =>
      json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Try again soon' } }),
    )
    const failing = adminApi.get('/admin/metrics/overview').catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(1000 + 2000)
    const error = await failing

    expect(error).toBeInstanceOf(AdminCallError)
    expect(error).toMatchObject({
      status: 503,
      data: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Try again soon' } },
    })
    expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/admin/metrics/overview'))).toHaveLength(3)
  })

  it('fail at once on a refusal, with its reason, and forget a token the server no longer takes', async () => {
    const first = tokenEnding(new Date(now.getTime() + 15 * 60_000), 'first')
    const second = tokenEnding(new Date(now.getTime() + 15 * 60_000), 'second')
    let refused = false
    serve([first, second], () => {
      if (refused) return json(200, {})
      refused = true
      return json(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in to continue', reason: 'NOT_SIGNED_IN' } })
    })

    const error = await adminApi.get('/admin/dashboard').catch((failure: unknown) => failure)
    expect(error).toMatchObject({ status: 401, reason: 'NOT_SIGNED_IN', message: 'Sign in to continue' })
    await adminApi.get('/admin/dashboard')
    expect(authorizationOf(fetchMock.mock.calls.at(-1))).toBe(`Bearer ${second}`)
  })

  it('fail with status 0 and no data when no answer comes', async () => {
    serve([tokenEnding(new Date(now.getTime() + 15 * 60_000))], () => {
      throw new TypeError('Failed to fetch')
    })
    const failing = adminApi.get('/admin/dashboard').catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(3000)
    expect(await failing).toMatchObject({ status: 0, data: undefined })
  })
})
