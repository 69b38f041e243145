import { CreatorsPage, ErrorBody, RegisterCreatorAnswer, reservedUsernames } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { person, request, type Person } from '../../test/people.ts'
import { users } from '../users/users.table.ts'
import { creatorPreviousUsernames } from './creator-links.table.ts'
import { creatorProfiles } from './creators.table.ts'

let t: TestApp
let clock = new Date('2026-03-01T12:00:00Z')
const days = (n: number) => n * 24 * 60 * 60 * 1000

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

function errorOf(res: { body: string }) {
  return ErrorBody.parse(JSON.parse(res.body)).error
}

const fullBody = {
  username: 'SharpDana',
  bio: 'NBA totals, every night.',
  profilePicture: '🏀',
  specialtySport: 'nba',
  otherSports: ['ncaab', 'wnba'],
  socialLinks: { twitter: 'https://x.com/sharpdana', youtube: 'https://www.youtube.com/@sharpdana' },
  country: 'US',
}

function register(who: Person | null, userId: string, body: Record<string, unknown>) {
  return request(t, 'POST', `/users/${userId}/register-creator`, who, body)
}

async function registered(who: Person, username: string, extra: Record<string, unknown> = {}) {
  const res = await register(who, who.id, { username, specialtySport: 'nfl', ...extra })
  expect(res.statusCode, res.body).toBe(201)
  return RegisterCreatorAnswer.parse(res.json())
}

async function roleOf(id: string) {
  const [row] = await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, id))
  return row?.role
}

async function lookup(username: string) {
  return request(t, 'GET', `/creator/${username}`, null)
}

describe('POST /api/users/{userId}/register-creator', () => {
  it('makes a customer a creator with a public profile that the shop lists at once', async () => {
    const dana = await person(t, 'dana@example.com')
    const res = await register(dana, dana.id, fullBody)
    expect(res.statusCode, res.body).toBe(201)
    const answer = RegisterCreatorAnswer.parse(res.json())
    expect(answer.user).toMatchObject({
      id: dana.id,
      role: 'creator',
      username: 'SharpDana',
      bio: 'NBA totals, every night.',
      profile_picture: '🏀',
      specialty_sport: 'nba',
    })
    expect(answer.creator).toEqual({
      id: dana.id,
      username: 'SharpDana',
      name: 'Pat Bettor',
      bio: 'NBA totals, every night.',
      profile_picture: '🏀',
      specialty_sport: 'nba',
      other_sports: ['ncaab', 'wnba'],
      sports: ['nba', 'ncaab', 'wnba'],
      social_links: { twitter: 'https://x.com/sharpdana', youtube: 'https://www.youtube.com/@sharpdana' },
      country: 'US',
      created_at: expect.any(String),
    })

    const profile = await request(t, 'GET', `/creators/${dana.id}`, null)
    expect(profile.statusCode).toBe(200)
    expect(profile.json()).toEqual({ creator: answer.creator })
    const shop = CreatorsPage.parse((await request(t, 'GET', '/creators/paginated?sports=wnba', null)).json())
    expect(shop.creators.map((c) => c.username)).toEqual(['SharpDana'])
    expect((await lookup('sharpdana')).json()).toEqual({
      success: true,
      creator: { id: dana.id, username: 'SharpDana' },
    })
  })

  it('fills what is left out: no bio, no other sports, no links, no country, the account picture', async () => {
    const dana = await person(t, 'dana@example.com')
    await request(t, 'PUT', `/users/${dana.id}/profile`, dana, { profile_picture: '🦅' })
    const { creator } = await registered(dana, '  trimmed_name  ')
    expect(creator).toMatchObject({
      username: 'trimmed_name',
      bio: '',
      profile_picture: '🦅',
      specialty_sport: 'nfl',
      other_sports: [],
      sports: ['nfl'],
      social_links: {},
      country: null,
    })
  })

  it('gives a username once, whatever its case, and leaves the loser a customer', async () => {
    const dana = await person(t, 'dana@example.com')
    const lee = await person(t, 'lee@example.com')
    await registered(dana, 'SharpDana')
    const res = await register(lee, lee.id, { username: 'sharpDANA', specialtySport: 'nba' })
    expect(res.statusCode).toBe(409)
    expect(errorOf(res)).toMatchObject({
      code: 'CONFLICT',
      reason: 'USERNAME_TAKEN',
      message: 'That username is already taken',
      details: [{ field: 'body.username', message: 'That username is already taken' }],
    })
    expect(await roleOf(lee.id)).toBe('customer')
    expect((await request(t, 'GET', `/creators/${lee.id}`, null)).statusCode).toBe(404)
  })

  it('gives a username to one of two people asking for it at the same moment', async () => {
    const dana = await person(t, 'dana@example.com')
    const lee = await person(t, 'lee@example.com')
    const answers = await Promise.all([
      register(dana, dana.id, { username: 'sameName', specialtySport: 'nba' }),
      register(lee, lee.id, { username: 'SAMENAME', specialtySport: 'nfl' }),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409])
    const rows = await t.database.db.select({ id: creatorProfiles.userId }).from(creatorProfiles)
    expect(rows).toHaveLength(1)
  })

  it.each(['admin', 'API', 'Marketplace', 'dashboard', 'support', 'media', 'login', 'Creator'])(
    'refuses the reserved word %s naming body.username',
    async (username) => {
      const dana = await person(t, `${username.toLowerCase()}@example.com`)
      const res = await register(dana, dana.id, { username, specialtySport: 'nba' })
      expect(res.statusCode).toBe(400)
      expect(errorOf(res).details).toEqual([{ field: 'body.username', message: 'That username is reserved' }])
      expect(await roleOf(dana.id)).toBe('customer')
    },
  )

  it('reserves every top-level path of the route table', () => {
    const routes = ['shop-picks', 'marketplace', 'my-picks', 'auth', 'verify-email', 'reset-password', 'login']
    const more = ['signup', 'dashboard', 'create-pick', 'creator-promotions', 'edit-profile', 'alerts']
    const rest = ['manage-subscriptions', 'payment-success', 'success', 'privacy-policy', 'terms-of-service']
    const last = ['support', 'creator-terms', 'locker-room', 'sport-hub', 'creator', 'admin']
    for (const path of [...routes, ...more, ...rest, ...last]) expect(reservedUsernames).toContain(path)
  })

  it.each([
    ['ab', 'too short'],
    ['a'.repeat(31), 'too long'],
    ['has space', 'a space'],
    ['dash-name', 'a dash'],
    ['émile', 'a letter outside A-Z'],
  ])('refuses the username %s (%s)', async (username) => {
    const dana = await person(t, 'dana@example.com')
    const res = await register(dana, dana.id, { username, specialtySport: 'nba' })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res).details).toEqual([
      { field: 'body.username', message: 'Usernames are 3 to 30 letters, digits or underscores' },
    ])
  })

  it.each([
    [
      { twitter: 'https://instagram.com/dana' },
      'body.socialLinks.twitter',
      'Use a X (Twitter) address (x.com or twitter.com)',
    ],
    [{ instagram: 'https://instagram.com.evil.example/dana' }, 'body.socialLinks.instagram', 'Use a Instagram address'],
    [{ website: 'http://dana.example' }, 'body.socialLinks.website', 'Use an address starting with https://'],
    [{ youtube: 'javascript:alert(1)' }, 'body.socialLinks.youtube', 'Use an address starting with https://'],
    [{ website: 'dana.example' }, 'body.socialLinks.website', 'Use an address starting with https://'],
    [{ website: 'https://me:secret@dana.example' }, 'body.socialLinks.website', 'Links cannot carry a user name'],
    [{ website: `https://dana.example/${'a'.repeat(300)}` }, 'body.socialLinks.website', 'at most 300 characters'],
    [{ myspace: 'https://myspace.com/dana' }, 'body.socialLinks', 'myspace'],
  ])('refuses the links %j naming %s', async (socialLinks, field, message) => {
    const dana = await person(t, 'dana@example.com')
    const res = await register(dana, dana.id, { username: 'dana_picks', specialtySport: 'nba', socialLinks })
    expect(res.statusCode).toBe(400)
    const error = errorOf(res)
    expect(error.details?.map((d) => d.field)).toEqual([field])
    expect(error.details?.[0]?.message).toContain(message)
  })

  it('takes links on the networks’ own hosts and their subdomains', async () => {
    const dana = await person(t, 'dana@example.com')
    const socialLinks = {
      twitter: 'https://twitter.com/dana',
      instagram: 'https://www.instagram.com/dana',
      youtube: 'https://youtu.be/abc',
      tiktok: 'https://www.tiktok.com/@dana',
      discord: 'https://discord.gg/dana',
      website: 'https://dana.example/picks',
    }
    const { creator } = await registered(dana, 'dana_picks', { socialLinks })
    expect(creator.social_links).toEqual(socialLinks)
  })

  it.each([
    ['XX', 'an unassigned code'],
    ['USA', 'an alpha-3 code'],
    ['1A', 'not letters'],
  ])('refuses the country %s (%s) naming body.country', async (country) => {
    const dana = await person(t, 'dana@example.com')
    const res = await register(dana, dana.id, { username: 'dana_picks', specialtySport: 'nba', country })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res).details).toEqual([{ field: 'body.country', message: 'Choose a country from the list' }])
  })

  it('stores a country code in upper case', async () => {
    const dana = await person(t, 'dana@example.com')
    expect((await registered(dana, 'dana_picks', { country: 'gb' })).creator.country).toBe('GB')
  })

  it.each([
    [{ bio: 'x'.repeat(501) }, 'body.bio'],
    [{ specialtySport: undefined }, 'body.specialtySport'],
    [{ specialtySport: 'darts' }, 'body.specialtySport'],
    [{ otherSports: ['nfl', 'darts'] }, 'body.otherSports.1'],
    [{ specialtySport: 'nba', otherSports: ['nba', 'nfl'] }, 'body.otherSports'],
    [{ otherSports: ['nfl', 'ncaaf', 'nba', 'ncaab', 'wnba', 'mlb', 'nhl', 'soccer', 'mma'] }, 'body.otherSports'],
    [{ profilePicture: 'javascript:alert(1)' }, 'body.profilePicture'],
    [{ role: 'admin' }, 'body'],
  ])('refuses %j naming %s', async (change, field) => {
    const dana = await person(t, 'dana@example.com')
    const res = await register(dana, dana.id, { username: 'dana_picks', specialtySport: 'mlb', ...change })
    expect(res.statusCode, res.body).toBe(400)
    expect(errorOf(res).details?.map((d) => d.field)).toContain(field)
    expect(await roleOf(dana.id)).toBe('customer')
  })

  it('lets nobody register someone else, and asks a visitor to sign in', async () => {
    const dana = await person(t, 'dana@example.com')
    const lee = await person(t, 'lee@example.com')
    const res = await register(lee, dana.id, fullBody)
    expect(res.statusCode).toBe(403)
    expect(errorOf(res).code).toBe('FORBIDDEN')
    expect((await register(null, dana.id, fullBody)).statusCode).toBe(401)
    expect(await roleOf(dana.id)).toBe('customer')
    expect(await t.database.db.select().from(creatorProfiles)).toEqual([])
  })

  it('asks a visitor to sign in before looking at what they sent', async () => {
    const dana = await person(t, 'dana@example.com')
    const res = await register(null, dana.id, { username: 'x', specialtySport: 'darts', role: 'admin' })
    expect(res.statusCode).toBe(401)
    expect(errorOf(res)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'NOT_SIGNED_IN' })
    expect((await register(null, 'me', {})).statusCode).toBe(401)
    expect(await roleOf(dana.id)).toBe('customer')
  })

  it('asks an admin for the admin password before registering someone else', async () => {
    const dana = await person(t, 'dana@example.com')
    const admin = await person(t, 'admin@example.com', 'unverifiedAdmin')
    const res = await register(admin, dana.id, fullBody)
    expect(res.statusCode).toBe(403)
    expect(errorOf(res)).toMatchObject({ code: 'FORBIDDEN', reason: 'ADMIN_PASSWORD_REQUIRED' })
    expect(await roleOf(dana.id)).toBe('customer')
    expect(await t.database.db.select().from(creatorProfiles)).toEqual([])
  })

  it('lets an admin register someone on their behalf, and keeps an admin who registers an admin', async () => {
    const dana = await person(t, 'dana@example.com')
    const admin = await person(t, 'admin@example.com', 'admin')
    const onBehalf = await register(admin, dana.id, fullBody)
    expect(onBehalf.statusCode, onBehalf.body).toBe(201)
    expect(RegisterCreatorAnswer.parse(onBehalf.json()).user).toMatchObject({ id: dana.id, role: 'creator' })
    expect(await roleOf(admin.id)).toBe('admin')

    const self = await register(admin, admin.id, { username: 'house_picks', specialtySport: 'nhl' })
    expect(self.statusCode).toBe(201)
    expect(RegisterCreatorAnswer.parse(self.json()).user).toMatchObject({ role: 'admin', username: 'house_picks' })
  })

  it('answers 404 for an unknown user and 400 for an id that is not a UUID', async () => {
    const admin = await person(t, 'admin@example.com', 'admin')
    const unknown = await register(admin, '6f1c1b8e-8a47-4a38-9d43-7d2e1f0e9a11', fullBody)
    expect(unknown.statusCode).toBe(404)
    const bad = await register(admin, 'me', fullBody)
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad).details?.[0]?.field).toBe('params.userId')
  })

  it('refuses a creator a second profile', async () => {
    const dana = await person(t, 'dana@example.com')
    await registered(dana, 'SharpDana')
    const again = await register(dana, dana.id, { username: 'OtherName', specialtySport: 'nba' })
    expect(again.statusCode).toBe(409)
    expect(errorOf(again)).toMatchObject({ reason: 'ALREADY_CREATOR', message: 'This account is already a creator' })
    expect((await lookup('OtherName')).statusCode).toBe(404)
  })
})

describe('GET /api/creators/{id}', () => {
  it('answers 404 for someone who is not a creator and 400 for a bad id', async () => {
    const dana = await person(t, 'dana@example.com')
    const res = await request(t, 'GET', `/creators/${dana.id}`, null)
    expect(res.statusCode).toBe(404)
    expect(errorOf(res).message).toBe('Creator not found')
    expect((await request(t, 'GET', '/creators/nope', null)).statusCode).toBe(400)
  })
})

describe('PUT /api/creators/{id}/profile', () => {
  function update(who: Person | null, id: string, body: Record<string, unknown>) {
    return request(t, 'PUT', `/creators/${id}/profile`, who, body)
  }

  it('changes what the owner sends and leaves the rest', async () => {
    const dana = await person(t, 'dana@example.com')
    await registered(dana, 'SharpDana', fullBody)
    const res = await update(dana, dana.id, {
      bio: '  Now with props.  ',
      socialLinks: { website: 'https://dana.example' },
      country: null,
      otherSports: ['mlb'],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().creator).toMatchObject({
      username: 'SharpDana',
      bio: 'Now with props.',
      profile_picture: '🏀',
      specialty_sport: 'nba',
      other_sports: ['mlb'],
      sports: ['nba', 'mlb'],
      social_links: { website: 'https://dana.example' },
      country: null,
    })
  })

  it('moves a new specialty out of the other sports, and gives the account the same picture and specialty', async () => {
    const dana = await person(t, 'dana@example.com')
    await registered(dana, 'SharpDana', { otherSports: ['nba', 'mlb'] })
    const res = await update(dana, dana.id, { specialtySport: 'nba', profilePicture: '🎯' })
    expect(res.json().creator).toMatchObject({ specialty_sport: 'nba', other_sports: ['mlb'], sports: ['nba', 'mlb'] })
    const me = await request(t, 'GET', '/me', dana)
    expect(me.json().user).toMatchObject({ profile_picture: '🎯', specialty_sport: 'nba' })
  })

  it('refuses everyone but the owner and an admin, and answers 404 for a non-creator', async () => {
    const dana = await person(t, 'dana@example.com')
    const lee = await person(t, 'lee@example.com')
    const admin = await person(t, 'admin@example.com', 'admin')
    await registered(dana, 'SharpDana')
    expect((await update(lee, dana.id, { bio: 'hijacked' })).statusCode).toBe(403)
    expect((await update(null, dana.id, { bio: 'hijacked' })).statusCode).toBe(401)
    const byAdmin = await update(admin, dana.id, { bio: 'Tidied by support' })
    expect(byAdmin.statusCode).toBe(200)
    expect(byAdmin.json().creator.bio).toBe('Tidied by support')
    expect((await update(lee, lee.id, { bio: 'not a creator' })).statusCode).toBe(404)
  })

  it("asks an admin for the admin password before changing someone else's profile", async () => {
    const dana = await person(t, 'dana@example.com')
    const admin = await person(t, 'admin@example.com', 'unverifiedAdmin')
    await registered(dana, 'SharpDana', fullBody)
    const res = await update(admin, dana.id, { bio: 'Tidied by support' })
    expect(res.statusCode).toBe(403)
    expect(errorOf(res)).toMatchObject({ code: 'FORBIDDEN', reason: 'ADMIN_PASSWORD_REQUIRED' })
    const { creator } = (await request(t, 'GET', `/creators/${dana.id}`, null)).json()
    expect(creator.bio).toBe(fullBody.bio)
  })

  it('asks a visitor to sign in before looking at what they sent', async () => {
    const dana = await person(t, 'dana@example.com')
    await registered(dana, 'SharpDana')
    const res = await update(null, dana.id, { username: 'Admin', bio: 'x'.repeat(501), role: 'admin' })
    expect(res.statusCode).toBe(401)
    expect(errorOf(res)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'NOT_SIGNED_IN' })
    expect((await lookup('SharpDana')).statusCode).toBe(200)
  })

  it('checks a new username like a registration', async () => {
    const dana = await person(t, 'dana@example.com')
    const lee = await person(t, 'lee@example.com')
    await registered(dana, 'SharpDana')
    await registered(lee, 'LeeLines')
    const reserved = await update(dana, dana.id, { username: 'Admin' })
    expect(reserved.statusCode).toBe(400)
    expect(errorOf(reserved).details).toEqual([{ field: 'body.username', message: 'That username is reserved' }])
    const taken = await update(dana, dana.id, { username: 'leelines' })
    expect(taken.statusCode).toBe(409)
    expect(errorOf(taken).reason).toBe('USERNAME_TAKEN')
    expect((await lookup('SharpDana')).json().creator.username).toBe('SharpDana')
  })

  it('keeps the old username leading to the creator for 30 days, closed to everyone else, then frees it', async () => {
    const dana = await person(t, 'dana@example.com')
    const lee = await person(t, 'lee@example.com')
    await registered(dana, 'SharpDana')
    const renamed = await update(dana, dana.id, { username: 'DanaBuckets' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json().creator.username).toBe('DanaBuckets')

    clock = new Date(clock.getTime() + days(29))
    expect((await lookup('sharpdana')).json()).toEqual({
      success: true,
      creator: { id: dana.id, username: 'DanaBuckets' },
    })
    const grab = await register(lee, lee.id, { username: 'SharpDana', specialtySport: 'nba' })
    expect(grab.statusCode).toBe(409)
    expect(errorOf(grab).reason).toBe('USERNAME_TAKEN')

    clock = new Date(clock.getTime() + days(1) + 1000)
    expect((await lookup('SharpDana')).statusCode).toBe(404)
    const { creator } = await registered(lee, 'sharpdana')
    expect((await lookup('SharpDana')).json().creator).toEqual({ id: lee.id, username: 'sharpdana' })
    expect(creator.username).toBe('sharpdana')
    expect(await t.database.db.select().from(creatorPreviousUsernames)).toEqual([])
  })

  it('lets a creator take back their own old username, and change only its case without a hold', async () => {
    const dana = await person(t, 'dana@example.com')
    await registered(dana, 'SharpDana')
    await update(dana, dana.id, { username: 'DanaBuckets' })
    const back = await update(dana, dana.id, { username: 'sharpdana' })
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json().creator.username).toBe('sharpdana')
    // DanaBuckets is now the one held; the name she took back is hers again.
    const held = await t.database.db
      .select({ username: creatorPreviousUsernames.username })
      .from(creatorPreviousUsernames)
    expect(held).toEqual([{ username: 'DanaBuckets' }])

    const recased = await update(dana, dana.id, { username: 'SHARPDANA' })
    expect(recased.json().creator.username).toBe('SHARPDANA')
    expect(await t.database.db.select().from(creatorPreviousUsernames)).toHaveLength(1)
    expect((await lookup('dananbuckets')).statusCode).toBe(404)
    expect((await lookup('danabuckets')).json().creator.username).toBe('SHARPDANA')
  })

  it('shows a name or picture changed on the account in the shop and the profile', async () => {
    const dana = await person(t, 'dana@example.com')
    await registered(dana, 'SharpDana')
    await request(t, 'PUT', `/users/${dana.id}/profile`, dana, { name: 'Dana Sharp', profile_picture: '🔥' })
    const { creator } = (await request(t, 'GET', `/creators/${dana.id}`, null)).json()
    expect(creator).toMatchObject({ name: 'Dana Sharp', profile_picture: '🔥' })
    const shop = CreatorsPage.parse((await request(t, 'GET', '/creators/paginated?search=dana%20sharp', null)).json())
    expect(shop.creators.map((c) => c.username)).toEqual(['SharpDana'])
  })
})
