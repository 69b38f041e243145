import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError } from './api-client.ts'
import { reportApiFailure } from './report-error.ts'

vi.mock('./report-error.ts', () => ({ reportApiFailure: vi.fn() }))

type FetchArgs = [input: string, init: RequestInit]

function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  })
}

/** A fetch that never answers but rejects with the abort reason, as the browser's does. */
function hangingFetch(_input: string, init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason))
  })
}

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>

beforeEach(() => {
  vi.useFakeTimers()
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>()
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.useRealTimers()
})

/** Attaches a catch at once so an expected rejection is never reported as unhandled while timers run. */
function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )
}

describe('api client requests', () => {
  it('calls the API base with JSON headers, cookies and the non-empty query values', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }))

    const result = await api.get<{ ok: boolean }>('/creators/paginated', {
      query: { page: 2, search: '', sports: 'nfl,nba', sortBy: undefined, hasMore: null, free: false },
    })

    expect(result).toEqual({ ok: true })
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/creators/paginated?page=2&sports=nfl%2Cnba&free=false')
    expect(init?.method).toBe('GET')
    expect(init?.credentials).toBe('include')
    expect(init?.headers).toMatchObject({ Accept: 'application/json' })
  })

  it('sends a JSON body on POST and PUT', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(201, { id: 'p1' })))

    await api.post('/purchases', { creatorId: 'c1' })
    await api.put('/users/u1/profile', { name: 'Ada' })

    const [, postInit] = fetchMock.mock.calls[0] ?? []
    expect(postInit?.method).toBe('POST')
    expect(postInit?.body).toBe('{"creatorId":"c1"}')
    expect(postInit?.headers).toMatchObject({ 'Content-Type': 'application/json' })
    expect(fetchMock.mock.calls[1]?.[1].method).toBe('PUT')
  })

  it('sends a FormData body as it is, leaving the multipart Content-Type to the browser', async () => {
    fetchMock.mockResolvedValue(json(201, { url: '/media/avatars/abc.webp' }))
    const form = new FormData()
    form.append('file', new File(['png bytes'], 'me.png', { type: 'image/png' }))

    await api.post('/media/avatar', form)

    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/media/avatar')
    expect(init?.body).toBe(form)
    expect(init?.headers).toEqual({ Accept: 'application/json' })
  })

  it('resolves to undefined for an empty 204 answer', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }))
    await expect(api.delete('/purchases/p1')).resolves.toBeUndefined()
    expect(fetchMock.mock.calls[0]?.[1].method).toBe('DELETE')
  })

  it('sends a DELETE without a body, or with the JSON body it is given', async () => {
    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }))
    await api.delete('/purchases/p1')
    await api.delete('/auth/factors/f1', { body: { password: 'secret' } })
    const [, bare] = fetchMock.mock.calls[0] ?? []
    const [, withBody] = fetchMock.mock.calls[1] ?? []
    expect(bare?.body).toBeNull()
    expect(withBody?.body).toBe('{"password":"secret"}')
    expect(withBody?.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' })
  })

  it('uses VITE_API_URL as the base when it is configured', async () => {
    vi.stubEnv('VITE_API_URL', 'https://api.example.com/v1/')
    fetchMock.mockResolvedValue(json(200, {}))
    await api.get('/test')
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://api.example.com/v1/test')
  })
})

describe('api client errors', () => {
  it('turns our error body into an ApiError with code, message, request id and details', async () => {
    fetchMock.mockResolvedValue(
      json(
        400,
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid request',
            requestId: 'req-7',
            details: [{ field: 'query.limit', message: 'Too big' }],
          },
        },
        'Bad Request',
      ),
    )

    const error = await api.get('/creators/paginated').catch((e: unknown) => e)

    expect(error).toBeInstanceOf(ApiError)
    const apiError = error as ApiError
    expect(apiError.status).toBe(400)
    expect(apiError.code).toBe('VALIDATION_FAILED')
    expect(apiError.message).toBe('Invalid request')
    expect(apiError.requestId).toBe('req-7')
    expect(apiError.details).toEqual([{ field: 'query.limit', message: 'Too big' }])
  })

  it('carries the reason and the Retry-After of a refusal', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          error: { code: 'RATE_LIMITED', message: 'Too many attempts.', requestId: 'req-8', reason: 'BLOCKED' },
        }),
        { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '900' } },
      ),
    )
    const error = (await api.post('/auth/sign-in/email', {}).catch((e: unknown) => e)) as ApiError
    expect(error.reason).toBe('BLOCKED')
    expect(error.retryAfterSeconds).toBe(900)
  })

  it('maps any other failing body to HTTP_<status> with the status text as message', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>gateway</html>', {
        status: 502,
        statusText: 'Bad Gateway',
        headers: { 'content-type': 'text/html' },
      }),
    )

    const error = await api.get('/creators').catch((e: unknown) => e)

    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 502, code: 'HTTP_502', message: 'Bad Gateway', requestId: undefined })
    expect((error as ApiError).body).toBe('<html>gateway</html>')
  })
})

describe('api client timeout and retries', () => {
  it('gives up after 10000 ms with "Request timeout after 10000ms"', async () => {
    fetchMock.mockImplementation(hangingFetch)

    const outcome = settle(api.get('/creators'))
    await vi.advanceTimersByTimeAsync(9_999)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)

    const { error } = await outcome
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe('Request timeout after 10000ms')
  })

  it('does not retry a call that did not ask for retries', async () => {
    fetchMock.mockResolvedValue(json(503, {}, 'Service Unavailable'))
    await expect(api.get('/creators')).rejects.toBeInstanceOf(ApiError)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('retries a 5xx twice, waiting 1000 ms then 2000 ms, and then fails after retries', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(500, {}, 'Internal Server Error')))

    const outcome = settle(api.get('/creators', { retry: true }))
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchMock).toHaveBeenCalledTimes(1)

    await vi.advanceTimersByTimeAsync(999)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchMock).toHaveBeenCalledTimes(2)

    await vi.advanceTimersByTimeAsync(1_999)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchMock).toHaveBeenCalledTimes(3)

    await vi.advanceTimersByTimeAsync(10_000)
    expect(fetchMock).toHaveBeenCalledTimes(3)
    const { error } = await outcome
    expect((error as Error).message).toBe('Request failed after retries')
    expect((error as Error).cause).toBeInstanceOf(ApiError)
    expect(((error as Error).cause as ApiError).status).toBe(500)
  })

  it('retries after a network error and returns the answer that finally succeeds', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(200, [{ id: 'c1' }]))

    const outcome = settle(api.get<{ id: string }[]>('/creators', { retry: true }))
    await vi.advanceTimersByTimeAsync(1_000)

    expect(await outcome).toEqual({ value: [{ id: 'c1' }] })
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('retries after a timeout and keeps the timeout as the cause when every attempt times out', async () => {
    fetchMock.mockImplementation(hangingFetch)

    const outcome = settle(api.get('/creators', { retry: true }))
    await vi.advanceTimersByTimeAsync(10_000 + 1_000 + 10_000 + 2_000 + 10_000)

    expect(fetchMock).toHaveBeenCalledTimes(3)
    const { error } = await outcome
    expect((error as Error).message).toBe('Request failed after retries')
    expect(((error as Error).cause as Error).message).toBe('Request timeout after 10000ms')
  })

  it('never retries a 4xx, even when retries were asked for', async () => {
    fetchMock.mockResolvedValue(
      json(404, { error: { code: 'NOT_FOUND', message: 'Creator not found', requestId: 'r1' } }),
    )

    const outcome = settle(api.get('/creators/x', { retry: true }))
    await vi.advanceTimersByTimeAsync(10_000)

    const { error } = await outcome
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe('Creator not found')
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('stops at once when the caller aborts', async () => {
    fetchMock.mockImplementation(hangingFetch)
    const controller = new AbortController()

    const outcome = settle(api.get('/creators', { retry: true, signal: controller.signal }))
    controller.abort(new DOMException('Aborted', 'AbortError'))
    await vi.advanceTimersByTimeAsync(5_000)

    const { error } = await outcome
    expect((error as DOMException).name).toBe('AbortError')
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})

describe('api client failure reports', () => {
  beforeEach(() => vi.mocked(reportApiFailure).mockClear())

  it('reports an answer of 500 or more once per call, after its retries, naming the call', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(json(503, { error: { code: 'UNAVAILABLE', message: 'Try later', requestId: 'r-9' } })),
    )

    const outcome = settle(api.get('/creators/paginated', { retry: true, query: { search: 'ana' } }))
    await vi.advanceTimersByTimeAsync(1_000 + 2_000)
    const { error } = await outcome

    expect(fetchMock).toHaveBeenCalledTimes(3)
    expect(reportApiFailure).toHaveBeenCalledTimes(1)
    const [call, thrown, failure] = vi.mocked(reportApiFailure).mock.lastCall ?? []
    expect(call).toEqual({
      method: 'GET',
      path: '/creators/paginated',
      status: 503,
      code: 'UNAVAILABLE',
      requestId: 'r-9',
    })
    expect(thrown).toBe(error)
    expect(failure).toBe((error as Error).cause)
  })

  it('reports a 5xx of a call without retries', async () => {
    fetchMock.mockResolvedValue(json(500, {}, 'Internal Server Error'))

    await settle(api.post('/purchases', { creatorId: 'c1' }))

    expect(reportApiFailure).toHaveBeenCalledWith(
      { method: 'POST', path: '/purchases', status: 500, code: 'HTTP_500', requestId: undefined },
      expect.any(ApiError),
      expect.any(ApiError),
    )
  })

  it('does not report a 4xx, a network failure or a success', async () => {
    fetchMock
      .mockResolvedValueOnce(json(404, { error: { code: 'NOT_FOUND', message: 'Creator not found', requestId: 'r1' } }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(200, {}))

    await settle(api.get('/creators/x'))
    await settle(api.get('/creators/y'))
    await settle(api.get('/creators/z'))

    expect(fetchMock).toHaveBeenCalledTimes(3)
    expect(reportApiFailure).not.toHaveBeenCalled()
  })
})
