import { vi } from 'vitest'

export const adminToken = 'header.eyJleHAiOjQxMDI0NDQ4MDB9.signature'

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/** One call the console made: its method, path, query and JSON body. */
export interface AdminCall {
  method: string
  path: string
  search: URLSearchParams
  body: unknown
  /** The request's headers, by their names as sent. */
  headers: Record<string, string>
}

/**
 * The admin API as a console section reads it, through a fetch stub: `answers` by path, or by
 * "METHOD path" for a write (`POST /api/admin/users/u-1/suspend`). The token and session answer.
 */
export function serveConsoleApi(answers: Record<string, (call: AdminCall) => Response>): AdminCall[] {
  const calls: AdminCall[] = []
  const standard: Record<string, (call: AdminCall) => Response> = {
    '/api/auth/token': () => json(200, { token: adminToken }),
    '/api/admin/session': () => json(200, { email: 'ops@example.com', name: 'Olivia Admin' }),
  }
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit) => {
      const url = new URL(input, 'http://localhost')
      const method = init.method ?? 'GET'
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
      const headers =
        init.headers && !Array.isArray(init.headers) && !(init.headers instanceof Headers) ? init.headers : {}
      const call = { method, path: url.pathname, search: url.searchParams, body, headers }
      calls.push(call)
      const answer = answers[`${method} ${url.pathname}`] ?? answers[url.pathname] ?? standard[url.pathname]
      return Promise.resolve(
        answer ? answer(call) : json(404, { error: { code: 'NOT_FOUND', message: 'No such call' } }),
      )
    }),
  )
  return calls
}

/** The calls to one path, in order. */
export function callsTo(calls: AdminCall[], path: string, method = 'GET'): AdminCall[] {
  return calls.filter((call) => call.path === path && call.method === method)
}
