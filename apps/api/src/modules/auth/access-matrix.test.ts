import { defaultPermissions, ErrorBody, hasRole, type Role } from '@picks/contracts'
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testOrigin } from '../../test/accounts.ts'
import {
  buildAccessWorld,
  personaKeys,
  type AccessWorld,
  type Marker,
  type OwnerKey,
  type PersonaKey,
} from '../../test/access-world.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { installGuard, type Access, type GuardDeps, type RouteAccess } from './guard.ts'

/**
 * The access matrix (decision 017): every route the app registered, called by every kind of
 * caller on resources of the first customer and the first creator, must answer as its declared
 * access says, and no answer may show an owner's private fields to anyone they are not shared with.
 * The routes come from the app itself, so a new route is in the matrix the day it is added.
 */

const t: TestApp = await buildTestApp()
let world: AccessWorld

beforeAll(async () => {
  world = await buildAccessWorld(t)
}, 60_000)

let cellsAsserted = 0
afterAll(async () => {
  console.log(
    `access matrix: ${new Set(cases.map((c) => `${c.row.method} ${c.row.url}`)).size} routes, ${cases.length} route` +
      ` cases (owner-declared routes once per owner) x ${personaKeys.length} personas, ${cellsAsserted} cells asserted`,
  )
  await t.app.close()
})

// --- The routes ---------------------------------------------------------------------------------

interface Route {
  method: string
  url: string
}

const pluginRoute = /^\/api\/docs(\/|$)/

/** Every route the router answers, from its own listing (less HEAD, which Fastify adds to each GET). */
function registeredRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = []
  const prefixes: string[] = []
  for (const line of app.printRoutes().split('\n')) {
    const at = line.indexOf('── ')
    if (at < 0) continue
    const depth = (at - 1) / 4
    const [, segment = '', methods] = line.slice(at + 3).match(/^(\S+)(?: \(([^)]*)\))?$/) ?? []
    const url = (depth > 0 ? (prefixes[depth - 1] ?? '') : '') + segment
    prefixes[depth] = url
    for (const method of methods?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, url })
  }
  return routes
}

/** Parameter names differ between routes that share a node of the router (`:userId|:id`). */
function routeKey(route: Route): string {
  return `${route.method} ${route.url.replace(/:[^/]+/g, ':')}`
}

const declared = new Set(t.app.routeAccess.map(routeKey))
const registered = registeredRoutes(t.app)

// The API documentation's routes come from a plugin and cannot declare; the guard counts them public.
const rows: RouteAccess[] = [
  ...t.app.routeAccess,
  ...registered
    .filter((route) => pluginRoute.test(route.url) && !declared.has(routeKey(route)))
    .map((route): RouteAccess => ({ ...route, access: 'public', schema: undefined })),
]

// --- Filling a route in from the world ----------------------------------------------------------

const unknownId = '00000000-0000-4000-8000-00000000a11c'
const noSuchPath = 'access-matrix-none'

/** Where a parameter's value comes from: the owner the case is about, or a fixed part of the world. */
type Source =
  | { kind: 'subject'; field: 'id' | 'email' }
  | {
      kind: 'world'
      owner: OwnerKey
      /** Who else may read it: the creator who sold a purchase. */
      readBy?: OwnerKey
      value: (w: AccessWorld) => string
    }

function ownerField(access: Access): string | null {
  return typeof access === 'object' && 'owner' in access ? access.owner : null
}

const ofCreator = (value: (w: AccessWorld) => string): Source => ({ kind: 'world', owner: 'creator', value })
const ofCustomer = (value: (w: AccessWorld) => string): Source => ({ kind: 'world', owner: 'customer', value })

/**
 * The world's value for a parameter, by its name and the path segment before it (`/picks/:id` is
 * a pick, `/purchases/:id` a purchase); null for anything the world has nothing for.
 */
function sourceOf(row: RouteAccess, where: 'params' | 'query' | 'body', name: string): Source | null {
  const access = row.access
  if (ownerField(access) === `${where}.${name}`) {
    const byEmail = typeof access === 'object' && 'by' in access && access.by === 'email'
    return { kind: 'subject', field: byEmail ? 'email' : 'id' }
  }
  if (name === 'username') return ofCreator((w) => w.creatorUsername)
  if (name === 'sessionId') return ofCustomer((w) => w.checkoutSessionId)
  if (name === 'linkId') return ofCreator((w) => w.onboardingLinkId)
  if (name === 'creatorId') return ofCreator((w) => w.people.creator.id)
  if (name === 'plan_id' || name === 'planId') return ofCreator((w) => w.planId)
  if (where === 'params' && name === 'email') return { kind: 'subject', field: 'email' }
  if (where === 'params' && name === 'id') {
    const segments = row.url.split('/')
    const before = segments[segments.indexOf(':id') - 1]
    if (before === 'picks') return ofCreator((w) => w.premiumPickId)
    if (before === 'subscription-pricing') return ofCreator((w) => w.planId)
    if (before === 'purchases' || before === 'manage' || before === 'subscriptions') {
      return { kind: 'world', owner: 'customer', readBy: 'creator', value: (w) => w.purchaseId }
    }
    // GET /delivery-methods/:id names the creator; changing one names the method.
    if (before === 'delivery-methods' && row.method !== 'GET') return ofCreator((w) => w.deliveryMethodId)
    if (before === 'factors' || before === 'events') return null
    // A moderator's hide names a creator (the picks' case is above); a report's id is nobody's.
    if (before === 'creators' && segments.includes('moderation')) return ofCreator((w) => w.people.creator.id)
    if (before === 'reports') return null
    // The admin console: a creator's subscribers, a delivery check of a pick, one logged message.
    if (before === 'creators' && row.url.includes('/admin/creators/')) return ofCreator((w) => w.people.creator.id)
    if (before === 'verify') return ofCreator((w) => w.premiumPickId)
    if (before === 'email-logs' || before === 'sms-logs') return null
    if (before === 'promo-codes') return ofCreator((w) => w.promoCodeId)
    if (before === 'affiliates') return ofCreator((w) => w.affiliateId)
  }
  if (name === 'id' || name === 'userId') return { kind: 'subject', field: 'id' }
  return null
}

function pathParams(row: RouteAccess): string[] {
  return row.url
    .split('/')
    .filter((s) => s.startsWith(':'))
    .map((s) => s.slice(1))
}

// --- Sample values from a route's zod schemas ----------------------------------------------------

interface ZodLike {
  _zod: { def: { type: string } & Record<string, unknown> }
  safeParse(value: unknown): { success: boolean }
}

function isZod(value: unknown): value is ZodLike {
  return typeof value === 'object' && value !== null && '_zod' in value && 'safeParse' in value
}

function isOptional(schema: ZodLike): boolean {
  return schema.safeParse(undefined).success
}

interface Check {
  check?: string
  minimum?: number
  maximum?: number
  value?: number
  inclusive?: boolean
}

function checksOf(schema: ZodLike): Check[] {
  const checks = schema._zod.def.checks
  if (!Array.isArray(checks)) return []
  // A check is no schema (it cannot parse), but keeps its settings the same way.
  return checks.map((c: unknown) =>
    typeof c === 'object' && c !== null && '_zod' in c ? (c as { _zod: { def: Check } })._zod.def : {},
  )
}

/**
 * A value the schema accepts, as small as it allows (required keys only unless `every`), with
 * the world's values for the keys it knows. Refinements are not solved: the caller parses the result.
 */
function sample(schema: ZodLike, key: string, known: (key: string) => string | undefined, every: boolean): unknown {
  const def = schema._zod.def
  const inner = (name: string): unknown => {
    const next = def[name]
    return isZod(next) ? sample(next, key, known, every) : undefined
  }
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [name, field] of Object.entries(def.shape as Record<string, unknown>)) {
        if (!isZod(field) || (!every && isOptional(field))) continue
        out[name] = known(name) ?? sample(field, name, known, every)
      }
      return out
    }
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType')
    case 'nullable':
      return null
    case 'pipe':
      return inner('in')
    case 'string': {
      if (/phone/i.test(key)) return '+15550009999'
      if (def.format === 'email') return 'matrix.probe@example.com'
      if (def.format === 'uuid' || def.format === 'guid') return unknownId
      if (def.format === 'url') return 'https://example.com/'
      if (def.format === 'datetime') return '2030-01-01T00:00:00.000Z'
      if (def.format === 'date') return '2030-01-01'
      const checks = checksOf(schema)
      const min = Math.max(...checks.map((c) => (c.check === 'min_length' ? (c.minimum ?? 0) : 0)), 0)
      const max = Math.min(...checks.map((c) => (c.check === 'max_length' ? (c.maximum ?? 1e6) : 1e6)))
      return 'Matrix probe'.padEnd(min, 'x').slice(0, max)
    }
    case 'number': {
      const checks = checksOf(schema)
      const low = checks.find((c) => c.check === 'greater_than')
      const high = checks.find((c) => c.check === 'less_than')
      if (low?.value !== undefined) return low.inclusive ? low.value : low.value + 1
      if (high?.value !== undefined && high.value <= 1) return high.inclusive ? high.value : high.value - 1
      return 1
    }
    case 'boolean':
      return true
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0]
    case 'literal':
      return (def.values as unknown[])[0]
    case 'array':
      return []
    case 'record':
      return {}
    case 'union': {
      const [first] = def.options as unknown[]
      return isZod(first) ? sample(first, key, known, every) : undefined
    }
    case 'null':
      return null
    default:
      return undefined
  }
}

/** A body the schema accepts, trying the required keys first and then every key. */
function validBody(schema: ZodLike, known: (key: string) => string | undefined): object {
  const asObject = (value: unknown): object => (typeof value === 'object' && value !== null ? value : {})
  const small = asObject(sample(schema, 'body', known, false))
  if (schema.safeParse(small).success) return small
  const full = asObject(sample(schema, 'body', known, true))
  return schema.safeParse(full).success ? full : small
}

// --- The cases ------------------------------------------------------------------------------------

interface Case {
  row: RouteAccess
  /** The owner whose id or e-mail the route is called with; null when no parameter names a person. */
  subject: OwnerKey | null
  name: string
}

/** The query's keys the route needs (and the query owner's, which may be optional). */
function queryNames(row: RouteAccess): string[] {
  const query = row.schema?.querystring
  if (!isZod(query) || query._zod.def.type !== 'object') return []
  const owner = ownerField(row.access)
  return Object.entries(query._zod.def.shape as Record<string, unknown>)
    .filter(([name, field]) => isZod(field) && (!isOptional(field) || owner === `query.${name}`))
    .map(([name]) => name)
}

/** The sources of what names the resource: the path's parameters and the query's required keys. */
function namingSources(row: RouteAccess): (Source | null)[] {
  return [
    ...pathParams(row).map((name) => sourceOf(row, 'params', name)),
    ...queryNames(row).map((name) => sourceOf(row, 'query', name)),
  ]
}

function needsSubject(row: RouteAccess): boolean {
  return ownerField(row.access) !== null || namingSources(row).some((source) => source?.kind === 'subject')
}

/** Reads first, then changes, deletions last: a change can only follow every read it could affect. */
function stage(method: string): number {
  if (method === 'GET') return 0
  return method === 'DELETE' ? 2 : 1
}

const cases: Case[] = rows
  .flatMap((row): Case[] => {
    const label = `${row.method} ${row.url}`
    if (!needsSubject(row)) return [{ row, subject: null, name: label }]
    // A route for creators only is about a creator: a customer cannot own what it names.
    const owners =
      typeof row.access === 'object' && 'owner' in row.access && row.access.role === 'creator'
        ? (['creator'] as const)
        : (['customer', 'creator'] as const)
    return owners.map((subject) => ({ row, subject, name: `${label} (of the ${subject})` }))
  })
  .sort((a, b) => stage(a.row.method) - stage(b.row.method))

// --- What each persona should get ----------------------------------------------------------------

type Expected = 'pass' | 401 | 403 | 404 | '403 or 404'

/** The role whose powers each persona holds: an admin who has not entered the admin password, a customer's. */
const actorRole: Record<Exclude<PersonaKey, 'anonymous'>, Role> = {
  customer: 'user',
  otherCustomer: 'user',
  creator: 'creator',
  otherCreator: 'creator',
  moderator: 'moderator',
  unverifiedAdmin: 'user',
  admin: 'admin',
}

/**
 * Who a `resource` route's resource belongs to: the owners of what its path and query name (a
 * read of a purchase also its seller's), or `self` when nothing is named (the caller's own).
 */
function resourceOwners(row: RouteAccess, subject: OwnerKey | null): PersonaKey[] | 'self' {
  const sources = namingSources(row)
  if (!sources.length) return 'self'
  return sources.flatMap((source): PersonaKey[] => {
    if (source?.kind === 'subject') return subject ? [subject] : []
    if (source?.kind !== 'world') return []
    return source.readBy && row.method === 'GET' ? [source.owner, source.readBy] : [source.owner]
  })
}

function expectedFor(persona: PersonaKey, row: RouteAccess, subject: OwnerKey | null): Expected {
  const access = row.access
  if (access === 'public' || access === 'signature') return 'pass'
  if (persona === 'anonymous') return 401
  const role = actorRole[persona]
  const atLeast = (rank: Role) => hasRole({ role, permissions: [] }, rank)
  // `secondFactor` also lets in a visitor half-way through signing in; the matrix's visitor has no such cookie.
  if (access === 'identity' || access === 'signedIn' || access === 'secondFactor') return 'pass'
  if (access === 'creator' || access === 'moderator') return atLeast(access) ? 'pass' : 403
  if (access === 'admin') return persona === 'admin' || persona === 'unverifiedAdmin' ? 'pass' : 403
  // `metrics` also lets in its METRICS_TOKEN's bearer; the matrix's app has none, and no persona sends one.
  if (access === 'verifiedAdmin' || access === 'metrics') return persona === 'admin' ? 'pass' : 403
  if ('permission' in access) return defaultPermissions[role].includes(access.permission) ? 'pass' : 403
  if (access.role === 'creator' && !atLeast('creator')) return 403
  if ('owner' in access) {
    if (persona === subject || persona === 'admin') return 'pass'
    return access.hide ? 404 : 403
  }
  const owners = resourceOwners(row, subject)
  if (owners === 'self' || owners.includes(persona) || persona === 'admin') return 'pass'
  return '403 or 404'
}

function meets(status: number, expected: Expected): boolean {
  if (status >= 500) return false
  if (expected === 'pass') return status !== 401 && status !== 403
  if (expected === '403 or 404') return status === 403 || status === 404
  return status === expected
}

/** Those to be refused go first, the owner and the verified admin last: no change lets a refused one in. */
function callingOrder(expectations: Map<PersonaKey, Expected>): PersonaKey[] {
  const rank = (p: PersonaKey) =>
    expectations.get(p) !== 'pass' ? 0 : p === 'admin' ? 3 : p === 'customer' || p === 'creator' ? 2 : 1
  return [...personaKeys].sort((a, b) => rank(a) - rank(b))
}

// --- Calling ---------------------------------------------------------------------------------------

function personOf(persona: PersonaKey) {
  return persona === 'anonymous' ? null : world.people[persona]
}

function resolve(source: Source | null, subject: OwnerKey | null): string | undefined {
  if (!source) return undefined
  if (source.kind === 'world') return source.value(world)
  const owner = world.people[subject ?? 'customer']
  return source.field === 'email' ? owner.email : owner.id
}

function requestOf(row: RouteAccess, subject: OwnerKey | null): { url: string; body: object | undefined } {
  const path = row.url
    .split('/')
    .map((segment) => {
      if (segment === '*') return noSuchPath
      if (!segment.startsWith(':')) return segment
      return encodeURIComponent(resolve(sourceOf(row, 'params', segment.slice(1)), subject) ?? unknownId)
    })
    .join('/')
  const query = new URLSearchParams()
  const querySchema = row.schema?.querystring
  const shape = isZod(querySchema) ? (querySchema._zod.def.shape as Record<string, unknown>) : {}
  for (const name of queryNames(row)) {
    const field = shape[name]
    const value =
      resolve(sourceOf(row, 'query', name), subject) ??
      (isZod(field) ? sample(field, name, () => undefined, false) : '')
    query.set(name, String(value))
  }
  const url = query.size ? `${path}?${query.toString()}` : path
  if (row.method === 'GET') return { url, body: undefined }
  // The guard answers before the body is read; only a check made after validation (a body owner,
  // or a resource the handler loads) needs a body that passes it.
  const checkedLater =
    ownerField(row.access)?.startsWith('body.') ||
    (typeof row.access === 'object' && 'resource' in row.access && pathParams(row).length > 0)
  const bodySchema = row.schema?.body
  if (!checkedLater || !isZod(bodySchema)) return { url, body: {} }
  return { url, body: validBody(bodySchema, (key) => resolve(sourceOf(row, 'body', key), subject)) }
}

const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const

function httpMethod(method: string): (typeof httpMethods)[number] {
  const known = httpMethods.find((m) => m === method)
  if (!known) throw new Error(`the matrix cannot call ${method} routes yet`)
  return known
}

function call(persona: PersonaKey, method: string, url: string, body: object | undefined) {
  const who = personOf(persona)
  return t.app.inject({
    method: httpMethod(method),
    url,
    headers: { origin: testOrigin, ...(who ? { cookie: who.cookie } : {}) },
    ...(body !== undefined ? { payload: body } : {}),
  })
}

/** What is wrong with an answer's form: any refusal or failure must be the one error shape. */
function shapeProblem(row: RouteAccess, res: LightMyRequestResponse): string | null {
  if (res.statusCode < 400) return null
  // A signed link opened in a browser (the e-mail's unsubscribe link) answers with a page, not JSON.
  const page = String(res.headers['content-type']).startsWith('text/html')
  if (page && row.method === 'GET' && row.access === 'signature') return null
  let parsed: unknown
  try {
    parsed = JSON.parse(res.body)
  } catch {
    return `a ${res.statusCode} answer that is not JSON (${String(res.headers['content-type'])})`
  }
  const error = ErrorBody.safeParse(parsed)
  if (!error.success) return `a ${res.statusCode} answer not in the error shape: ${res.body.slice(0, 200)}`
  if (error.data.error.requestId !== res.headers['x-request-id']) return `an error whose requestId is not the request's`
  return null
}

function sharedWith(marker: Marker, persona: PersonaKey, route: string): boolean {
  return marker.seenBy.includes(persona) || (marker.alsoOn?.[persona] ?? []).includes(route)
}

/** Markers found in an answer to someone they are shared with: proof that each can be found at all. */
const markersFound = new Set<string>()

/** The private fields of an owner in a 2xx answer to someone they are not shared with. */
function leaks(persona: PersonaKey, route: string, body: string): string[] {
  const found = world.markers.filter((m) => m.pattern.test(body))
  for (const marker of found) if (sharedWith(marker, persona, route)) markersFound.add(marker.name)
  return found.filter((m) => !sharedWith(m, persona, route)).map((m) => m.name)
}

function describeExpected(expected: Expected): string {
  return expected === 'pass' ? 'to get in (not 401/403, no 5xx)' : `${expected}`
}

// --- The tests -------------------------------------------------------------------------------------

describe('every route', () => {
  it('declares its access', () => {
    const undeclared = registered
      .filter((route) => !pluginRoute.test(route.url) && !declared.has(routeKey(route)))
      .map((route) => `${route.method} ${route.url}`)
    expect(undeclared, 'routes without config.access').toEqual([])
    // The other way round, the router's listing is read right: it holds every declared route.
    const listed = new Set(registered.map(routeKey))
    expect(t.app.routeAccess.filter((route) => !listed.has(routeKey(route)))).toEqual([])
  })
})

describe('an app with the access guard', () => {
  const deps: GuardDeps = {
    session: async () => null,
    userOf: async () => null,
    adminVerified: async () => false,
  }

  /** An app with the guard and these routes, not yet started (start-up is where a missing declaration shows). */
  function appWith(routes: (app: FastifyInstance) => void): FastifyInstance {
    const app = Fastify()
    installGuard(app, deps)
    void app.register(async (api) => routes(api))
    return app
  }

  it('does not start with a route that declares no access', async () => {
    const app = appWith((api) => {
      api.get('/declared', { config: { access: 'public' } }, async () => ({ ok: true }))
      api.get('/forgotten', async () => ({ ok: true }))
    })
    await expect(app.ready()).rejects.toThrow('GET /forgotten declares no access (config.access)')
  })

  it('starts when every route declares, and lists each with its declaration', async () => {
    const app = appWith((api) => {
      api.get('/declared', { config: { access: 'public' } }, async () => ({ ok: true }))
      api.post('/mine/:id', { config: { access: { owner: 'params.id' } } }, async () => ({ ok: true }))
    })
    await app.ready()
    expect(app.routeAccess.map(({ method, url, access }) => ({ method, url, access }))).toEqual([
      { method: 'GET', url: '/declared', access: 'public' },
      { method: 'POST', url: '/mine/:id', access: { owner: 'params.id' } },
    ])
    await app.close()
  })
})

describe('the access matrix', () => {
  it.each(cases)('$name', async ({ row, subject }) => {
    const route = `${row.method} ${row.url}`
    const { url, body } = requestOf(row, subject)
    const expectations = new Map(personaKeys.map((p) => [p, expectedFor(p, row, subject)]))
    const failures: string[] = []
    for (const persona of callingOrder(expectations)) {
      const expected = expectations.get(persona) ?? 'pass'
      const res = await call(persona, row.method, url, body)
      cellsAsserted++
      const where = `${row.method} ${url} as ${persona}`
      if (!meets(res.statusCode, expected)) {
        failures.push(
          `${where}: expected ${describeExpected(expected)}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
        )
      }
      const problem = shapeProblem(row, res)
      if (problem) failures.push(`${where}: ${problem}`)
      if (res.statusCode >= 200 && res.statusCode < 300) {
        for (const leak of leaks(persona, route, res.body)) {
          failures.push(`${where}: ${res.statusCode} answer shows ${leak}`)
        }
      }
    }
    expect(failures).toEqual([])
  })

  it('found every private field in some answer to its owner', () => {
    // Else a marker that never matches anything would let any leak of it through.
    expect(world.markers.map((m) => m.name).filter((name) => !markersFound.has(name))).toEqual([])
  })
})
