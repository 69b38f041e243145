import { vi } from 'vitest'

/** One request a component made, as a fake API sees it. */
export interface FakeCall {
  method: string
  path: string
  search: URLSearchParams
  body: unknown
}

type Reply = Response | Promise<Response> | undefined

/**
 * Installs a fake API at the fetch boundary: every request is recorded in `calls`, offered to
 * `override` first (a test's own answer for one call), and otherwise answered by `answer`.
 */
export function stubFetch(
  calls: FakeCall[],
  answer: (call: FakeCall) => Response | Promise<Response>,
  override?: (call: FakeCall) => Reply,
): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost')
      const raw = init?.body
      const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw
      const call: FakeCall = {
        method: init?.method ?? 'GET',
        path: decodeURIComponent(url.pathname),
        search: url.searchParams,
        body,
      }
      calls.push(call)
      return (await override?.(call)) ?? answer(call)
    }),
  )
}

export function callsTo(calls: FakeCall[], method: string, path: string): FakeCall[] {
  return calls.filter((call) => call.method === method && call.path === path)
}
