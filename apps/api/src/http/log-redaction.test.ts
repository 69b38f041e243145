import { Writable } from 'node:stream'
import { ErrorBody } from '@picks/contracts'
import { DrizzleQueryError, sql } from 'drizzle-orm'
import Fastify from 'fastify'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/build-test-app.ts'
import { registerErrorHandling } from './error-handler.ts'
import { logRedaction, serializeError } from './log-redaction.ts'

/** The personal data of a failing query: none of it may reach a log line. */
const email = 'lee.quinn@example.com'
const phone = '+15551234567'
const name = 'Lee Quinn'

let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase()
})

afterAll(async () => {
  await database.close()
})

function capture() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  return { lines, stream }
}

async function failure(query: Promise<unknown>): Promise<unknown> {
  return query.then(
    () => {
      throw new Error('the query was expected to fail')
    },
    (err: unknown) => err,
  )
}

function expectNoPersonalData(text: string) {
  expect(text).not.toContain(email)
  expect(text).not.toContain(phone)
  expect(text).not.toContain(name)
  expect(text).not.toContain('lee.quinn')
}

describe('an error log line', () => {
  it('keeps the SQL of a failed query and drops its parameters', async () => {
    // The name where a uuid belongs: PostgreSQL quotes the refused value in its own message too.
    const err = await failure(
      database.db.execute(sql`select ${email}::text as email, ${phone}::text as phone, ${name}::uuid as id`),
    )
    expect(err).toBeInstanceOf(DrizzleQueryError)
    const { lines, stream } = capture()
    pino({ level: 'info', ...logRedaction }, stream).error({ err }, 'lookup failed')
    const line = lines.join('')
    expect(line).toContain('lookup failed')
    expect(line).toContain('Failed query: select $1::text as email, $2::text as phone, $3::uuid as id')
    expect(line).toContain('invalid input syntax for type uuid')
    expect(line).toContain('"type":"DrizzleQueryError"')
    expectNoPersonalData(line)
  })

  it('drops them from a NUL byte’s failure too, and from the wrapped PostgreSQL error', async () => {
    const err = await failure(database.db.execute(sql`select ${`${email}\u0000`}::text, ${phone}::text, ${name}::text`))
    const logged = JSON.stringify(serializeError(err))
    expect(logged).toContain('Failed query: select $1::text, $2::text, $3::text')
    expectNoPersonalData(logged)
    // The trace stays whole, for finding where the query was made.
    const frames = String((err as Error).stack)
      .split('\n')
      .filter((line) => line.startsWith('    at '))
    expect(frames.length).toBeGreaterThan(0)
    for (const frame of frames) expect(serializeError(err).stack).toContain(frame)
    // The original error is left as it was: only its logged copy loses the values.
    expect(err).toMatchObject({ params: [`${email}\u0000`, phone, name] })
  })

  it('masks addresses and phone numbers in an error logged as its message', () => {
    const logged = JSON.stringify(serializeError(`The number ${phone} of ${email} is not a mobile`))
    expect(logged).toContain('is not a mobile')
    expectNoPersonalData(logged)
  })

  it('hides the recipient of a message that could not be sent', () => {
    const { lines, stream } = capture()
    pino({ level: 'info', ...logRedaction }, stream).error(
      { to: email, kind: 'pick_alert' },
      'e-mail could not be sent',
    )
    const line = lines.join('')
    expect(line).toContain('pick_alert')
    expectNoPersonalData(line)
  })

  it('through the app: a NUL refused by the database is a 400, logged without the values', async () => {
    const { lines, stream } = capture()
    const app = Fastify({ logger: { level: 'info', ...logRedaction, stream } })
    registerErrorHandling(app)
    app.get('/lookup', async () => {
      await database.db.execute(sql`select ${email}::text, ${phone}::text, ${`${name}\u0000`}::text`)
      return { ok: true }
    })
    app.get('/broken', async () => {
      await database.db.execute(sql`select ${email}::text, ${phone}::text, ${name}::text, 1 / 0`)
      return { ok: true }
    })

    const refused = await app.inject('/lookup')
    expect(refused.statusCode).toBe(400)
    expect(ErrorBody.parse(refused.json()).error.code).toBe('VALIDATION_FAILED')
    const broken = await app.inject('/broken')
    expect(broken.statusCode).toBe(500)
    expect(ErrorBody.parse(broken.json()).error.code).toBe('INTERNAL')

    const log = lines.join('')
    expect(log).toContain('the database refused a value of the request')
    expect(log).toContain('unhandled error')
    expect(log).toContain('division by zero')
    expectNoPersonalData(log)
    expectNoPersonalData(refused.body + broken.body)
    await app.close()
  })
})
