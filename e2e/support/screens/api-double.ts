import { ErrorBody } from '@picks/contracts'
import type { Page, Request, Route } from '@playwright/test'
import type { z } from 'zod'

/**
 * The screenshot suite's data. The browser talks to the real server for signing in, the session,
 * `/me`, the site configuration and the static files; every other `/api` call is answered here from
 * a fixture parsed through the API's own zod schema (@picks/contracts), so a picture never depends
 * on what other tests have added to the shared server, and a fixture cannot drift from the API
 * without failing to parse. A call nobody answered is recorded and fails the test: a page that
 * starts reading something new gets a fixture for it, not whatever the server happens to hold.
 */

/** Reads that go to the real server: the account itself, never shared data. */
const realServerPaths = [/^\/auth\//, /^\/me$/, /^\/config$/, /^\/users\/email\/[^/]+$/]

/** The browser reporter's posts (decision 041): accepted here, and never a call a test has to answer. */
const reportPaths = /^\/errors(\/performance)?$/

export interface ApiAnswer {
  method: 'GET' | 'POST'
  /** The path after `/api`; `:name` stands for one path segment (`/creators/:id/record`). */
  path: string
  /** Query parameters the call must carry (others may be there too). */
  query?: Record<string, string>
  status: number
  body: unknown
}

interface AnswerOptions {
  method?: 'GET' | 'POST'
  query?: Record<string, string>
}

/** A 200 answer whose body is `value` as the contract's `schema` parses it. */
export function answer<S extends z.ZodType>(
  path: string,
  schema: S,
  value: z.input<S>,
  options: AnswerOptions = {},
): ApiAnswer {
  return { method: options.method ?? 'GET', path, query: options.query, status: 200, body: schema.parse(value) }
}

const errorCodes = { 404: 'NOT_FOUND', 500: 'INTERNAL', 503: 'SERVICE_UNAVAILABLE' } as const
const errorMessages = { 404: 'Not found', 500: 'Internal server error', 503: 'Service unavailable' } as const

/**
 * The API's error answer (`{ error: { code, message, requestId } }`): by default its answer to a
 * fault it did not expect (500, details hidden by `http/error-handler.ts`); 503 for a provider that
 * is down; 404 with the message the route gives (`Creator not found`).
 */
export function failure(
  path: string,
  options: AnswerOptions & { status?: keyof typeof errorCodes; message?: string } = {},
): ApiAnswer {
  const status = options.status ?? 500
  const body = ErrorBody.parse({
    error: {
      code: errorCodes[status],
      message: options.message ?? errorMessages[status],
      requestId: `screens-request-${status}`,
    },
  })
  return { method: options.method ?? 'GET', path, query: options.query, status, body }
}

function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')
  return new RegExp(`^${escaped}$`)
}

function matches(candidate: ApiAnswer, method: string, path: string, query: URLSearchParams): boolean {
  if (candidate.method !== method || !pathPattern(candidate.path).test(path)) return false
  return Object.entries(candidate.query ?? {}).every(([key, value]) => query.get(key) === value)
}

export interface ApiDouble {
  /** Adds answers; a later answer for the same call wins, so a test can replace one read of a set. */
  serve(...answers: (ApiAnswer | ApiAnswer[])[]): void
  /** Calls that reached neither the real server's list nor an answer (`GET /picks?limit=20`). */
  readonly unanswered: readonly string[]
  /** `/api` calls the page has made and not yet had answered, real or fixture. */
  inFlight(): number
}

/** Routes the page's `/api` calls: the real server for the account, fixtures for everything else. */
export async function installApiDouble(page: Page): Promise<ApiDouble> {
  const answers: ApiAnswer[] = []
  const unanswered: string[] = []
  const pending = new Set<Request>()
  const isApiCall = (request: Request) => new URL(request.url()).pathname.startsWith('/api/')
  page.on('request', (request) => {
    if (isApiCall(request)) pending.add(request)
  })
  page.on('requestfinished', (request) => pending.delete(request))
  page.on('requestfailed', (request) => pending.delete(request))

  await page.route('**/api/**', async (route: Route) => {
    const request = route.request()
    const url = new URL(request.url())
    const path = url.pathname.replace(/^\/api/, '')
    if (realServerPaths.some((pattern) => pattern.test(path))) return route.fallback()
    if (request.method() === 'POST' && reportPaths.test(path)) {
      return route.fulfill({ status: 202, json: { accepted: 1 } })
    }
    const found = answers.findLast((candidate) => matches(candidate, request.method(), path, url.searchParams))
    if (!found) {
      unanswered.push(`${request.method()} ${path}${url.search}`)
      return route.fulfill({ status: 501, json: failure(path).body })
    }
    return route.fulfill({ status: found.status, json: found.body })
  })

  return {
    serve: (...more) => answers.push(...more.flat()),
    unanswered,
    inFlight: () => pending.size,
  }
}
