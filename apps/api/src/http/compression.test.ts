import { Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'
import { expectEncoded } from '../test/encodings.ts'
import { createCreator } from '../test/factories.ts'
import { compressionThresholdBytes, registerApiCompression } from './compression.ts'

describe('API answers compressed on the fly', () => {
  let t: TestApp
  let shopJson: string
  beforeAll(async () => {
    t = await buildTestApp()
    for (let i = 0; i < 12; i++) {
      await createCreator(t.database.db, { bio: `Sharp picks on the NBA, night after night (${i}).` })
    }
    shopJson = (await t.app.inject('/api/creators/paginated?limit=12')).body
  })
  afterAll(async () => {
    await t.app.close()
  })

  it('has a shop page over the threshold to compress', () => {
    expect(Buffer.byteLength(shopJson)).toBeGreaterThan(compressionThresholdBytes)
  })

  it('sends brotli to a browser that accepts brotli and gzip', async () => {
    const res = await t.app.inject({
      url: '/api/creators/paginated?limit=12',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expectEncoded(res, 'br', shopJson)
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(shopJson) / 2)
  })

  it('sends gzip to a browser that accepts only gzip', async () => {
    const res = await t.app.inject({ url: '/api/creators/paginated?limit=12', headers: { 'accept-encoding': 'gzip' } })
    expectEncoded(res, 'gzip', shopJson)
  })

  it('sends the answer as it is to a client that accepts no encoding', async () => {
    const res = await t.app.inject('/api/creators/paginated?limit=12')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe(shopJson)
  })

  it('sends an answer under a kilobyte as it is', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.json()).toEqual({ status: 'ok' })
  })
})

describe('which answers the API compresses on the fly (on a bare server)', () => {
  const bytes = Buffer.alloc(4 * compressionThresholdBytes, 'compressible ')
  let app: FastifyInstance
  beforeAll(async () => {
    app = Fastify()
    await registerApiCompression(app)
    app.get('/png', async (_request, reply) => reply.type('image/png').send(bytes))
    app.get('/webp', async (_request, reply) => reply.type('image/webp').send(bytes))
    app.get('/zip', async (_request, reply) => reply.type('application/zip').send(bytes))
    app.get('/gzip', async (_request, reply) => reply.type('application/gzip').send(gzipSync(bytes)))
    app.get('/octet-stream', async (_request, reply) => reply.type('application/octet-stream').send(bytes))
    app.get('/events', async (_request, reply) =>
      reply.type('text/event-stream').send(Readable.from([`data: ${'one '.repeat(400)}\n\n`, 'data: two\n\n'])),
    )
    app.get('/csv', async (_request, reply) => reply.type('text/csv').send(bytes.toString()))
    app.get('/problem', async (_request, reply) => reply.type('application/problem+json').send(bytes.toString()))
    app.post('/echo', async (request) => request.body)
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
  })

  it.each(['/png', '/webp', '/zip', '/gzip', '/octet-stream'])(
    'sends %s, compressed already or opaque, as it is',
    async (url) => {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.rawPayload.length).toBeGreaterThan(0)
    },
  )

  it('sends an event stream as it is, event by event', async () => {
    const res = await app.inject({ url: '/events', headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe(`data: ${'one '.repeat(400)}\n\ndata: two\n\n`)
  })

  it('does not unpack a compressed request body: it is read as sent, and refused', async () => {
    const sent = { reports: [] }
    const plain = await app.inject({ method: 'POST', url: '/echo', payload: sent })
    expect(plain.json()).toEqual(sent)
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify(sent)),
    })
    expect(res.statusCode).toBe(400)
  })

  it.each(['/csv', '/problem'])('does compress %s, text of the same size', async (url) => {
    const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } })
    expectEncoded(res, 'br', bytes.toString())
  })
})
