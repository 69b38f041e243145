import { ErrorBody, type ShareLink } from '@picks/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, testConfig, type TestApp } from '../../test/build-test-app.ts'
import { person, request, type Person } from '../../test/people.ts'
import { shareLinkOf, visitProfile, type Visitor } from '../../test/share-link-visits.ts'
import { creatorReferralVisits } from './creator-links.table.ts'

let t: TestApp
let clock = new Date('2026-03-01T12:00:00Z')
const days = (n: number) => n * 24 * 60 * 60 * 1000
/** The site's public address in tests (PUBLIC_URL unset). */
const publicUrl = testConfig().publicUrl

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = new Date('2026-03-01T12:00:00Z')
})

async function creator(email: string, username: string): Promise<Person> {
  const who = await person(t, email)
  const res = await request(t, 'POST', `/users/${who.id}/register-creator`, who, { username, specialtySport: 'nba' })
  expect(res.statusCode, res.body).toBe(201)
  return who
}

const shareLink = (who: Person, creatorId = who.id): Promise<ShareLink> => shareLinkOf(t, who, creatorId)

/** A visitor opening a profile link from their own address and browser. */
const visit = (path: string, visitor: Visitor) => visitProfile(t, path, visitor)

const alice = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (Alice)' }
const bob = { ip: '198.51.100.20', userAgent: 'Mozilla/5.0 (Bob)' }

describe('GET /api/creators/{id}/share-link', () => {
  it("gives the creator's absolute link with a referral code that stays the same", async () => {
    const dana = await creator('dana@example.com', 'SharpDana')
    const first = await shareLink(dana)
    expect(first.code).toMatch(/^[A-Za-z0-9_-]{8,}$/)
    expect(first.url).toBe(`${publicUrl}/SharpDana?ref=${first.code}`)
    expect(first.visits).toEqual({ total: 0, last30Days: 0 })
    expect((await shareLink(dana)).code).toBe(first.code)

    const lee = await creator('lee@example.com', 'LeeLines')
    expect((await shareLink(lee)).code).not.toBe(first.code)
  })

  it('follows a username change with the same code', async () => {
    const dana = await creator('dana@example.com', 'SharpDana')
    const before = await shareLink(dana)
    await request(t, 'PUT', `/creators/${dana.id}/profile`, dana, { username: 'DanaBuckets' })
    expect((await shareLink(dana)).url).toBe(`${publicUrl}/DanaBuckets?ref=${before.code}`)
  })

  it('is for the creator and admins only', async () => {
    const dana = await creator('dana@example.com', 'SharpDana')
    const lee = await person(t, 'lee@example.com')
    const admin = await person(t, 'admin@example.com', 'admin')
    const refused = await request(t, 'GET', `/creators/${dana.id}/share-link`, lee)
    expect(refused.statusCode).toBe(403)
    expect(ErrorBody.parse(refused.json()).error.code).toBe('FORBIDDEN')
    expect((await request(t, 'GET', `/creators/${dana.id}/share-link`, null)).statusCode).toBe(401)
    expect((await shareLink(admin, dana.id)).url).toContain('/SharpDana?ref=')
    expect((await request(t, 'GET', `/creators/${lee.id}/share-link`, lee)).statusCode).toBe(404)
  })

  it("asks an admin for the admin password before showing another creator's link", async () => {
    const dana = await creator('dana@example.com', 'SharpDana')
    const admin = await person(t, 'admin@example.com', 'unverifiedAdmin')
    const refused = await request(t, 'GET', `/creators/${dana.id}/share-link`, admin)
    expect(refused.statusCode).toBe(403)
    expect(ErrorBody.parse(refused.json()).error).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'ADMIN_PASSWORD_REQUIRED',
    })
  })
})

describe('visits through a share link', () => {
  it('counts each visitor once a day, and only with the creator’s own code', async () => {
    const dana = await creator('dana@example.com', 'SharpDana')
    const lee = await creator('lee@example.com', 'LeeLines')
    const { code } = await shareLink(dana)
    const leeCode = (await shareLink(lee)).code

    for (const visitor of [alice, alice, bob]) {
      const res = await visit(`sharpdana?ref=${code}`, visitor)
      expect(res.json()).toEqual({ success: true, creator: { id: dana.id, username: 'SharpDana' } })
    }
    // Lee's code on Dana's link, an unknown code and no code at all open the profile but count nothing.
    expect((await visit(`SharpDana?ref=${leeCode}`, alice)).statusCode).toBe(200)
    expect((await visit('SharpDana?ref=not-a-code', alice)).statusCode).toBe(200)
    expect((await visit('SharpDana', bob)).statusCode).toBe(200)
    expect((await shareLink(dana)).visits).toEqual({ total: 2, last30Days: 2 })
    expect((await shareLink(lee)).visits).toEqual({ total: 0, last30Days: 0 })

    clock = new Date(clock.getTime() + days(1))
    await visit(`SharpDana?ref=${code}`, alice)
    // Another browser on the same address is another visitor.
    await visit(`SharpDana?ref=${code}`, { ...alice, userAgent: 'Mozilla/5.0 (Alice’s phone)' })
    expect((await shareLink(dana)).visits).toEqual({ total: 4, last30Days: 4 })

    clock = new Date(clock.getTime() + days(30))
    await visit(`SharpDana?ref=${code}`, bob)
    expect((await shareLink(dana)).visits).toEqual({ total: 5, last30Days: 1 })
  })

  it('stores no address, only a daily hash', async () => {
    const dana = await creator('dana@example.com', 'SharpDana')
    const { code } = await shareLink(dana)
    await visit(`SharpDana?ref=${code}`, alice)
    const rows = await t.database.db.select().from(creatorReferralVisits)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.visitorHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(rows)).not.toContain(alice.ip)
    expect(rows[0]).toMatchObject({ creatorId: dana.id, code, visitedAt: clock })
  })

  it('counts a visit through an old username within its 30 days', async () => {
    const dana = await creator('dana@example.com', 'SharpDana')
    const { code } = await shareLink(dana)
    await request(t, 'PUT', `/creators/${dana.id}/profile`, dana, { username: 'DanaBuckets' })
    const res = await visit(`SharpDana?ref=${code}`, bob)
    expect(res.json()).toEqual({ success: true, creator: { id: dana.id, username: 'DanaBuckets' } })
    expect((await shareLink(dana)).visits.total).toBe(1)
  })

  it('refuses an absurdly long code with a 400 naming query.ref', async () => {
    await creator('dana@example.com', 'SharpDana')
    const res = await visit(`SharpDana?ref=${'x'.repeat(101)}`, alice)
    expect(res.statusCode).toBe(400)
    expect(ErrorBody.parse(res.json()).error.details?.[0]?.field).toBe('query.ref')
  })
})
