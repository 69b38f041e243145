import { Writable } from 'node:stream'
import { ErrorBody } from '@picks/contracts'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { redactedPaths } from '../app.ts'
import { AppError } from '../errors.ts'
import { registerErrorHandling } from './error-handler.ts'

function appWith(logLines: string[] = []) {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString())
      done()
    },
  })
  const app = Fastify({ logger: { level: 'info', redact: redactedPaths, stream } }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  app.post(
    '/items',
    { schema: { body: z.object({ name: z.string().min(1), priceCents: z.number().int() }) } },
    async () => ({ ok: true }),
  )
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
