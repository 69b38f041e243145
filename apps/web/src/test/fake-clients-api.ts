import type { ClientRecord } from '@picks/contracts'
import { clientLimits, clientMessages, newClientProblems } from '@picks/contracts/client'
import { apiError, creatorUserId, json } from './fake-creator-api.ts'
import { stubFetch, type FakeCall } from './fake-fetch.ts'

/**
 * Test double of the creator's client list (`GET, POST /clients`, decision 009), installed at the
 * fetch boundary or answered from another fake (`clientsAnswer`). It keeps the list newest first
 * and applies the server's rules: the same field checks, one e-mail once (409 naming `body.email`).
 */

type Reply = Response | Promise<Response> | undefined

let serial = 0
export function aClient(overrides: Partial<ClientRecord> = {}): ClientRecord {
  serial += 1
  return {
    id: `00000000-0000-4000-f000-${String(serial).padStart(12, '0')}`,
    creator_id: creatorUserId,
    name: 'Jordan Fields',
    email: `client${serial}@example.com`,
    phone: null,
    note: null,
    source: 'manual',
    created_at: '2026-03-01T12:00:00.000Z',
    ...overrides,
  }
}

export interface FakeClientsState {
  /** Newest first, as the server lists them. */
  clients: ClientRecord[]
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/** The answer to a `/clients` call, or undefined for any other call. */
export function clientsAnswer(state: FakeClientsState, call: FakeCall): Response | undefined {
  if (call.path !== '/api/clients') return undefined
  if (call.method === 'GET') {
    const limit = Number(call.search.get('limit') ?? clientLimits.pageDefault)
    const offset = Number(call.search.get('offset') ?? 0)
    if (!Number.isInteger(limit) || limit < 1 || limit > clientLimits.pageMax) {
      return apiError(400, 'VALIDATION_FAILED', 'Invalid request', {
        details: [{ field: 'query.limit', message: 'Too big' }],
      })
    }
    return json({ clients: state.clients.slice(offset, offset + limit), total: state.clients.length })
  }
  if (call.method === 'POST') {
    const body = (call.body ?? {}) as Record<string, unknown>
    const values = { name: text(body.name), email: text(body.email), phone: text(body.phone), note: text(body.note) }
    const problems = Object.entries(newClientProblems(values))
    if (problems.length) {
      return apiError(400, 'VALIDATION_FAILED', 'Invalid request', {
        details: problems.map(([field, message]) => ({ field: `body.${field}`, message })),
      })
    }
    if (state.clients.some((client) => client.email === values.email)) {
      return apiError(409, 'CONFLICT', clientMessages.emailTaken, {
        details: [{ field: 'body.email', message: clientMessages.emailTakenField }],
      })
    }
    const client = aClient({
      name: values.name,
      email: values.email,
      phone: values.phone || null,
      note: values.note || null,
      created_at: new Date().toISOString(),
    })
    state.clients.unshift(client)
    return json({ client }, 201)
  }
  return undefined
}

/** Installs the fake; `override` may answer a call itself. Returns the calls made and the live state. */
export function serveClientsApi(
  initial: Partial<FakeClientsState> = {},
  override?: (call: FakeCall) => Reply,
): { calls: FakeCall[]; state: FakeClientsState } {
  const state: FakeClientsState = { clients: initial.clients ?? [] }
  const calls: FakeCall[] = []
  stubFetch(
    calls,
    (call) => clientsAnswer(state, call) ?? apiError(404, 'NOT_FOUND', `Route ${call.method} ${call.path} not found`),
    override,
  )
  return { calls, state }
}

export { callsTo } from './fake-fetch.ts'
