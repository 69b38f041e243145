import { Writable } from 'node:stream'
import { ErrorBody, unsafeTextMessage } from '@picks/contracts'
import Fastify from 'fastify'
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '../errors.ts'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'
import { registerErrorHandling } from './error-handler.ts'
import { logRedaction } from './log-redaction.ts'
import { validatorCompiler } from './validation.ts'

function appWith(logLines: string[] = []) {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString())
      done()
    },
  })
  const app = Fastify({ logger: { level: 'info', ...logRedaction, stream } }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  app.post(
    '/items',
    { schema: { body: z.object({ name: z.string().min(1), priceCents: z.number().int() }) } },
    async () => ({ ok: true }),
  )
  const item = z.object({ name: z.string().min(1), tags: z.union([z.string(), z.array(z.string())]).optional() })
  app.post('/one-or-many', { schema: { body: z.union([item, z.array(item).max(2)]) } }, async () => ({ ok: true }))
  app.get('/boom', async () => {
    throw new Error('connection string postgres://user:hunter2@db leaked')
  })
  app.get('/missing', async () => {
    throw new AppError('NOT_FOUND', 'Creator not found')
  })
  app.get(
    '/bad-response',
    { schema: { response: { 200: z.object({ n: z.number() }) } } },
    async () => ({ n: 'nope' }) as unknown as { n: number },
  )
  return app
}

describe('the error handler', () => {
  it('names every invalid body field in a 400', async () => {
    const res = await appWith().inject({ method: 'POST', url: '/items', payload: { name: '', priceCents: 1.5 } })
    expect(res.statusCode).toBe(400)
    const { error } = ErrorBody.parse(res.json())
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.details?.map((d) => d.field).sort()).toEqual(['body.name', 'body.priceCents'])
    expect(error.message).toBe('Invalid body.name, body.priceCents')
  })

  it("names the field inside a union's one option of the value's kind, and the union where none or several are", async () => {
    const fields = async (payload: unknown) => {
      const res = await appWith().inject({
        method: 'POST',
        url: '/one-or-many',
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      })
      expect(res.statusCode).toBe(400)
      return ErrorBody.parse(res.json()).error.details
    }
    expect((await fields({ name: 1 }))?.map((d) => d.field)).toEqual(['body.name'])
    expect((await fields([{ name: 'a' }, {}]))?.map((d) => d.field)).toEqual(['body.1.name'])
    expect((await fields([{ name: 'a' }, { name: 'b' }, { name: 'c' }]))?.map((d) => d.field)).toEqual(['body'])
    expect(await fields({ name: 'a', tags: { no: 1 } })).toEqual([{ field: 'body.tags', message: 'Invalid input' }])
    expect(await fields('neither')).toEqual([{ field: 'body', message: 'Invalid input' }])
  })

  it('refuses NUL and unpaired surrogates in any string, even one whose schema does not, naming the field', async () => {
    const res = await appWith().inject({
      method: 'POST',
      url: '/items',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"a\\u0000b","priceCents":1,"tags":["ok","\\udc00"]}',
    })
    expect(res.statusCode).toBe(400)
    const { error } = ErrorBody.parse(res.json())
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.details).toEqual([
      { field: 'body.name', message: unsafeTextMessage },
      { field: 'body.tags.1', message: unsafeTextMessage },
    ])
  })

  it('answers malformed JSON with a 400 about the body, not a 500', async () => {
    const res = await appWith().inject({
      method: 'POST',
      url: '/items',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    })
    expect(res.statusCode).toBe(400)
    expect(ErrorBody.parse(res.json()).error.details?.[0]?.field).toBe('body')
  })

  it('answers an unsupported content type with a 400 that names it', async () => {
    const res = await appWith().inject({
      method: 'POST',
      url: '/items',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    })
    expect(res.statusCode).toBe(400)
    const { error } = ErrorBody.parse(res.json())
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.message).toContain('text/csv')
  })

  it('does not repeat a content type that is not a plain media type', async () => {
    const res = await appWith().inject({
      method: 'POST',
      url: '/items',
      headers: { 'content-type': 'x/<script>alert(1)</script>' },
      payload: 'a',
    })
    expect(res.statusCode).toBe(400)
    expect(ErrorBody.parse(res.json()).error.code).toBe('VALIDATION_FAILED')
    expect(res.body).not.toContain('script')
  })

  it('maps an AppError code to its status', async () => {
    const res = await appWith().inject('/missing')
    expect(res.statusCode).toBe(404)
    expect(ErrorBody.parse(res.json()).error).toMatchObject({ code: 'NOT_FOUND', message: 'Creator not found' })
  })

  it('hides the details of an unexpected failure from the client but logs them', async () => {
    const lines: string[] = []
    const res = await appWith(lines).inject('/boom')
    expect(res.statusCode).toBe(500)
    expect(ErrorBody.parse(res.json()).error).toMatchObject({ code: 'INTERNAL', message: 'Internal server error' })
    expect(res.body).not.toContain('hunter2')
    expect(lines.join('')).toContain('unhandled error')
  })

  it('treats a response that breaks its own schema as a server error', async () => {
    const res = await appWith().inject('/bad-response')
    expect(res.statusCode).toBe(500)
    expect(ErrorBody.parse(res.json()).error.code).toBe('INTERNAL')
  })

  it('keeps authorization headers and cookies out of the logs', async () => {
    const lines: string[] = []
    const app = appWith(lines)
    app.addHook('onRequest', async (request) => {
      request.log.info({ req: request }, 'incoming')
    })
    await app.inject({
      url: '/missing',
      headers: { authorization: 'Bearer very-secret-token', cookie: 'session=abc123secret' },
    })
    const log = lines.join('')
    expect(log).toContain('incoming')
    expect(log).not.toContain('very-secret-token')
    expect(log).not.toContain('abc123secret')
  })
})

/** The shape, exactly: `{ error: { code, message, requestId, details? } }` and nothing else. */
function errorOf(res: { json: () => unknown }) {
  const body = res.json() as Record<string, unknown>
  expect(Object.keys(body)).toEqual(['error'])
  const { error } = ErrorBody.strict().parse(body)
  expect(Object.keys(error).sort()).toEqual(
    ['code', 'message', 'requestId', ...(error.details ? ['details'] : []), ...(error.reason ? ['reason'] : [])].sort(),
  )
  return error
}

describe('the errors Fastify meets before a route runs', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(async () => {
    await t.app.close()
  })

  it('answers an address that is not valid UTF-8 (a lone surrogate) with our 400, not echoing it', async () => {
    const url = '/api/picks/%ED%A0%80'
    const res = await t.app.inject(url)
    expect(res.statusCode).toBe(400)
    const error = errorOf(res)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.details).toEqual([{ field: 'url', message: error.message }])
    expect(error.requestId).toBe(res.headers['x-request-id'])
    expect(res.body).not.toContain('%ED%A0%80')
    expect(res.body).not.toContain('FST_ERR')
  })

  it('checks a long path parameter against its schema, naming it', async () => {
    const res = await t.app.inject(`/api/picks/${'a'.repeat(150)}`)
    expect(res.statusCode).toBe(400)
    const error = errorOf(res)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.details?.map((d) => d.field)).toEqual(['params.id'])
    expect(res.body).not.toContain('a'.repeat(150))
  })

  it('answers a path parameter beyond the router limit with our 414 shape, not Fastify’s echoing the address', async () => {
    const long = 'b'.repeat(600)
    const res = await t.app.inject(`/api/picks/${long}`)
    expect(res.statusCode).toBe(414)
    const error = errorOf(res)
    expect(error.code).toBe('URI_TOO_LONG')
    expect(error.details).toEqual([{ field: 'params', message: error.message }])
    expect(res.body).not.toContain(long.slice(0, 50))
    expect(res.body).not.toContain('FST_ERR')
  })

  it('answers a body over the limit with our 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
    })
    expect(res.statusCode).toBe(413)
    expect(errorOf(res)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' })
  })

  it('answers an unsupported media type in our shape, naming the header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    })
    expect(res.statusCode).toBe(400)
    const error = errorOf(res)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.details?.map((d) => d.field)).toEqual(['headers.content-type'])
  })

  it('answers malformed and empty JSON in our shape, naming the body', async () => {
    for (const payload of ['{"email": ', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'content-type': 'application/json' },
        payload,
      })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      const error = errorOf(res)
      expect(error.code).toBe('VALIDATION_FAILED')
      expect(error.details?.map((d) => d.field)).toEqual(['body'])
    }
  })

  it('says which route is missing when its path is plain, and does not echo any other address', async () => {
    const plain = await t.app.inject('/api/no-such-thing')
    expect(plain.statusCode).toBe(404)
    expect(errorOf(plain)).toMatchObject({ code: 'NOT_FOUND', message: 'No route GET /api/no-such-thing' })

    const url = '/api/no-such-thing/%3Cscript%3Ealert(1)%3C%2Fscript%3E?q=%00'
    const res = await t.app.inject(url)
    expect(res.statusCode).toBe(404)
    expect(errorOf(res).code).toBe('NOT_FOUND')
    expect(res.body).not.toContain('script')
    expect(res.body).not.toContain('no-such-thing')
  })
})
