import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fc, it } from '@fast-check/vitest'
import { ErrorCode, FieldIssue } from '@picks/contracts'
import { eq, sql } from 'drizzle-orm'
import type { HTTPMethods, LightMyRequestResponse } from 'fastify'
import Stripe from 'stripe'
import twilio from 'twilio'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { z } from 'zod'
import { queryRows } from '../db/client.ts'
import type { RouteAccess } from '../modules/auth/guard.ts'
import { subscriptionPlans } from '../modules/creators/creators.table.ts'
import { createTwilioSmsSender } from '../modules/notifications/notifications.service.ts'
import { createStripeProvider } from '../modules/payments/stripe-provider.ts'
import { users } from '../modules/users/users.table.ts'
import { cookieOf, testOrigin, testPassword } from '../test/accounts.ts'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'
import { createCreator } from '../test/factories.ts'
import {
  bodyFor,
  isZodSchema,
  multipartFor,
  pathFor,
  queryFor,
  signedCallFor,
  toJsonText,
  twilioFields,
  type FuzzBody,
  type Known,
  type Mode,
} from '../test/fuzz-arbitraries.ts'
import { person, type Person } from '../test/people.ts'
import { startStripeDouble } from '../test/stripe-double.ts'
import { startTwilioDouble } from '../test/twilio-double.ts'

/**
 * Every route, fed arbitrary paths, queries and bodies drawn from and around its schema, as a
 * visitor and as a signed-in customer: it never answers 5xx, every 4xx is the one error shape, and
 * a refused request leaves the stored data as it was. A failure prints fast-check's seed and the
 * shrunk request; `FUZZ_SEED=<seed>` replays it, `FUZZ_RUNS=<n>` changes the runs per route and persona.
 *
 * No route is skipped. The ones that need more than JSON get it: the auth library's catch-all is
 * fuzzed on the library's paths, the avatar upload with multipart bodies of arbitrary bytes, and the
 * webhooks with forged and stale signatures, on a second app where Stripe and Twilio are configured
 * (against their local doubles), with correctly signed Twilio posts of arbitrary texts besides.
 */

// Uploaded avatars land in a directory of this test's own.
const dataDir = await mkdtemp(path.join(tmpdir(), 'picks-fuzz-'))
const t = await buildTestApp({ dataDir })
// The server's own account of a 5xx: FUZZ_LOG=error prints what the app logs (tests run it silent).
if (process.env.FUZZ_LOG) t.app.log.level = process.env.FUZZ_LOG

// Webhooks check signatures only when their provider is configured, as in production.
const stripeApi = await startStripeDouble()
const twilioConfig = { accountSid: `AC${'1'.repeat(32)}`, authToken: 'fuzz-token', from: '+15550001111' }
const twilioApi = await startTwilioDouble({ accountSid: twilioConfig.accountSid, authToken: twilioConfig.authToken })
const providers = await buildTestApp(
  { dataDir, twilio: twilioConfig, publicUrl: testOrigin },
  {
    paymentProvider: createStripeProvider({
      secretKey: stripeApi.secretKey,
      webhookSecret: stripeApi.webhookSecret,
      apiHost: stripeApi.apiHost,
      publicUrl: testOrigin,
    }),
    sms: createTwilioSmsSender({
      ...twilioConfig,
      baseUrl: twilioApi.baseUrl,
      statusCallbackUrl: `${testOrigin}/api/webhooks/twilio/status`,
    }),
  },
)
if (process.env.FUZZ_LOG) providers.app.log.level = process.env.FUZZ_LOG

const customer: Person = await person(t, 'fuzz-customer@test.example')
const creator = await createCreator(t.database.db, { username: 'fuzzcreator', planPricesCents: [999] })
const [plan] = await t.database.db
  .select({ id: subscriptionPlans.id })
  .from(subscriptionPlans)
  .where(eq(subscriptionPlans.creatorId, creator.id))

// Real ids and names, so some requests get past "not found" (and past the owner check, as the customer).
const known: Known = {
  ids: [customer.id, creator.id, ...(plan ? [plan.id] : [])],
  emails: [customer.email, 'fuzzcreator@test.example'],
  words: [creator.username, 'nba', 'nfl', 'basketball_nba', 'americanfootball_nfl'],
}

/**
 * Tables a refused request may change by design, left out of the fingerprint:
 * - auth_events: the audit log records refused sign-ins, wrong codes and blocked attempts.
 * - login_throttles: a failed sign-in or code counts toward the throttle.
 * - rate_limits: a request a limiter guards counts toward its limit, refused or not (a guessed
 *   promo code, an upload that was no image).
 * - auth_challenges.attempts: a wrong code uses up one of its challenge's tries.
 * - auth_sessions.updated_at and expires_at: the auth library refreshes a session it reads.
 * (pg-boss keeps its queue in its own schema, which the fingerprint never reads.)
 */
const unfingerprinted: Record<string, '*' | string[]> = {
  auth_events: '*',
  login_throttles: '*',
  rate_limits: '*',
  auth_challenges: ['attempts'],
  auth_sessions: ['updated_at', 'expires_at'],
}

/**
 * One query: every public table's rows, hashed per table (an order-free sum of row hashes, and the
 * count), so a diff names the table that changed. Both apps share the schema, so the query too.
 */
const fingerprintQuery = await (async () => {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    t.database.db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' order by table_name, ordinal_position`,
  )
  const byTable = new Map<string, string[]>()
  for (const { table_name: table, column_name: column } of columns) {
    const skip = unfingerprinted[table]
    if (skip === '*' || skip?.includes(column)) continue
    byTable.set(table, [...(byTable.get(table) ?? []), `"${column}"`])
  }
  const parts = [...byTable].map(
    ([table, cols]) =>
      `select '${table}' as "table", count(*) || ':' || coalesce(sum(hashtextextended(row(${cols.join(', ')})::text, 0)::numeric), 0) as hash from "public"."${table}"`,
  )
  return sql.raw(parts.join(' union all '))
})()

/** An app under fuzz, and its fingerprint after the last refused request (the next one's "before": nothing ran since). */
interface Target {
  t: TestApp
  lastRefused: Record<string, string> | null
}

const main: Target = { t, lastRefused: null }
const withProviders: Target = { t: providers, lastRefused: null }

async function fingerprint(target: Target): Promise<Record<string, string>> {
  const rows = await queryRows<{ table: string; hash: string }>(target.t.database.db, fingerprintQuery)
  return Object.fromEntries(rows.map((r) => [r.table, r.hash]))
}

/** The one error shape, exactly: nothing more, nothing less (`reason` and `details` when they apply). */
const StrictErrorBody = z.strictObject({
  error: z.strictObject({
    code: ErrorCode,
    message: z.string().min(1),
    requestId: z.string().min(1),
    reason: z.string().optional(),
    details: z.array(FieldIssue.strict()).optional(),
  }),
})

/** The library's paths behind `/api/auth/*` (auth.routes.ts): the open ones, and a few it must answer 404. */
const authPaths = [
  '/sign-up/email',
  '/sign-in/email',
  '/sign-out',
  '/get-session',
  '/email-otp/send-verification-otp',
  '/email-otp/verify-email',
  '/request-password-reset',
  '/reset-password',
  '/change-password',
  '/list-accounts',
  '/sign-in/social',
  '/callback/google',
  '/token',
  '/jwks',
  '/reset-password/not-a-token',
  '/sign-in/email-otp',
  '/update-user',
  '/delete-user',
  '/revoke-sessions',
]

/** What the auth library's bodies carry: each key with values around its kind. */
const authBodySchema = z.object({
  name: z.string().min(1).max(120).optional(),
  email: z.email().optional(),
  password: z.string().min(8).max(128).optional(),
  newPassword: z.string().min(8).max(128).optional(),
  currentPassword: z.string().max(128).optional(),
  token: z.string().max(500).optional(),
  otp: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  type: z.enum(['email-verification', 'sign-in', 'forget-password']).optional(),
  provider: z.enum(['google']).optional(),
  callbackURL: z.string().max(500).optional(),
  rememberMe: z.boolean().optional(),
  revokeOtherSessions: z.boolean().optional(),
  phone: z.string().optional(),
})

/** Routes a person opens in a browser from an e-mail: they answer with a page, refusals included. */
const pageRoutes = new Set(['GET /api/email/unsubscribe'])

interface Draw {
  url: string
  body: FuzzBody
}

const bodyless = new Set(['GET', 'HEAD', 'OPTIONS'])

function drawOf(route: RouteAccess, k: Known, mode: Mode): fc.Arbitrary<Draw> {
  const schema = route.schema ?? {}
  const bodySchema = isZodSchema(schema.body) ? schema.body : undefined
  const params = isZodSchema(schema.params) ? schema.params : undefined
  const query = isZodSchema(schema.querystring) ? schema.querystring : undefined
  const consumes = (schema as { consumes?: string[] }).consumes ?? []

  let where = pathFor(route.url, params, k, mode)
  let body: fc.Arbitrary<FuzzBody> = fc.constant({})
  if (route.url === '/api/auth/*') {
    // The catch-all's paths are the library's: fuzz those, with the bodies it checks before the library.
    // The customer's e-mail stays out: wrong passwords for it would lock the customer out.
    where = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...authPaths).map((p) => `/api/auth${p}`) },
      { weight: 1, arbitrary: where },
    )
    if (route.method === 'POST') body = bodyFor(authBodySchema, { ...k, emails: [] }, mode)
  } else if (consumes.includes('multipart/form-data')) {
    body = fc.oneof({ weight: 3, arbitrary: multipartFor(mode) }, { weight: 1, arbitrary: bodyFor(bodySchema, k) })
  } else if (bodyless.has(route.method)) {
    // No body: a GET's body is never read.
  } else if (route.access === 'signature') {
    // Webhooks prove their caller by a signature nobody here has: every call must be refused, cleanly.
    body = signedCallFor(bodySchema, k)
  } else {
    body = bodyFor(bodySchema, k, mode)
  }
  return fc.record({ url: fc.tuple(where, queryFor(query, k, mode)).map(([p, q]) => p + q), body })
}

/** A quarter of the requests are valid throughout, to reach the handlers; the rest are around and beyond. */
function drawFor(route: RouteAccess, k: Known): fc.Arbitrary<Draw> {
  return fc.oneof(
    { weight: 1, arbitrary: drawOf(route, k, 'valid') },
    { weight: 3, arbitrary: drawOf(route, k, 'around') },
  )
}

let sent = 0
const fuzzed = new Set<string>()
/** Answers by status class, so the summary shows how many requests got past validation. */
const answered: Record<string, number> = {}

async function send(
  target: Target,
  route: RouteAccess,
  who: Person | null,
  draw: Draw,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { origin: testOrigin, ...draw.body.headers }
  if (who) headers.cookie = who.cookie
  if (draw.body.contentType !== undefined) headers['content-type'] = draw.body.contentType
  sent++
  return target.t.app.inject({
    method: route.method as HTTPMethods,
    url: draw.url,
    headers,
    ...(draw.body.payload !== undefined ? { payload: draw.body.payload } : {}),
  })
}

function shown(res: LightMyRequestResponse): string {
  return `${res.statusCode} ${res.headers['content-type'] ?? ''} ${res.body.slice(0, 500)}`
}

/** The property, for one request: no 5xx; a 4xx in the one shape that changed nothing stored. */
async function check(target: Target, route: RouteAccess, who: Person | null, draw: Draw): Promise<void> {
  const before = target.lastRefused ?? (await fingerprint(target))
  target.lastRefused = null
  const res = await send(target, route, who, draw)
  const kind = `${String(res.statusCode)[0]}xx`
  answered[kind] = (answered[kind] ?? 0) + 1
  expect(res.statusCode, `server error: ${shown(res)}`).toBeLessThan(500)
  if (res.statusCode < 400) return
  const page =
    pageRoutes.has(`${route.method} ${route.url}`) && /^text\/html/.test(String(res.headers['content-type'] ?? ''))
  if (!page) {
    let body: unknown
    try {
      body = JSON.parse(res.body)
    } catch {
      body = res.body
    }
    const shape = StrictErrorBody.safeParse(body)
    expect(shape.success, `not the error shape: ${shown(res)}`).toBe(true)
    expect(shape.data?.error.requestId, 'the requestId is the x-request-id header').toBe(res.headers['x-request-id'])
  }
  const after = await fingerprint(target)
  expect(after, `a refused request (${res.statusCode}) changed stored data`).toEqual(before)
  target.lastRefused = after
}

/** The customer stays a signed-in customer from route to route (a fuzzed sign-out or role change ends that). */
async function keepCustomer(): Promise<void> {
  main.lastRefused = null
  await t.database.db.update(users).set({ role: 'customer' }).where(eq(users.id, customer.id))
  const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: customer.cookie } })
  if (me.statusCode === 200) return
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: testOrigin },
    payload: { email: customer.email, password: testPassword },
  })
  if (signIn.statusCode !== 200) throw new Error(`the fuzz customer cannot sign in again: ${signIn.body}`)
  customer.cookie = cookieOf(signIn)
}

const routes = t.app.routeAccess
// A new seed on every local run finds new inputs; CI replays a fixed one, so what lands is what was
// tested (a failure anywhere prints its seed for FUZZ_SEED).
const ciSeed = 20_261_124
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : process.env.CI ? ciSeed : undefined

/** How much a route has to fuzz: a body is worth the most, then parameters and a query. */
function inputsOf(route: RouteAccess): number {
  const schema = route.schema ?? {}
  const body = !bodyless.has(route.method)
  return 1 + (body ? 3 : 0) + (isZodSchema(schema.params) ? 1 : 0) + (isZodSchema(schema.querystring) ? 1 : 0)
}

// About 60 s on PGlite for the whole file: a budget of requests shared by every route and persona,
// in proportion to what each route takes in. FUZZ_RUNS=<n> gives every route n runs instead.
const budget = 3000
const totalInputs = routes.reduce((sum, route) => sum + inputsOf(route), 0)
function runsFor(route: RouteAccess): number {
  if (process.env.FUZZ_RUNS) return Number(process.env.FUZZ_RUNS)
  return Math.max(4, Math.round((budget / 2) * (inputsOf(route) / Math.max(1, totalInputs))))
}

afterAll(async () => {
  const classes = Object.entries(answered)
    .sort()
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ')
  console.log(`fuzz: ${sent} requests to ${fuzzed.size} routes, as a visitor and as a customer: ${classes}`)
  await t.app.close()
  await providers.app.close()
  await stripeApi.close()
  await twilioApi.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', (name, route) => {
  const params = { numRuns: runsFor(route), ...(seed !== undefined ? { seed } : {}) }

  beforeAll(async () => {
    fuzzed.add(name)
    await keepCustomer()
  })

  it.prop([drawFor(route, known)], params)(
    'as a visitor: no 5xx, the one error shape, a refusal changes nothing',
    (draw) => check(main, route, null, draw),
  )

  it.prop([drawFor(route, known)], params)(
    'as a signed-in customer: no 5xx, the one error shape, a refusal changes nothing',
    (draw) => check(main, route, customer, draw),
  )
})

/**
 * A webhook's call as its provider's servers would make it, but forged: no signature, a made-up
 * one, or Stripe's with the right secret but an hour old; and Twilio's correctly signed posts of
 * arbitrary fields (the text's body is whatever someone typed).
 */
function webhookDrawFor(route: RouteAccess): fc.Arbitrary<Draw> {
  const forged = drawOf(route, known, 'around')
  if (route.url === '/api/webhooks/stripe') {
    const stale = bodyFor(undefined, known).map((body) => {
      const payload = typeof body.payload === 'string' ? body.payload : toJsonText(null)
      const header = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: stripeApi.webhookSecret,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      })
      return {
        url: route.url,
        body: { payload, contentType: 'application/json', headers: { 'stripe-signature': header } },
      }
    })
    return fc.oneof({ weight: 2, arbitrary: forged }, { weight: 1, arbitrary: stale })
  }
  const signed = twilioFields.map((fields) => {
    const payload = new URLSearchParams(Object.entries(fields)).toString()
    // Signed over what the server will parse (the encoding replaces lone surrogates).
    const parsed = Object.fromEntries(new URLSearchParams(payload))
    const signature = twilio.getExpectedTwilioSignature(twilioConfig.authToken, `${testOrigin}${route.url}`, parsed)
    return {
      url: route.url,
      body: { payload, contentType: 'application/x-www-form-urlencoded', headers: { 'x-twilio-signature': signature } },
    }
  })
  return fc.oneof({ weight: 1, arbitrary: forged }, { weight: 2, arbitrary: signed })
}

const webhooks = providers.app.routeAccess.filter((route) => route.url.startsWith('/api/webhooks/'))

describe.each(webhooks.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', (_name, route) => {
  it.prop([webhookDrawFor(route)], { numRuns: runsFor(route), ...(seed !== undefined ? { seed } : {}) })(
    'with its provider configured: no 5xx, the one error shape, a refusal changes nothing',
    (draw) => check(withProviders, route, null, draw),
  )
})
