import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'
import { expectEncoded } from '../test/encodings.ts'
import { createCreator } from '../test/factories.ts'
import { person, type Person } from '../test/people.ts'
import { addPublicEtags, matchesIfNoneMatch } from './public-etags.ts'

const shop = '/api/creators/paginated?limit=12'

describe('ETags on public reads', () => {
  let t: TestApp
  let customer: Person
  beforeAll(async () => {
    t = await buildTestApp()
    for (let i = 0; i < 12; i++) await createCreator(t.database.db, { bio: `Picks on the NBA (${i}).` })
    customer = await person(t, 'etag-reader@test.example')
  })
  afterAll(async () => {
    await t.app.close()
  })

  it('tags a visitor’s read, and answers 304 with no body when the browser’s copy is still the answer', async () => {
    const first = await t.app.inject(shop)
    expect(first.statusCode).toBe(200)
    const etag = first.headers['etag']
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/)

    const again = await t.app.inject({ url: shop, headers: { 'if-none-match': String(etag) } })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    expect(again.headers['etag']).toBe(etag)
    expect(again.headers['content-length']).toBeUndefined()
  })

  it('gives the compressed answer the same tag, and a 304 with nothing compressed', async () => {
    const plain = await t.app.inject(shop)
    const compressed = await t.app.inject({ url: shop, headers: { 'accept-encoding': 'br, gzip' } })
    expectEncoded(compressed, 'br', plain.body)
    expect(compressed.headers['etag']).toBe(plain.headers['etag'])

    const again = await t.app.inject({
      url: shop,
      headers: { 'accept-encoding': 'br, gzip', 'if-none-match': String(plain.headers['etag']) },
    })
    expect(again.statusCode).toBe(304)
    expect(again.headers['content-encoding']).toBeUndefined()
    expect(again.rawPayload.length).toBe(0)
  })

  it('answers in full once the answer changed: a new creator, a new tag', async () => {
    const before = await t.app.inject(shop)
    await createCreator(t.database.db, { bio: 'A newcomer.' })
    const after = await t.app.inject({ url: shop, headers: { 'if-none-match': String(before.headers['etag']) } })
    expect(after.statusCode).toBe(200)
    expect(after.json()).toMatchObject({ total: 13 })
    expect(after.headers['etag']).not.toBe(before.headers['etag'])
  })

  it('keeps the cache-control a route sets', async () => {
    const res = await t.app.inject('/api/odds-api/sports')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=300')
    expect(res.headers['etag']).toBeDefined()
  })

  it('gives a signed-in read no tag, and its full answer whatever it sends in If-None-Match', async () => {
    const visitors = await t.app.inject(shop)
    const res = await t.app.inject({
      url: shop,
      headers: { cookie: customer.cookie, 'if-none-match': String(visitors.headers['etag']) },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['etag']).toBeUndefined()
    expect(res.body).toBe(visitors.body)
  })

  it.each([
    ['an Authorization header', { authorization: 'Bearer not-a-token' }],
    ['a session cookie, even one no longer valid', { cookie: 'better-auth.session_token=ended.signature' }],
    ['a secure session cookie', { cookie: 'theme=dark; __Secure-better-auth.session_token=x.y' }],
    ['a sign-in waiting for its second factor', { cookie: 'better-auth.two_factor=pending' }],
  ])('gives a read with %s no tag', async (_what, headers) => {
    const res = await t.app.inject({ url: shop, headers })
    expect(res.statusCode).toBe(200)
    expect(res.headers['etag']).toBeUndefined()
  })

  it('tags a visitor whose only cookies are not sign-ins', async () => {
    const res = await t.app.inject({ url: shop, headers: { cookie: 'theme=dark; picks_touch=abc' } })
    expect(res.headers['etag']).toBeDefined()
  })

  it('gives an error answer no tag', async () => {
    const res = await t.app.inject('/api/creators/00000000-0000-4000-8000-000000000000')
    expect(res.statusCode).toBe(404)
    expect(res.headers['etag']).toBeUndefined()
  })
})

describe('which answers get a tag (on a bare server)', () => {
  let app: FastifyInstance
  const body = { picks: ['one', 'two'] }
  beforeAll(async () => {
    app = Fastify()
    addPublicEtags(app, { carriesCredentials: (request) => request.headers['x-signed-in'] !== undefined })
    const isPublic = { config: { access: 'public' as const } }
    app.get('/public', isPublic, async () => body)
    app.get('/public-cookie', isPublic, async (_request, reply) => reply.header('set-cookie', 'touch=1').send(body))
    app.get('/public-no-store', isPublic, async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(body),
    )
    app.get('/public-private', isPublic, async (_request, reply) =>
      reply.header('cache-control', 'private, max-age=60').send(body),
    )
    app.get('/public-own-tag', isPublic, async (_request, reply) => reply.header('etag', '"v1"').send(body))
    app.get('/public-created', isPublic, async (_request, reply) => reply.status(203).send(body))
    app.post('/public', isPublic, async () => body)
    app.get('/signed-in', { config: { access: 'signedIn' as const } }, async () => body)
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
  })

  it('tags a public read, and for HEAD the same', async () => {
    const get = await app.inject('/public')
    expect(get.headers['etag']).toMatch(/^W\//)
    const head = await app.inject({ method: 'HEAD', url: '/public' })
    expect(head.headers['etag']).toBe(get.headers['etag'])
  })

  it.each([
    ['sets a cookie', 'GET', '/public-cookie'],
    ['forbids storing', 'GET', '/public-no-store'],
    ['is private', 'GET', '/public-private'],
    ['answers other than 200', 'GET', '/public-created'],
    ['is not a read', 'POST', '/public'],
    ['is not public', 'GET', '/signed-in'],
  ] as const)('gives an answer that %s no tag', async (_what, method, url) => {
    const res = await app.inject({ method, url })
    expect(res.statusCode).toBeLessThan(300)
    expect(res.headers['etag']).toBeUndefined()
  })

  it('leaves a tag the route set alone', async () => {
    const res = await app.inject({ url: '/public-own-tag', headers: { 'if-none-match': '"v1"' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['etag']).toBe('"v1"')
  })

  it('asks whether the request carries credentials', async () => {
    const res = await app.inject({ url: '/public', headers: { 'x-signed-in': '1' } })
    expect(res.headers['etag']).toBeUndefined()
  })
})

describe('If-None-Match', () => {
  const etag = 'W/"abc"'
  it.each([
    ['W/"abc"', true],
    ['"abc"', true],
    ['"other", W/"abc"', true],
    ['*', true],
    ['"abd"', false],
    ['', false],
  ])('%j against W/"abc" matches: %s', (header, matches) => {
    expect(matchesIfNoneMatch(header, etag)).toBe(matches)
  })
})
