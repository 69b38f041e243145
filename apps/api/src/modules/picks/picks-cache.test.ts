import { CreatorAnswer, CreatorByUsername, CreatorRecord, LeaderboardAnswer, PicksAnswer } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest'
import { buildApp } from '../../app.ts'
import { testOrigin } from '../../test/accounts.ts'
import { purchases } from '../purchases/purchases.table.ts'
import { buildTestApp, testConfig, type TestApp } from '../../test/build-test-app.ts'
import { addPlan, buy, creator, dayPass, onboard } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import { createFakeOdds, dayMs, hourMs, pickBody, postPick } from './picks-test-support.ts'

/**
 * Decision 050: the public reads every visitor shares (the feeds, a creator's picks, records, the
 * leaderboard, profiles and username lookups) come from a shared cache whose time to live here is
 * far longer than any test, so an answer that changed after a write can only have been forgotten
 * by that write's notice. So is the per-customer cache of entitlements (the session cache's).
 */

const cacheTtlMs = 300_000
let t: TestApp
const start = new Date('2026-11-23T12:00:00Z')
let clock = new Date(start)

beforeAll(async () => {
  t = await buildTestApp(
    { shopCacheTtlMs: cacheTtlMs, sessionCacheTtlMs: cacheTtlMs },
    { now: () => clock, odds: createFakeOdds(() => clock).provider },
  )
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = new Date(start)
})

async function visitorGet<T>(url: string, schema: { parse(value: unknown): T }, app = t.app): Promise<T> {
  const res = await app.inject({ method: 'GET', url: `/api${url}`, headers: { origin: testOrigin } })
  expect(res.statusCode, res.body).toBe(200)
  return schema.parse(res.json())
}

const feed = (url = '/picks') => visitorGet(url, PicksAnswer)
const gameIn = (hours: number) => new Date(start.getTime() + hours * hourMs).toISOString()

/** Reads every cached view of `who`'s picks once, so each is in the cache before a write. */
async function warm(who: Person) {
  await feed()
  await feed('/picks?sport=nba')
  await feed(`/picks/user/${who.id}`)
  await visitorGet(`/creators/${who.id}/record`, CreatorRecord)
  await visitorGet('/leaderboard', LeaderboardAnswer)
}

describe('the shared read cache of public picks', () => {
  it('shows a posted, edited and deleted pick in every feed at once', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    await warm(dana)
    expect((await feed()).total).toBe(0)

    const id = await postPick(t, dana, pickBody({ game_date: gameIn(8) }))
    expect((await feed()).picks.map((p) => p.id)).toEqual([id])
    expect((await feed('/picks?sport=nba')).total).toBe(1)
    expect((await feed(`/picks/user/${dana.id}`)).total).toBe(1)
    expect((await visitorGet(`/creators/${dana.id}/record`, CreatorRecord)).pending).toBe(1)

    const edited = await request(
      t,
      'PUT',
      `/picks/${id}`,
      dana,
      pickBody({ game_date: gameIn(8), reasoning: 'Knicks without their point guard tonight.' }),
    )
    expect(edited.statusCode, edited.body).toBe(200)
    expect((await feed()).picks[0]?.reasoning).toBe('Knicks without their point guard tonight.')

    expect((await request(t, 'DELETE', `/picks/${id}`, dana)).statusCode).toBe(204)
    expect((await feed()).total).toBe(0)
    expect((await feed(`/picks/user/${dana.id}`)).total).toBe(0)
    expect((await visitorGet(`/creators/${dana.id}/record`, CreatorRecord)).pending).toBe(0)
  })

  it('shows a grade in the feed, the record and the leaderboard at once', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const ids: string[] = []
    for (let i = 0; i < 10; i++) ids.push(await postPick(t, dana, pickBody({ game_date: gameIn(1 + i * 0.1) })))
    clock = new Date(start.getTime() + 6 * hourMs)
    for (const id of ids.slice(0, 9)) {
      expect((await request(t, 'POST', `/picks/${id}/grade`, dana, { result: 'won' })).statusCode).toBe(200)
    }
    await warm(dana)
    const before = await visitorGet('/leaderboard', LeaderboardAnswer)

    const last = ids[9] as string
    expect((await request(t, 'POST', `/picks/${last}/grade`, dana, { result: 'lost' })).statusCode).toBe(200)
    expect((await feed()).picks.find((p) => p.id === last)?.result).toBe('lost')
    expect((await feed(`/picks/user/${dana.id}`)).picks.find((p) => p.id === last)?.result).toBe('lost')
    expect(await visitorGet(`/creators/${dana.id}/record`, CreatorRecord)).toMatchObject({ wins: 9, losses: 1 })
    const after = await visitorGet('/leaderboard', LeaderboardAnswer)
    expect(after).not.toEqual(before)
    expect(after.entries[0]?.record).toMatchObject({ wins: 9, losses: 1 })
  })

  it('takes a pick a moderator hides out of the feeds at once, and puts it back on restore', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const mod = await person(t, 'mod@example.com', 'moderator')
    const id = await postPick(t, dana, pickBody({ game_date: gameIn(8) }))
    await warm(dana)
    expect((await feed()).total).toBe(1)

    expect((await request(t, 'POST', `/moderation/picks/${id}/hide`, mod, { note: 'Copied pick' })).statusCode).toBe(
      200,
    )
    expect((await feed()).total).toBe(0)
    expect((await feed(`/picks/user/${dana.id}`)).total).toBe(0)

    expect((await request(t, 'POST', `/moderation/picks/${id}/restore`, mod, { note: 'Appeal' })).statusCode).toBe(200)
    expect((await feed()).total).toBe(1)
  })

  it("shows a creator's new username and hidden storefront in profiles, lookups and feeds at once", async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const mod = await person(t, 'mod@example.com', 'moderator')
    await postPick(t, dana, pickBody({ game_date: gameIn(8) }))
    await warm(dana)
    expect((await visitorGet(`/creators/${dana.id}`, CreatorAnswer)).creator.username).toBe('SharpDana')
    expect((await visitorGet('/creator/SharpDana', CreatorByUsername)).creator.id).toBe(dana.id)

    const renamed = await request(t, 'PUT', `/creators/${dana.id}/profile`, dana, { username: 'DanaLocks' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect((await visitorGet(`/creators/${dana.id}`, CreatorAnswer)).creator.username).toBe('DanaLocks')
    expect((await visitorGet('/creator/DanaLocks', CreatorByUsername)).creator.id).toBe(dana.id)
    expect((await feed()).picks[0]?.creator.username).toBe('DanaLocks')

    const hidden = await request(t, 'POST', `/moderation/creators/${dana.id}/hide`, mod, { note: 'Impersonation' })
    expect(hidden.statusCode, hidden.body).toBe(200)
    const profile = await request(t, 'GET', `/creators/${dana.id}`, null)
    expect(profile.statusCode).toBe(404)
    expect((await request(t, 'GET', '/creator/DanaLocks', null)).statusCode).toBe(404)
    expect((await feed()).total).toBe(0)
    // Their own page still tells them what the public does not see.
    const own = await request(t, 'GET', `/creators/${dana.id}`, dana)
    expect(own.json()).toMatchObject({ hidden_from_public: true })
  })

  it('closes a pick in the cached feed once its game starts, without a write', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    // The game starts well within the cache's time to live: only the answer's own end can close it.
    const startsAt = new Date(start.getTime() + 2 * 60_000)
    await postPick(t, dana, pickBody({ game_date: startsAt.toISOString() }))
    expect((await feed()).picks[0]?.is_closed).toBe(false)
    clock = new Date(startsAt.getTime() - 1)
    expect((await feed()).picks[0]?.is_closed).toBe(false)
    clock = startsAt
    expect((await feed()).picks[0]?.is_closed).toBe(true)
  })

  it("answers a signed-in reader for themself, not from the visitors' cache", async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    await postPick(t, dana, pickBody({ game_date: gameIn(8) }, { is_premium: true }))
    await warm(dana)
    expect((await feed()).picks[0]?.locked).toBe(true)
    const own = await request(t, 'GET', '/picks', dana)
    expect((PicksAnswer.parse(own.json()).picks[0] ?? { locked: true }).locked).toBe(false)
    expect(own.headers.etag).toBeUndefined()
  })

  it("shares a subscriber's feed with everyone entitled to the same creators, and follows each one's entitlements", async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const eve = await creator(t, 'eve@example.com', 'EveEdges')
    const passOf = async (who: Person) => {
      await onboard(t, who)
      return (await addPlan(t, who, dayPass)).id
    }
    const danaPass = await passOf(dana)
    const evePass = await passOf(eve)
    const pat = await person(t, 'pat@example.com')
    const sue = await person(t, 'sue@example.com')
    const premium = { is_premium: true }
    const danas = await postPick(
      t,
      dana,
      pickBody({ game_date: gameIn(30), reasoning: 'Only on Dana’s page.' }, premium),
    )
    clock = new Date(clock.getTime() + 60_000)
    const eves = await postPick(t, eve, pickBody({ game_date: gameIn(30), reasoning: 'Only on Eve’s page.' }, premium))
    const subscribed = async (who: Person) => {
      const res = await request(t, 'GET', `/picks/subscribed/${who.id}`, who)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers.etag).toBeUndefined()
      return PicksAnswer.parse(res.json())
    }
    const idsOf = async (who: Person) => (await subscribed(who)).picks.map((p) => p.id)

    expect(await subscribed(pat)).toEqual({ picks: [], total: 0, limit: 30, offset: 0 })
    await buy(t, pat, danaPass)
    const patsFeed = await subscribed(pat)
    expect(patsFeed.picks.map((p) => [p.id, p.locked, p.reasoning])).toEqual([[danas, false, 'Only on Dana’s page.']])
    // Sue, entitled to the same creator, reads the same page; then to Eve's as well, a page of her own.
    await buy(t, sue, danaPass)
    expect(await subscribed(sue)).toEqual(patsFeed)
    await buy(t, sue, evePass)
    expect(await idsOf(sue)).toEqual([eves, danas])
    expect(await idsOf(pat)).toEqual([danas])

    // A new pick reaches both pages at once; the passes ending empties them without a write.
    clock = new Date(clock.getTime() + 60_000)
    const later = await postPick(t, dana, pickBody({ game_date: gameIn(31) }, premium))
    expect(await idsOf(pat)).toEqual([later, danas])
    expect(await idsOf(sue)).toEqual([later, eves, danas])
    clock = new Date(start.getTime() + 2 * dayMs)
    expect((await subscribed(pat)).total).toBe(0)
    expect((await subscribed(sue)).total).toBe(0)
  })

  /** Pat, with a day pass to Dana's premium pick; `total()` is the size of Pat's subscribed feed now. */
  async function patWithDanasPass() {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    await onboard(t, dana)
    const pass = (await addPlan(t, dana, dayPass)).id
    const pat = await person(t, 'pat@example.com')
    await postPick(t, dana, pickBody({ game_date: gameIn(60) }, { is_premium: true }))
    await buy(t, pat, pass)
    const total = async () => {
      const res = await request(t, 'GET', `/picks/subscribed/${pat.id}`, pat)
      expect(res.statusCode, res.body).toBe(200)
      return PicksAnswer.parse(res.json()).total
    }
    return { pat, total }
  }

  it("follows a purchase changed behind the app's back (a webhook, the worker) once the database's notice arrives", async () => {
    const { pat, total } = await patWithDanasPass()
    expect(await total()).toBe(1)
    // Written straight to the table, as another process would: only the trigger's notice tells this one.
    await t.database.db
      .update(purchases)
      .set({ status: 'canceled', endedAt: clock })
      .where(eq(purchases.userId, pat.id))
    await vi.waitFor(async () => expect(await total()).toBe(0), { timeout: 5_000 })
  })

  it("forgets a customer's entitlements when their pass ends, without a write", async () => {
    const { pat, total } = await patWithDanasPass()
    const [bought] = await t.database.db
      .select({ end: purchases.currentPeriodEnd })
      .from(purchases)
      .where(eq(purchases.userId, pat.id))
    const end = bought?.end?.getTime() ?? Number.NaN
    // Both reads fall well within the caches' time to live.
    clock = new Date(end - 60_000)
    expect(await total()).toBe(1)
    clock = new Date(end + 60_000)
    expect(await total()).toBe(0)
  })

  it('keeps totals exact as picks come and go', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      ids.push(await postPick(t, dana, pickBody({ game_date: gameIn(8 + i) })))
      expect((await feed('/picks?limit=2')).total).toBe(i + 1)
    }
    expect((await request(t, 'DELETE', `/picks/${ids[0]}`, dana)).statusCode).toBe(204)
    expect(await feed('/picks?limit=2&offset=2')).toMatchObject({ total: 4, limit: 2, offset: 2 })
  })

  it('gives a cached answer its ETag and a 304 to a visitor who has it', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    await postPick(t, dana, pickBody({ game_date: gameIn(8) }))
    const first = await request(t, 'GET', '/picks', null)
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^W\//)
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/picks',
      headers: { origin: testOrigin, 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })
})

// PGlite is embedded: a second API instance on the same database stands for a second process, as in
// scale-out.test.ts (which also runs real processes on PostgreSQL).
describe.runIf(inject('testDatabase').kind === 'pglite')('the shared read cache across two API instances', () => {
  let other: FastifyInstance
  beforeAll(async () => {
    other = await buildApp(testConfig({ shopCacheTtlMs: cacheTtlMs }), {
      database: { ...t.database, close: async () => {} },
      now: () => clock,
      odds: createFakeOdds(() => clock).provider,
    })
    await other.ready()
  })
  afterAll(async () => {
    await other.close()
  })

  it("shows a pick posted through one instance in the other's cached feeds once the notice arrives", async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    expect((await visitorGet('/picks', PicksAnswer, other)).total).toBe(0)
    expect((await visitorGet(`/creators/${dana.id}/record`, CreatorRecord, other)).pending).toBe(0)
    await postPick(t, dana, pickBody({ game_date: new Date(start.getTime() + dayMs).toISOString() }))
    await vi.waitFor(async () => expect((await visitorGet('/picks', PicksAnswer, other)).total).toBe(1), {
      timeout: 5_000,
    })
    expect((await visitorGet(`/creators/${dana.id}/record`, CreatorRecord, other)).pending).toBe(1)
  })
})
