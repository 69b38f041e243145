import { ErrorBody, ShareLinkResults, type ShareLink } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, testConfig, type TestApp } from '../../test/build-test-app.ts'
import { addPlan, buy, creator, dayPass, monthlyPlan, onboard, startCheckout } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import {
  shareLinkOf,
  signUpWith,
  touchSetCookie,
  visitProfile,
  visitThroughLink,
  type Visitor,
} from '../../test/share-link-visits.ts'
import { creatorReferralSignups } from '../creators/creator-links.table.ts'
import { referralCookieName, sealTouch } from '../creators/referral-touch.ts'
import { purchases } from '../purchases/purchases.table.ts'

let t: TestApp
let clock = new Date('2026-03-10T12:00:00Z')
const dayMs = 24 * 60 * 60 * 1000
const { authSecret } = testConfig()

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = new Date('2026-03-10T12:00:00Z')
})

function later(ms: number): void {
  clock = new Date(clock.getTime() + ms)
}

const alice: Visitor = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (Alice)' }
const bob: Visitor = { ip: '198.51.100.20', userAgent: 'Mozilla/5.0 (Bob)' }

interface Shop {
  who: Person
  link: ShareLink
  monthly: string
  pass: string
}

/** A creator who takes payments, with a monthly plan, a day pass and their share link. */
async function shop(email: string, username: string): Promise<Shop> {
  const who = await creator(t, email, username)
  await onboard(t, who)
  const monthly = (await addPlan(t, who, monthlyPlan)).id
  const pass = (await addPlan(t, who, dayPass)).id
  return { who, link: await shareLinkOf(t, who), monthly, pass }
}

async function results(creatorId: string, who: Person, query = ''): Promise<ShareLinkResults> {
  const res = await request(t, 'GET', `/creators/${creatorId}/share-link/results${query}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return ShareLinkResults.parse(res.json())
}

async function signupsOf(creatorId: string) {
  return t.database.db.select().from(creatorReferralSignups).where(eq(creatorReferralSignups.creatorId, creatorId))
}

async function referralOf(purchaseId: string) {
  const [row] = await t.database.db
    .select({ source: purchases.referralSource, code: purchases.referralCode, at: purchases.referredAt })
    .from(purchases)
    .where(eq(purchases.id, purchaseId))
  return row
}

const notCredited = { source: null, code: null, at: null }

describe('attribution through a share link', () => {
  it('counts a visit, the sign-up and the first purchase that followed once each', async () => {
    const dana = await shop('dana@example.com', 'SharpDana')
    const visitedAt = clock
    const touch = await visitThroughLink(t, dana.link, alice)
    // The same visitor again the same day: the cookie is renewed, the visit not counted twice.
    later(60 * 60 * 1000)
    await visitThroughLink(t, dana.link, alice)

    later(60 * 60 * 1000)
    const pat = await signUpWith(t, 'pat@example.com', touch)
    expect(await signupsOf(dana.who.id)).toEqual([
      { userId: pat.id, creatorId: dana.who.id, code: dana.link.code, visitedAt, signedUpAt: clock },
    ])

    // A checkout never paid is not a purchase yet.
    const { purchase: unpaid } = await startCheckout(t, pat, dana.pass)
    expect(await referralOf(unpaid.id)).toEqual({ source: 'share_link', code: dana.link.code, at: visitedAt })
    expect((await results(dana.who.id, dana.who)).totals).toEqual({ visits: 1, signups: 1, first_purchases: 0 })

    later(60 * 60 * 1000)
    const first = await buy(t, pat, dana.monthly)
    expect(await referralOf(first)).toEqual({ source: 'share_link', code: dana.link.code, at: visitedAt })
    // A second purchase through the link is kept with the purchase but is no first purchase.
    const second = await buy(t, pat, dana.pass)
    expect(await referralOf(second)).toEqual({ source: 'share_link', code: dana.link.code, at: visitedAt })

    const answer = await results(dana.who.id, dana.who)
    expect(answer.days).toHaveLength(30)
    expect(answer.days.at(-1)).toEqual({ date: '2026-03-10', visits: 1, signups: 1, first_purchases: 1 })
    expect(answer.days.slice(0, -1).every((d) => d.visits + d.signups + d.first_purchases === 0)).toBe(true)
    expect(answer.totals).toEqual({ visits: 1, signups: 1, first_purchases: 1 })
    expect(answer.all_time).toEqual({ visits: 1, signups: 1, first_purchases: 1 })
    expect(answer.attribution_days).toBe(30)
  })

  it('sets the touch as an httpOnly, Lax cookie for 30 days, only for the creator’s own code', async () => {
    const dana = await shop('dana@example.com', 'SharpDana')
    const lee = await shop('lee@example.com', 'LeeLines')
    const set = touchSetCookie(await visitProfile(t, `SharpDana?ref=${dana.link.code}`, alice))
    expect(set?.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Max-Age=2592000', 'Path=/', 'SameSite=Lax'])
    // Lee's code on Dana's profile, an unknown code and no code leave the browser's touch alone.
    for (const path of [`SharpDana?ref=${lee.link.code}`, 'SharpDana?ref=not-a-code', 'SharpDana']) {
      expect(touchSetCookie(await visitProfile(t, path, alice))).toBeNull()
    }
  })

  it('credits a visit 30 days before, but not 31', async () => {
    const dana = await shop('dana@example.com', 'SharpDana')
    const touch = await visitThroughLink(t, dana.link, alice)

    later(30 * dayMs)
    const pat = await signUpWith(t, 'pat@example.com', touch)
    const onTime = await buy(t, pat, dana.pass)
    expect((await referralOf(onTime))?.source).toBe('share_link')

    later(dayMs)
    const lee = await signUpWith(t, 'lee@example.com', touch)
    expect((await signupsOf(dana.who.id)).map((s) => s.userId)).toEqual([pat.id])
    expect(await referralOf(await buy(t, lee, dana.pass))).toEqual(notCredited)
    expect(await referralOf(await buy(t, pat, dana.monthly))).toEqual(notCredited)

    const answer = await results(dana.who.id, dana.who)
    expect(answer.totals).toEqual({ visits: 0, signups: 1, first_purchases: 1 })
    expect(answer.all_time).toEqual({ visits: 1, signups: 1, first_purchases: 1 })
  })

  it('credits the last link followed: a later visit through another creator’s link takes the purchase', async () => {
    const dana = await shop('dana@example.com', 'SharpDana')
    const lee = await shop('lee@example.com', 'LeeLines')
    const danaTouch = await visitThroughLink(t, dana.link, alice)
    const pat = await signUpWith(t, 'pat@example.com', danaTouch)

    later(dayMs)
    const leeVisit = await visitProfile(t, `LeeLines?ref=${lee.link.code}`, alice, pat.cookie)
    const leeTouch = touchSetCookie(leeVisit)?.split(';')[0] ?? ''
    expect(leeTouch).toMatch(new RegExp(`^${referralCookieName}=`))
    // The browser replaces its cookie of the same name.
    const patNow = { ...pat, cookie: pat.cookie.replace(danaTouch, leeTouch) }

    const fromDana = await buy(t, patNow, dana.monthly)
    const fromLee = await buy(t, patNow, lee.monthly)
    expect(await referralOf(fromDana)).toEqual(notCredited)
    expect(await referralOf(fromLee)).toEqual({ source: 'share_link', code: lee.link.code, at: clock })

    expect((await results(dana.who.id, dana.who)).all_time).toEqual({ visits: 1, signups: 1, first_purchases: 0 })
    expect((await results(lee.who.id, lee.who)).all_time).toEqual({ visits: 1, signups: 0, first_purchases: 1 })
  })

  it('ignores a tampered, foreign or malformed cookie', async () => {
    const dana = await shop('dana@example.com', 'SharpDana')
    const lee = await shop('lee@example.com', 'LeeLines')
    const touch = await visitThroughLink(t, dana.link, alice)
    const [name, value = ''] = touch.split('=')
    const [creatorId = '', code, time = '', signature] = value.split('.')
    const forged = [
      // Lee's id in Dana's signed touch.
      `${name}=${[lee.who.id, code, time, signature].join('.')}`,
      // The visit made younger, to stretch the 30 days.
      `${name}=${[creatorId, code, String(Number(time) + dayMs), signature].join('.')}`,
      // Signed with another secret.
      `${name}=${sealTouch({ creatorId, code: dana.link.code, visitedAt: clock }, 'not-the-server-secret')}`,
      `${name}=${value}x`,
      `${name}=not-a-touch`,
    ]
    for (const [i, cookie] of forged.entries()) {
      const buyer = await signUpWith(t, `buyer${i}@example.com`, cookie)
      expect(await referralOf(await buy(t, buyer, lee.pass))).toEqual(notCredited)
      expect(await referralOf(await buy(t, buyer, dana.pass))).toEqual(notCredited)
    }
    expect(await signupsOf(dana.who.id)).toEqual([])
    expect(await signupsOf(lee.who.id)).toEqual([])
  })

  it('never fails a sign-up over its attribution', async () => {
    const dana = await shop('dana@example.com', 'SharpDana')
    // Validly signed, but for a creator who is not there: the sign-up goes on without a credit.
    const ghost = sealTouch(
      { creatorId: '00000000-0000-4000-8000-000000000000', code: dana.link.code, visitedAt: clock },
      authSecret,
    )
    const pat = await signUpWith(t, 'pat@example.com', `${referralCookieName}=${ghost}`)
    expect(pat.id).toBeTruthy()
    expect(await t.database.db.select().from(creatorReferralSignups)).toEqual([])
  })
})

describe('GET /api/creators/{id}/share-link/results', () => {
  it('gives every UTC day of the range, zeros included, totals over it and all time', async () => {
    clock = new Date('2026-02-20T23:30:00Z')
    const dana = await shop('dana@example.com', 'SharpDana')
    const old = await visitThroughLink(t, dana.link, alice)
    const pat = await signUpWith(t, 'pat@example.com', old)

    clock = new Date('2026-03-04T23:59:00Z')
    await visitThroughLink(t, dana.link, alice)
    clock = new Date('2026-03-05T00:01:00Z')
    const touch = await visitThroughLink(t, dana.link, bob)
    await buy(t, pat, dana.pass)
    const lee = await signUpWith(t, 'lee@example.com', touch)
    clock = new Date('2026-03-09T10:00:00Z')
    await buy(t, lee, dana.monthly)

    clock = new Date('2026-03-10T08:00:00Z')
    const week = await results(dana.who.id, dana.who, '?days=7')
    expect(week.days).toEqual([
      { date: '2026-03-04', visits: 1, signups: 0, first_purchases: 0 },
      { date: '2026-03-05', visits: 1, signups: 1, first_purchases: 1 },
      { date: '2026-03-06', visits: 0, signups: 0, first_purchases: 0 },
      { date: '2026-03-07', visits: 0, signups: 0, first_purchases: 0 },
      { date: '2026-03-08', visits: 0, signups: 0, first_purchases: 0 },
      { date: '2026-03-09', visits: 0, signups: 0, first_purchases: 1 },
      { date: '2026-03-10', visits: 0, signups: 0, first_purchases: 0 },
    ])
    expect(week.totals).toEqual({ visits: 2, signups: 1, first_purchases: 2 })
    expect(week.all_time).toEqual({ visits: 3, signups: 2, first_purchases: 2 })

    const month = await results(dana.who.id, dana.who)
    expect(month.days.map((d) => d.date).slice(0, 1)).toEqual(['2026-02-09'])
    expect(month.days.find((d) => d.date === '2026-02-20')).toEqual({
      date: '2026-02-20',
      visits: 1,
      signups: 1,
      first_purchases: 0,
    })
    expect(month.totals).toEqual(month.all_time)
    expect((await results(dana.who.id, dana.who, '?days=365')).days).toHaveLength(365)
  })

  it('names a days value out of 7–365 in a 400', async () => {
    const dana = await shop('dana@example.com', 'SharpDana')
    for (const days of ['6', '366', '7.5', 'week']) {
      const res = await request(t, 'GET', `/creators/${dana.who.id}/share-link/results?days=${days}`, dana.who)
      expect(res.statusCode, days).toBe(400)
      expect(ErrorBody.parse(res.json()).error.details?.map((d) => d.field)).toEqual(['query.days'])
    }
  })

  it('is for the creator and verified admins: 403 for others, 401 for visitors, 404 for a non-creator', async () => {
    const dana = await shop('dana@example.com', 'SharpDana')
    const lee = await creator(t, 'lee@example.com', 'LeeLines')
    const pat = await person(t, 'pat@example.com')
    const url = `/creators/${dana.who.id}/share-link/results`
    for (const other of [lee, pat]) {
      const refused = await request(t, 'GET', url, other)
      expect(refused.statusCode).toBe(403)
      expect(ErrorBody.parse(refused.json()).error.code).toBe('FORBIDDEN')
    }
    expect((await request(t, 'GET', url, null)).statusCode).toBe(401)
    const unverified = await request(t, 'GET', url, await person(t, 'root@example.com', 'unverifiedAdmin'))
    expect(ErrorBody.parse(unverified.json()).error.reason).toBe('ADMIN_PASSWORD_REQUIRED')
    expect((await results(dana.who.id, await person(t, 'admin@example.com', 'admin'))).attribution_days).toBe(30)
    expect((await request(t, 'GET', `/creators/${pat.id}/share-link/results`, pat)).statusCode).toBe(404)
  })
})
