import { CreatorsPage, ErrorBody } from '@picks/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createCreator } from '../../test/factories.ts'

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

async function shop(query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/creators/paginated${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return CreatorsPage.parse(res.json())
}

function errorOf(body: string) {
  return ErrorBody.parse(JSON.parse(body)).error
}

describe('GET /api/creators/paginated', () => {
  it('returns the first page of 20 by name with the total and whether more remain', async () => {
    for (let i = 0; i < 23; i++) await createCreator(t.database.db, { name: `Creator ${String(i).padStart(2, '0')}` })
    const page = await shop()
    expect(page.page).toBe(1)
    expect(page.limit).toBe(20)
    expect(page.total).toBe(23)
    expect(page.hasMore).toBe(true)
    expect(page.creators.map((c) => c.name).slice(0, 3)).toEqual(['Creator 00', 'Creator 01', 'Creator 02'])

    const last = await shop('?page=2')
    expect(last.creators.map((c) => c.name)).toEqual(['Creator 20', 'Creator 21', 'Creator 22'])
    expect(last.hasMore).toBe(false)
  })

  it('never repeats or skips a creator across pages when names tie', async () => {
    for (let i = 0; i < 7; i++) await createCreator(t.database.db, { name: 'Same Name' })
    const seen = [
      ...(await shop('?limit=3')).creators,
      ...(await shop('?limit=3&page=2')).creators,
      ...(await shop('?limit=3&page=3')).creators,
    ]
    expect(new Set(seen.map((c) => c.id)).size).toBe(7)
  })

  it('filters by any of several sports given as a comma list', async () => {
    await createCreator(t.database.db, { name: 'Hoops', specialtySport: 'nba' })
    await createCreator(t.database.db, { name: 'Gridiron', specialtySport: 'nfl' })
    await createCreator(t.database.db, { name: 'Both', specialtySport: 'mlb', otherSports: ['nfl'] })
    await createCreator(t.database.db, { name: 'Ice', specialtySport: 'nhl' })

    expect((await shop('?sports=nfl')).creators.map((c) => c.name)).toEqual(['Both', 'Gridiron'])
    expect((await shop('?sports=nba,%20NHL,')).creators.map((c) => c.name)).toEqual(['Hoops', 'Ice'])
  })

  it('searches name, username and bio case-insensitively, treating % and _ literally', async () => {
    await createCreator(t.database.db, { name: 'Sharp Sam', username: 'sam_lines', bio: 'Totals only' })
    await createCreator(t.database.db, { name: 'Dana', username: 'dana_dogs', bio: 'Underdog SPECIALIST' })
    await createCreator(t.database.db, { name: 'Percent', username: 'pct_guy', bio: 'Wins 60% of the time' })

    expect((await shop('?search=sharp')).creators.map((c) => c.name)).toEqual(['Sharp Sam'])
    expect((await shop('?search=DANA_DOGS')).creators.map((c) => c.name)).toEqual(['Dana'])
    expect((await shop('?search=specialist')).creators.map((c) => c.name)).toEqual(['Dana'])
    expect((await shop('?search=60%25')).creators.map((c) => c.name)).toEqual(['Percent'])
    expect((await shop('?search=%25')).total).toBe(1)
    expect((await shop('?search=nobody')).creators).toEqual([])
  })

  it('sorts by lowest active plan price in both directions, creators without plans last', async () => {
    await createCreator(t.database.db, { name: 'Cheap', planPricesCents: [1500, 4900] })
    await createCreator(t.database.db, { name: 'Dear', planPricesCents: [9900], inactivePlanPricesCents: [500] })
    await createCreator(t.database.db, { name: 'Mid', planPricesCents: [2900] })
    await createCreator(t.database.db, { name: 'Nothing yet' })

    const low = await shop('?sortBy=price-low')
    expect(low.creators.map((c) => [c.name, c.price_cents])).toEqual([
      ['Cheap', 1500],
      ['Mid', 2900],
      ['Dear', 9900],
      ['Nothing yet', null],
    ])
    expect((await shop('?sortBy=price-high')).creators.map((c) => c.name)).toEqual([
      'Dear',
      'Mid',
      'Cheap',
      'Nothing yet',
    ])
  })

  it('sorts newest first', async () => {
    await createCreator(t.database.db, { name: 'Old', createdAt: new Date('2024-01-01T00:00:00Z') })
    await createCreator(t.database.db, { name: 'New', createdAt: new Date('2026-01-01T00:00:00Z') })
    expect((await shop('?sortBy=newest')).creators.map((c) => c.name)).toEqual(['New', 'Old'])
  })

  it('returns public fields only, never an e-mail address', async () => {
    await createCreator(t.database.db, { name: 'Private', profilePicture: '🏀' })
    const res = await t.app.inject({ method: 'GET', url: '/api/creators/paginated' })
    expect(res.body).not.toContain('@test.example')
    expect(shopCreator(res.json())).toMatchObject({
      name: 'Private',
      profile_picture: '🏀',
      sports: ['nba'],
      currency: 'usd',
    })
  })

  it.each([
    ['?page=0', 'query.page'],
    ['?page=abc', 'query.page'],
    ['?limit=101', 'query.limit'],
    ['?limit=-1', 'query.limit'],
    ['?sortBy=price', 'query.sortBy'],
    ['?sports=nba,darts', 'query.sports.1'],
    [`?search=${'x'.repeat(101)}`, 'query.search'],
  ])('rejects %s with a 400 naming %s', async (query, field) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/creators/paginated${query}` })
    expect(res.statusCode).toBe(400)
    const error = errorOf(res.body)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.details?.map((d) => d.field)).toContain(field)
    expect(error.message).toContain(field)
    expect(error.requestId).toBe(res.headers['x-request-id'])
  })
})

function shopCreator(body: unknown) {
  return CreatorsPage.parse(body).creators[0]
}

describe('GET /api/creators', () => {
  it('lists creators by name up to the requested limit', async () => {
    await createCreator(t.database.db, { name: 'Beta' })
    await createCreator(t.database.db, { name: 'alpha' })
    await createCreator(t.database.db, { name: 'Gamma' })
    const res = await t.app.inject({ method: 'GET', url: '/api/creators?limit=2' })
    expect(res.statusCode).toBe(200)
    expect(res.json().creators.map((c: { name: string }) => c.name)).toEqual(['alpha', 'Beta'])
  })

  it('rejects a limit over 100', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/creators?limit=1000' })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res.body).details?.[0]?.field).toBe('query.limit')
  })
})

describe('GET /api/creators/{id}/stats', () => {
  it("counts a creator's active plans and lowest price", async () => {
    const { id } = await createCreator(t.database.db, { planPricesCents: [2500, 1900], inactivePlanPricesCents: [900] })
    const res = await t.app.inject({ method: 'GET', url: `/api/creators/${id}/stats` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ creator_id: id, active_plans: 2, lowest_price_cents: 1900, currency: 'usd' })
  })

  it('answers 404 for an unknown creator and 400 for an id that is not a UUID', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/creators/6f1c1b8e-8a47-4a38-9d43-7d2e1f0e9a11/stats',
    })
    expect(missing.statusCode).toBe(404)
    expect(errorOf(missing.body).code).toBe('NOT_FOUND')
    const bad = await t.app.inject({ method: 'GET', url: '/api/creators/42/stats' })
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad.body).details?.[0]?.field).toBe('params.id')
  })
})

describe('GET /api/creator/{username}', () => {
  it('finds a creator by username regardless of case', async () => {
    const { id } = await createCreator(t.database.db, { username: 'SharpSam' })
    const res = await t.app.inject({ method: 'GET', url: '/api/creator/sharpsam' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, creator: { id, username: 'SharpSam' } })
  })

  it('answers 404 for an unknown username and 400 for one that cannot exist', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/creator/nobody_here' })).statusCode).toBe(404)
    const bad = await t.app.inject({ method: 'GET', url: '/api/creator/no%20spaces%21' })
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad.body).details?.[0]?.field).toBe('params.username')
  })
})

describe('the shop with its read cache on', () => {
  let cached: TestApp
  const ttlMs = 60_000
  // The app's clock, which the cache reads: the test moves it past the time to live instead of
  // waiting for it. It starts at the real time so that everything else in the app sees a real date.
  let aheadMs = 0
  const now = () => new Date(Date.now() + aheadMs)

  beforeAll(async () => {
    cached = await buildTestApp({ shopCacheTtlMs: ttlMs }, { now })
  })
  afterAll(async () => {
    await cached.app.close()
  })

  async function get(url: string) {
    const res = await cached.app.inject({ method: 'GET', url })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    return res.body
  }

  it('serves the same bytes for the same shop however the query is spelled, until the cache time passes', async () => {
    await createCreator(cached.database.db, { name: 'Hoops', specialtySport: 'nba' })
    await createCreator(cached.database.db, { name: 'Gridiron', specialtySport: 'nfl' })

    const first = await get('/api/creators/paginated?sports=nba,nfl')
    expect(CreatorsPage.parse(JSON.parse(first)).total).toBe(2)
    await createCreator(cached.database.db, { name: 'Late Arrival', specialtySport: 'nba' })
    expect(await get('/api/creators/paginated?sports=NFL,nba')).toBe(first)

    aheadMs += ttlMs
    const fresh = CreatorsPage.parse(JSON.parse(await get('/api/creators/paginated?sports=nba,nfl')))
    expect(fresh.total).toBe(3)
    expect(fresh.creators.map((c) => c.name)).toEqual(['Gridiron', 'Hoops', 'Late Arrival'])

    const list = JSON.parse(await get('/api/creators?limit=2')) as { creators: Array<{ name: string }> }
    expect(list.creators.map((c) => c.name)).toEqual(['Gridiron', 'Hoops'])
  })
})
