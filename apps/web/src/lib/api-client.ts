import { callPolicy, transportMessages } from '@picks/contracts/client'
import { apiBaseUrl } from './env.ts'
import { reportApiFailure } from './report-error.ts'

type FieldIssue = { field: string; message: string }

/** A non-2xx answer from the API, carrying the fields of our error body when there is one. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly requestId: string | undefined
  /** A finer cause within the code (`EMAIL_NOT_VERIFIED`, `BLOCKED`, …) when the server gives one. */
  readonly reason: string | undefined
  readonly details: FieldIssue[] | undefined
  readonly body: unknown
  /** From the `Retry-After` header of a 429 or 503, in seconds. */
  retryAfterSeconds: number | undefined = undefined

  constructor(init: {
    status: number
    code: string
    message: string
    requestId?: string | undefined
    reason?: string | undefined
    details?: FieldIssue[] | undefined
    body: unknown
  }) {
    super(init.message)
    this.name = 'ApiError'
    this.status = init.status
    this.code = init.code
    this.requestId = init.requestId
    this.reason = init.reason
    this.details = init.details
    this.body = init.body
  }
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined>
  /** Up to `callPolicy.extraAttempts` more attempts on 5xx, network errors and timeouts. */
  retry?: boolean
  signal?: AbortSignal
  timeoutMs?: number
  /** Headers beside the client's own (`Authorization` for the admin calls' bearer token). */
  headers?: Record<string, string>
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function readDetails(value: unknown): FieldIssue[] | undefined {
  if (!Array.isArray(value)) return undefined
  return value.filter(
    (item): item is FieldIssue => isRecord(item) && typeof item.field === 'string' && typeof item.message === 'string',
  )
}

/** Maps a non-2xx response body onto ApiError: our `{ error: {...} }` shape, else `HTTP_<status>`. */
export function toApiError(status: number, statusText: string, body: unknown): ApiError {
  const error = isRecord(body) ? body.error : undefined
  if (isRecord(error) && typeof error.code === 'string' && typeof error.message === 'string') {
    return new ApiError({
      status,
      code: error.code,
      message: error.message,
      requestId: typeof error.requestId === 'string' ? error.requestId : undefined,
      reason: typeof error.reason === 'string' ? error.reason : undefined,
      details: readDetails(error.details),
      body,
    })
  }
  return new ApiError({ status, code: `HTTP_${status}`, message: statusText || `HTTP ${status}`, body })
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${apiBaseUrl()}${path.startsWith('/') ? path : `/${path}`}`
  if (!query) return url
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    params.append(key, String(value))
  }
  const search = params.toString()
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return undefined
  const type = response.headers.get('content-type') ?? ''
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown
    } catch {
      return text
    }
  }
  return text
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    function onAbort() {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

async function attempt(method: Method, url: string, body: unknown, options: RequestOptions): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? callPolicy.timeoutMs
  const timeoutError = new Error(transportMessages.timeout(timeoutMs))
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(timeoutError)
  }, timeoutMs)
  const onCallerAbort = () => controller.abort(options.signal?.reason)
  if (options.signal?.aborted) onCallerAbort()
  options.signal?.addEventListener('abort', onCallerAbort, { once: true })

  // A FormData body (a file upload) goes as multipart: the browser writes its Content-Type and boundary.
  const isForm = body instanceof FormData
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' }
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json'

  try {
    const response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? null : isForm ? body : JSON.stringify(body),
      credentials: 'include',
      signal: controller.signal,
    })
    const payload = await readBody(response)
    if (!response.ok) {
      const error = toApiError(response.status, response.statusText, payload)
      const retryAfter = Number(response.headers.get('retry-after'))
      if (Number.isFinite(retryAfter) && retryAfter > 0) error.retryAfterSeconds = retryAfter
      throw error
    }
    return payload
  } catch (error) {
    if (timedOut) throw timeoutError
    throw error
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onCallerAbort)
  }
}

/** 5xx, network failures and timeouts are worth another try; 4xx and caller aborts are not. */
function isRetryable(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return false
  if (error instanceof ApiError) return error.status >= 500
  return true
}

/** The answer of 500 or more behind a failed call: the error itself, or the last one its retries met. */
function serverFailure(error: unknown): ApiError | undefined {
  const failure = error instanceof ApiError ? error : error instanceof Error ? error.cause : undefined
  return failure instanceof ApiError && failure.status >= 500 ? failure : undefined
}

async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  try {
    return await send<T>(method, path, body, options)
  } catch (error) {
    const failure = serverFailure(error)
    if (failure) {
      const { status, code, requestId } = failure
      reportApiFailure({ method, path, status, code, requestId }, error, failure)
    }
    throw error
  }
}

async function send<T>(method: Method, path: string, body: unknown, options: RequestOptions): Promise<T> {
  const url = buildUrl(path, options.query)
  if (!options.retry) return (await attempt(method, url, body, options)) as T

  let lastError: unknown
  for (let n = 0; n <= callPolicy.extraAttempts; n++) {
    if (n > 0) await wait(callPolicy.backoffMs(n - 1), options.signal)
    try {
      return (await attempt(method, url, body, options)) as T
    } catch (error) {
      if (!isRetryable(error, options.signal)) throw error
      lastError = error
    }
  }
  throw new Error(transportMessages.failedAfterRetries, { cause: lastError })
}

/** The one HTTP client: fetches JSON (or sends a FormData upload), times out, retries by the spec's policy and maps errors. Nothing else. */
export const api = {
  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return request<T>('GET', path, undefined, options)
  },
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return request<T>('POST', path, body, options)
  },
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return request<T>('PUT', path, body, options)
  },
  /** `body`, when given, is sent as JSON (a confirmation such as a password). */
  delete<T>(path: string, options?: RequestOptions & { body?: unknown }): Promise<T> {
    return request<T>('DELETE', path, options?.body, options)
  },
}
