import {
  CreatePlanBody,
  CreatorStats,
  CreatorsPage,
  ErrorBody,
  PlanAnswer,
  PlansAnswer,
  type Plan,
} from '@picks/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { onboard } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import { AppError } from '../../errors.ts'
import { createPlan } from './plans.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
})

const monthly = { name: 'Monthly', kind: 'subscription', interval: 'month', price_cents: 2900, trial_days: 7 }
const dayPass = { name: 'Day pass', kind: 'one_time', access_days: 1, price_cents: 999 }

function errorOf(res: { body: string }) {
  return ErrorBody.parse(JSON.parse(res.body)).error
}

/** A creator whose payout account takes charges, so their active plans are on sale (plans-on-sale.test.ts has the rest). */
async function creator(app: TestApp, email: string, username: string): Promise<Person> {
  const who = await person(app, email)
  const res = await request(app, 'POST', `/users/${who.id}/register-creator`, who, { username, specialtySport: 'nba' })
  expect(res.statusCode, res.body).toBe(201)
  await onboard(app, who)
  return who
}

async function addPlan(who: Person, body: Record<string, unknown>, app = t): Promise<Plan> {
  const res = await request(app, 'POST', '/subscription-pricing', who, body)
  expect(res.statusCode, res.body).toBe(201)
  return PlanAnswer.parse(res.json()).plan
}

function changePlan(who: Person | null, id: string, body: Record<string, unknown>, app = t) {
  return request(app, 'PUT', `/subscription-pricing/${id}`, who, body)
}

async function publicPlans(creatorId: string): Promise<Plan[]> {
  const res = await request(t, 'GET', `/subscription-pricing/${creatorId}`, null)
  expect(res.statusCode, res.body).toBe(200)
  return PlansAnswer.parse(res.json()).plans
}

async function stats(creatorId: string): Promise<CreatorStats> {
  const res = await request(t, 'GET', `/creators/${creatorId}/stats`, null)
  expect(res.statusCode, res.body).toBe(200)
  return CreatorStats.parse(res.json())
}

describe('POST /api/subscription-pricing', () => {
  it('adds a monthly subscription and a one-day pass, which everyone sees cheapest first', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const sub = await addPlan(dana, monthly)
    expect(sub).toEqual({
      id: expect.any(String),
      creator_id: dana.id,
      name: 'Monthly',
      kind: 'subscription',
      interval: 'month',
      access_days: null,
      price_cents: 2900,
      currency: 'usd',
      trial_days: 7,
      active: true,
      on_sale: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    })
    const pass = await addPlan(dana, dayPass)
    expect(pass).toMatchObject({ kind: 'one_time', interval: null, access_days: 1, trial_days: 0, active: true })
    expect((await publicPlans(dana.id)).map((p) => p.name)).toEqual(['Day pass', 'Monthly'])
  })

  it.each([
    [{ price_cents: 99 }, 'body.price_cents', 'Prices are between $1 and $10,000'],
    [{ price_cents: 1_000_001 }, 'body.price_cents', 'Prices are between $1 and $10,000'],
    [{ price_cents: 1999.5 }, 'body.price_cents', 'Prices are whole cents'],
    [{ price_cents: '1999' }, 'body.price_cents', 'Prices are between $1 and $10,000'],
    [{ trial_days: 31 }, 'body.trial_days', 'Free trials are 0 to 30 days'],
    [{ trial_days: -1 }, 'body.trial_days', 'Free trials are 0 to 30 days'],
    [{ interval: undefined }, 'body.interval', 'Choose how often a subscription renews'],
    [{ interval: 'day' }, 'body.interval', 'Choose how often a subscription renews'],
    [{ access_days: 30 }, 'body.access_days', 'Only one-time passes have an access length'],
    [{ kind: 'lifetime' }, 'body.kind', 'A plan is a subscription or a one_time pass'],
    [{ name: '   ' }, 'body.name', 'Give the plan a name'],
    [{ name: 'x'.repeat(61) }, 'body.name', 'Plan names are at most 60 characters'],
    [{ currency: 'eur' }, 'body', 'currency'],
  ])('refuses a subscription with %j naming %s', async (change, field, message) => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const res = await request(t, 'POST', '/subscription-pricing', dana, { ...monthly, ...change })
    expect(res.statusCode, res.body).toBe(400)
    const error = errorOf(res)
    expect(error.details?.map((d) => d.field)).toEqual([field])
    expect(error.details?.[0]?.message).toContain(message)
    expect(await publicPlans(dana.id)).toEqual([])
  })

  it.each([
    [{ access_days: undefined }, 'body.access_days', 'Choose how many days a one-time pass gives access'],
    [{ access_days: 0 }, 'body.access_days', 'Choose how many days'],
    [{ access_days: 366 }, 'body.access_days', 'Choose how many days'],
    [{ interval: 'month' }, 'body.interval', 'Only subscriptions renew'],
    [{ trial_days: 3 }, 'body.trial_days', 'One-time passes have no free trial'],
  ])('refuses a one-time pass with %j naming %s', async (change, field, message) => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const res = await request(t, 'POST', '/subscription-pricing', dana, { ...dayPass, ...change })
    expect(res.statusCode, res.body).toBe(400)
    expect(errorOf(res).details).toEqual([{ field, message: expect.stringContaining(message) }])
  })

  it('takes the price bounds themselves, $1 and $10,000', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    expect((await addPlan(dana, { ...monthly, price_cents: 100 })).price_cents).toBe(100)
    expect((await addPlan(dana, { ...dayPass, price_cents: 1_000_000, access_days: 365 })).price_cents).toBe(1_000_000)
  })

  it('keeps at most 5 active plans; inactive ones do not count', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    for (let i = 1; i <= 5; i++) await addPlan(dana, { ...monthly, name: `Plan ${i}`, price_cents: 1000 * i })
    const sixth = await request(t, 'POST', '/subscription-pricing', dana, { ...monthly, name: 'Plan 6' })
    expect(sixth.statusCode).toBe(409)
    expect(errorOf(sixth)).toMatchObject({
      code: 'CONFLICT',
      reason: 'PLAN_LIMIT',
      message: 'A creator can have at most 5 active plans',
    })
    const parked = await addPlan(dana, { ...monthly, name: 'Parked', active: false })
    expect(parked.active).toBe(false)
    expect(await publicPlans(dana.id)).toHaveLength(5)
  })

  it('holds the limit when plans arrive at the same moment', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    for (let i = 1; i <= 3; i++) await addPlan(dana, { ...monthly, name: `Plan ${i}` })
    // Straight to the service, so that the four transactions overlap as closely as they can.
    const results = await Promise.allSettled(
      [4, 5, 6, 7].map((i) =>
        createPlan({ db: t.database.db }, dana.id, CreatePlanBody.parse({ ...monthly, name: `Plan ${i}` })),
      ),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2)
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []))
    expect(refusals.map((e) => (e instanceof AppError ? e.reason : String(e)))).toEqual(['PLAN_LIMIT', 'PLAN_LIMIT'])
    expect(await publicPlans(dana.id)).toHaveLength(5)
  })

  it('lets only creators add plans, to their own profile, and an admin to anyone’s', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const lee = await creator(t, 'lee@example.com', 'LeeLines')
    const customer = await person(t, 'cus@example.com')
    const moderator = await person(t, 'mod@example.com', 'moderator')
    const admin = await person(t, 'admin@example.com', 'admin')

    expect((await request(t, 'POST', '/subscription-pricing', customer, monthly)).statusCode).toBe(403)
    expect((await request(t, 'POST', '/subscription-pricing', null, monthly)).statusCode).toBe(401)
    const notCreator = await request(t, 'POST', '/subscription-pricing', moderator, monthly)
    expect(notCreator.statusCode).toBe(403)
    expect(errorOf(notCreator).reason).toBe('NOT_A_CREATOR')
    const elsewhere = await request(t, 'POST', '/subscription-pricing', lee, { ...monthly, creatorId: dana.id })
    expect(elsewhere.statusCode).toBe(403)

    const byAdmin = await addPlan(admin, { ...monthly, creatorId: dana.id })
    expect(byAdmin.creator_id).toBe(dana.id)
    const unknown = await request(t, 'POST', '/subscription-pricing', admin, {
      ...monthly,
      creatorId: '6f1c1b8e-8a47-4a38-9d43-7d2e1f0e9a11',
    })
    expect(unknown.statusCode).toBe(404)
    expect(await publicPlans(lee.id)).toEqual([])
  })

  it('asks an admin for the admin password before adding a plan to another creator', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const admin = await person(t, 'admin@example.com', 'unverifiedAdmin')
    const res = await request(t, 'POST', '/subscription-pricing', admin, { ...monthly, creatorId: dana.id })
    expect(res.statusCode).toBe(403)
    expect(errorOf(res)).toMatchObject({ code: 'FORBIDDEN', reason: 'ADMIN_PASSWORD_REQUIRED' })
    expect(await publicPlans(dana.id)).toEqual([])
  })

  it('asks a visitor to sign in before looking at what they sent', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const res = await request(t, 'POST', '/subscription-pricing', null, {
      name: '',
      kind: 'lifetime',
      price_cents: -1,
      creatorId: dana.id,
    })
    expect(res.statusCode).toBe(401)
    expect(errorOf(res)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'NOT_SIGNED_IN' })
    expect(await publicPlans(dana.id)).toEqual([])
  })
})

describe('GET /api/subscription-pricing/{creatorId}', () => {
  it('shows the public active plans only; all=true adds inactive ones for the creator and admins', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const lee = await person(t, 'lee@example.com')
    const admin = await person(t, 'admin@example.com', 'admin')
    await addPlan(dana, monthly)
    await addPlan(dana, { ...dayPass, active: false })
    expect((await publicPlans(dana.id)).map((p) => p.name)).toEqual(['Monthly'])

    const all = (who: Person | null) => request(t, 'GET', `/subscription-pricing/${dana.id}?all=true`, who)
    const own = PlansAnswer.parse((await all(dana)).json()).plans
    expect(own.map((p) => [p.name, p.active])).toEqual([
      ['Monthly', true],
      ['Day pass', false],
    ])
    expect(PlansAnswer.parse((await all(admin)).json()).plans).toHaveLength(2)
    expect((await all(lee)).statusCode).toBe(403)
    expect((await all(null)).statusCode).toBe(401)

    // An admin's session without the admin password has no admin powers.
    const unverified = await person(t, 'admin2@example.com', 'unverifiedAdmin')
    const refused = await all(unverified)
    expect(refused.statusCode).toBe(403)
    expect(errorOf(refused).code).toBe('FORBIDDEN')
  })

  it('answers 404 for someone who is not a creator and 400 for a bad query', async () => {
    const lee = await person(t, 'lee@example.com')
    expect((await request(t, 'GET', `/subscription-pricing/${lee.id}`, null)).statusCode).toBe(404)
    const bad = await request(t, 'GET', `/subscription-pricing/${lee.id}?all=maybe`, null)
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad).details?.[0]?.field).toBe('query.all')
  })
})

describe('PUT /api/subscription-pricing/{id}', () => {
  it('changes what is sent and keeps the rest', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const plan = await addPlan(dana, monthly)
    const res = await changePlan(dana, plan.id, { name: 'Monthly VIP', price_cents: 3900 })
    expect(res.statusCode, res.body).toBe(200)
    expect(PlanAnswer.parse(res.json()).plan).toMatchObject({
      id: plan.id,
      name: 'Monthly VIP',
      price_cents: 3900,
      interval: 'month',
      trial_days: 7,
      active: true,
    })
  })

  it('switching kind drops the old kind’s terms, and asks for the new ones', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const plan = await addPlan(dana, monthly)
    const missing = await changePlan(dana, plan.id, { kind: 'one_time' })
    expect(missing.statusCode).toBe(400)
    expect(errorOf(missing).details).toEqual([
      { field: 'body.access_days', message: expect.stringContaining('Choose how many days') },
    ])
    const pass = await changePlan(dana, plan.id, { kind: 'one_time', access_days: 7 })
    expect(PlanAnswer.parse(pass.json()).plan).toMatchObject({
      kind: 'one_time',
      interval: null,
      access_days: 7,
      trial_days: 0,
    })
    const trial = await changePlan(dana, plan.id, { trial_days: 5 })
    expect(errorOf(trial).details).toEqual([
      { field: 'body.trial_days', message: 'One-time passes have no free trial' },
    ])
    const back = await changePlan(dana, plan.id, { kind: 'subscription', interval: 'year' })
    expect(PlanAnswer.parse(back.json()).plan).toMatchObject({
      kind: 'subscription',
      interval: 'year',
      access_days: null,
    })
  })

  it.each([
    [{ price_cents: 50 }, 'body.price_cents'],
    [{ trial_days: 45 }, 'body.trial_days'],
    [{ interval: null }, 'body.interval'],
    [{ creator_id: '6f1c1b8e-8a47-4a38-9d43-7d2e1f0e9a11' }, 'body'],
  ])('refuses %j naming %s and leaves the plan alone', async (change, field) => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const plan = await addPlan(dana, monthly)
    const res = await changePlan(dana, plan.id, change)
    expect(res.statusCode).toBe(400)
    expect(errorOf(res).details?.map((d) => d.field)).toEqual([field])
    expect(await publicPlans(dana.id)).toEqual([plan])
  })

  it('re-activating a plan counts against the limit of 5', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const plans: Plan[] = []
    for (let i = 1; i <= 5; i++) plans.push(await addPlan(dana, { ...monthly, name: `Plan ${i}` }))
    const parked = await addPlan(dana, { ...monthly, name: 'Parked', active: false })
    const refused = await changePlan(dana, parked.id, { active: true })
    expect(refused.statusCode).toBe(409)
    expect(errorOf(refused).reason).toBe('PLAN_LIMIT')
    // Changing an active plan while at the limit is fine.
    expect((await changePlan(dana, plans[0]!.id, { active: true, price_cents: 4900 })).statusCode).toBe(200)

    expect((await changePlan(dana, plans[0]!.id, { active: false })).statusCode).toBe(200)
    expect((await changePlan(dana, parked.id, { active: true })).statusCode).toBe(200)
    expect((await publicPlans(dana.id)).map((p) => p.name)).toContain('Parked')
  })

  it('is for the plan’s creator and admins only', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const lee = await creator(t, 'lee@example.com', 'LeeLines')
    const admin = await person(t, 'admin@example.com', 'admin')
    const plan = await addPlan(dana, monthly)
    const refused = await changePlan(lee, plan.id, { price_cents: 100 })
    expect(refused.statusCode).toBe(403)
    expect((await changePlan(null, plan.id, { price_cents: 100 })).statusCode).toBe(401)
    expect((await publicPlans(dana.id))[0]?.price_cents).toBe(2900)
    const byAdmin = await changePlan(admin, plan.id, { active: false })
    expect(byAdmin.statusCode).toBe(200)
    expect(await publicPlans(dana.id)).toEqual([])
    expect((await changePlan(dana, '6f1c1b8e-8a47-4a38-9d43-7d2e1f0e9a11', { active: true })).statusCode).toBe(404)
    expect((await changePlan(dana, 'plan-1', { active: true })).statusCode).toBe(400)
  })

  it("asks an admin for the admin password before changing another creator's plan", async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const admin = await person(t, 'admin@example.com', 'unverifiedAdmin')
    const plan = await addPlan(dana, monthly)
    const res = await changePlan(admin, plan.id, { active: false })
    expect(res.statusCode).toBe(403)
    expect(errorOf(res)).toMatchObject({ code: 'FORBIDDEN', reason: 'ADMIN_PASSWORD_REQUIRED' })
    expect(await publicPlans(dana.id)).toEqual([plan])
  })

  it('asks a visitor to sign in before looking at what they sent', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const plan = await addPlan(dana, monthly)
    const res = await changePlan(null, plan.id, { price_cents: 50, creator_id: dana.id })
    expect(res.statusCode).toBe(401)
    expect(errorOf(res)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'NOT_SIGNED_IN' })
    expect((await changePlan(null, 'plan-1', { active: 'maybe' })).statusCode).toBe(401)
    expect(await publicPlans(dana.id)).toEqual([plan])
  })
})

describe("the creator's lowest price and stats", () => {
  it('follow every plan change', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    expect(await stats(dana.id)).toMatchObject({ active_plans: 0, lowest_price_cents: null, plans: [] })

    const sub = await addPlan(dana, monthly)
    const pass = await addPlan(dana, dayPass)
    await addPlan(dana, { ...monthly, name: 'Cheap but parked', price_cents: 100, active: false })
    const after = await stats(dana.id)
    expect(after).toMatchObject({
      creator_id: dana.id,
      active_plans: 2,
      lowest_price_cents: 999,
      currency: 'usd',
      subscriber_count: 0,
      picks_count: 0,
      record: { wins: 0, losses: 0, pushes: 0, pending: 0, by_sport: {} },
    })
    expect(after.plans.map((p) => p.id)).toEqual([pass.id, sub.id])

    await changePlan(dana, pass.id, { price_cents: 4900 })
    expect((await stats(dana.id)).lowest_price_cents).toBe(2900)
    await changePlan(dana, sub.id, { active: false })
    expect((await stats(dana.id)).lowest_price_cents).toBe(4900)
    await changePlan(dana, pass.id, { active: false })
    expect(await stats(dana.id)).toMatchObject({ active_plans: 0, lowest_price_cents: null, plans: [] })
  })
})

describe('the shop with its read cache on', () => {
  let cached: TestApp

  beforeAll(async () => {
    cached = await buildTestApp({ shopCacheTtlMs: 60_000 })
  })
  afterAll(async () => {
    await cached.app.close()
  })

  async function shopPrices() {
    const res = await request(cached, 'GET', '/creators/paginated?sortBy=price-low', null)
    return CreatorsPage.parse(res.json()).creators.map((c) => [c.username, c.price_cents])
  }

  it('shows a new creator, a new plan, a price change and a deactivation at once', async () => {
    expect(await shopPrices()).toEqual([])
    const dana = await creator(cached, 'dana@example.com', 'SharpDana')
    expect(await shopPrices()).toEqual([['SharpDana', null]])
    const plan = await addPlan(dana, monthly, cached)
    expect(await shopPrices()).toEqual([['SharpDana', 2900]])
    await changePlan(dana, plan.id, { price_cents: 1900 }, cached)
    expect(await shopPrices()).toEqual([['SharpDana', 1900]])
    await changePlan(dana, plan.id, { active: false }, cached)
    expect(await shopPrices()).toEqual([['SharpDana', null]])
    await request(cached, 'PUT', `/creators/${dana.id}/profile`, dana, { username: 'DanaBuckets' })
    expect(await shopPrices()).toEqual([['DanaBuckets', null]])
    await request(cached, 'PUT', `/users/${dana.id}/profile`, dana, { name: 'Dana Sharp' })
    const names = CreatorsPage.parse((await request(cached, 'GET', '/creators/paginated', null)).json())
    expect(names.creators.map((c) => c.name)).toEqual(['Dana Sharp'])
  })
})

describe('the OpenAPI document', () => {
  it('lists the creator and plan endpoints under their tags', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>
    }
    const tagOf = (path: string, method: string) => doc.paths[path]?.[method]?.tags
    expect(tagOf('/users/{userId}/register-creator', 'post')).toEqual(['creators'])
    expect(tagOf('/creators/{id}', 'get')).toEqual(['creators'])
    expect(tagOf('/creators/{id}/profile', 'put')).toEqual(['creators'])
    expect(tagOf('/creators/{id}/share-link', 'get')).toEqual(['creators'])
    expect(tagOf('/subscription-pricing/{id}', 'get')).toEqual(['plans'])
    expect(tagOf('/subscription-pricing', 'post')).toEqual(['plans'])
    expect(tagOf('/subscription-pricing/{id}', 'put')).toEqual(['plans'])
  })
})
