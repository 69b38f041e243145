import type { LightMyRequestResponse } from 'fastify'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { testOrigin } from '../../test/accounts.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { person, type Person } from '../../test/people.ts'
import { alertDeliveries } from '../alerts/alerts.table.ts'
import { emailOutbox, smsOutbox } from '../notifications/notifications.table.ts'
import { createMetrics } from './metrics.ts'

const metricsToken = 'scraper-token-for-the-metrics-tests-0123456789'
const prometheusType = 'text/plain; version=0.0.4; charset=utf-8'

let t: TestApp
let admin: Person
let customer: Person
let unverifiedAdmin: Person

beforeAll(async () => {
  t = await buildTestApp({ metricsToken })
  admin = await person(t, 'admin.metrics@test.example', 'admin')
  customer = await person(t, 'pat.metrics@test.example')
  unverifiedAdmin = await person(t, 'kim.metrics@test.example', 'unverifiedAdmin')
})
afterAll(async () => {
  await t.app.close()
})

function scrapeAs(headers: Record<string, string>): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: '/api/metrics', headers })
}

const asScraper = { authorization: `Bearer ${metricsToken}` }

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/** The samples of Prometheus's text format (comments left out). */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
      if (!match) throw new Error(`not a sample: ${line}`)
      const [, name = '', labelText = '', value = ''] = match
      const labels = Object.fromEntries(
        [...labelText.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map(([, key = '', v = '']) => [
          key,
          v,
        ]),
      )
      return { name, labels, value: Number(value) }
    })
}

/** A scrape by the token's bearer, as samples. */
async function scrape(): Promise<Sample[]> {
  const res = await scrapeAs(asScraper)
  expect(res.statusCode, res.body).toBe(200)
  return samplesOf(res.body)
}

/** The value of the one sample of `name` with exactly these labels; undefined when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (s) =>
      s.name === name &&
      Object.keys(s.labels).length === Object.keys(labels).length &&
      Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  )
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1)
  return found[0]?.value
}

function errorBody(res: LightMyRequestResponse) {
  return res.json<{ error: { code: string; reason?: string } }>().error
}

describe('GET /api/metrics: who may read it', () => {
  it('asks a visitor to sign in and refuses a customer and an administrator without the admin password', async () => {
    const visitor = await scrapeAs({})
    expect(visitor.statusCode).toBe(401)
    expect(errorBody(visitor)).toMatchObject({ code: 'UNAUTHENTICATED' })
    const asCustomer = await scrapeAs({ cookie: customer.cookie })
    expect(asCustomer.statusCode).toBe(403)
    expect(errorBody(asCustomer)).toMatchObject({ code: 'FORBIDDEN' })
    const asUnverified = await scrapeAs({ cookie: unverifiedAdmin.cookie })
    expect(asUnverified.statusCode).toBe(403)
    expect(errorBody(asUnverified)).toMatchObject({ reason: 'ADMIN_PASSWORD_REQUIRED' })
    for (const res of [visitor, asCustomer, asUnverified]) expect(res.body).not.toContain('http_requests_total')
  })

  it("answers a verified administrator and the METRICS_TOKEN's bearer in Prometheus's text format", async () => {
    for (const headers of [{ cookie: admin.cookie }, asScraper, { authorization: `bearer ${metricsToken}` }]) {
      const res = await scrapeAs(headers)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers['content-type']).toBe(prometheusType)
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.body).toContain('# TYPE http_requests_total counter')
    }
  })

  it('takes a bearer that is not the token for what it is, a session token, and finds no session in it (401)', async () => {
    for (const authorization of [
      `Bearer ${metricsToken.slice(0, -1)}`,
      `Bearer ${metricsToken}x`,
      `Bearer ${metricsToken} ${metricsToken}`,
      `Basic ${metricsToken}`,
      metricsToken,
    ]) {
      const res = await scrapeAs({ authorization })
      expect(res.statusCode, authorization).toBe(401)
      expect(res.body).not.toContain('http_requests_total')
    }
  })

  it('is documented with the session schemes and the metrics token, answering text', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, { security?: unknown; responses?: Record<string, { content?: object }> }>>
      components: { securitySchemes: Record<string, unknown> }
    }>()
    const operation = doc.paths['/metrics']?.get
    expect(operation?.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }, { metricsToken: [] }])
    expect(doc.components.securitySchemes.metricsToken).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(Object.keys(operation?.responses?.['200']?.content ?? {})).toEqual([prometheusType])
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['401', '403']))
  })
})

describe('GET /api/metrics: what it counts', () => {
  it('counts each answered request under its route pattern, method and status, never its address', async () => {
    const before = await scrape()
    const health = { method: 'GET', route: '/api/health', status_code: '200' }
    const stats = { method: 'GET', route: '/api/creators/:id/stats', status_code: '404' }
    const missing = { method: 'GET', route: 'not_found', status_code: '404' }
    const unknownCreator = '6a1f0c52-7d0e-4c4b-9b1e-5d3f2a9c8e71'
    for (let i = 0; i < 3; i++) expect((await t.app.inject('/api/health')).statusCode).toBe(200)
    expect((await t.app.inject(`/api/creators/${unknownCreator}/stats`)).statusCode).toBe(404)
    expect((await t.app.inject('/api/no-such-route/secret-looking-path')).statusCode).toBe(404)
    expect((await scrapeAs({})).statusCode).toBe(401)

    const res = await scrapeAs(asScraper)
    const after = samplesOf(res.body)
    const count = (samples: Sample[], labels: Record<string, string>) =>
      valueOf(samples, 'http_requests_total', labels) ?? 0
    expect(count(after, health) - count(before, health)).toBe(3)
    expect(count(after, stats) - count(before, stats)).toBe(1)
    expect(count(after, missing) - count(before, missing)).toBe(1)
    // The duration histogram counts the same requests.
    const timed = (samples: Sample[]) => valueOf(samples, 'http_request_duration_seconds_count', health) ?? 0
    expect(timed(after) - timed(before)).toBe(3)
    expect(valueOf(after, 'http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(timed(after))
    expect(res.body).not.toContain(unknownCreator)
    expect(res.body).not.toContain('secret-looking-path')
    // The scrapes themselves count too, refused ones included.
    const scrapes = (samples: Sample[], status: string) =>
      count(samples, { method: 'GET', route: '/api/metrics', status_code: status })
    expect(scrapes(after, '200') - scrapes(before, '200')).toBe(1)
    expect(scrapes(after, '401') - scrapes(before, '401')).toBe(1)
  })

  it("shows the process's event-loop lag, heap, GC and CPU", async () => {
    const res = await scrapeAs(asScraper)
    const samples = samplesOf(res.body)
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0)
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0)
    expect(valueOf(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0)
    expect(res.body).toContain('# TYPE nodejs_gc_duration_seconds histogram')
  })

  it('shows the pick alert deliveries by channel and status, every pair', async () => {
    const rows = [
      { channel: 'email', status: 'failed' },
      { channel: 'email', status: 'failed' },
      { channel: 'email', status: 'sent' },
      { channel: 'sms', status: 'queued' },
      { channel: 'sms', status: 'delivered' },
      { channel: 'sms', status: 'delivered' },
      { channel: 'sms', status: 'delivered' },
    ] as const
    await t.database.db
      .insert(alertDeliveries)
      .values(rows.map((r, i) => ({ kind: 'test' as const, destination: `someone${i}@example.com`, ...r })))
    const samples = (await scrape()).filter((s) => s.name === 'picks_alert_deliveries')
    const shown = Object.fromEntries(samples.map((s) => [`${s.labels.channel} ${s.labels.status}`, s.value]))
    expect(shown).toEqual({
      'email queued': 0,
      'email sending': 0,
      'email sent': 1,
      'email delivered': 0,
      'email failed': 2,
      'sms queued': 1,
      'sms sending': 0,
      'sms sent': 0,
      'sms delivered': 3,
      'sms failed': 0,
    })
  })

  it('shows the outboxes: e-mail by status, text messages stored', async () => {
    const before = await scrape()
    const mail = (status: 'queued' | 'sent', n: number) =>
      Array.from({ length: n }, (_, i) => ({
        toAddress: `reader${i}@example.com`,
        subject: 'Hello',
        textBody: 'Hello',
        htmlBody: '<p>Hello</p>',
        kind: 'test',
        status,
      }))
    await t.database.db.insert(emailOutbox).values([...mail('queued', 2), ...mail('sent', 4)])
    await t.database.db
      .insert(smsOutbox)
      .values(Array.from({ length: 5 }, (_, i) => ({ toNumber: `+1555000000${i}`, body: 'Hi', kind: 'test' })))
    const after = await scrape()
    const grew = (labels: Record<string, string>) =>
      (valueOf(after, 'picks_outbox_messages', labels) ?? NaN) -
      (valueOf(before, 'picks_outbox_messages', labels) ?? NaN)
    expect(grew({ outbox: 'email', status: 'queued' })).toBe(2)
    expect(grew({ outbox: 'email', status: 'sent' })).toBe(4)
    expect(grew({ outbox: 'sms', status: 'stored' })).toBe(5)
  })

  it('shows each job queue by state, as the queue last counted it', async () => {
    const boss = t.app.alerts.jobs.boss
    const queue = 'metrics-probe'
    await boss.createQueue(queue, { retryLimit: 0 })
    await boss.send(queue, { n: 1 })
    await boss.send(queue, { n: 2 })
    await boss.send(queue, { n: 3 })
    await boss.send(queue, { n: 4 }, { startAfter: new Date(Date.now() + 3_600_000) })
    const [failing] = await boss.fetch(queue)
    if (!failing) throw new Error('no job to fail')
    await boss.fail(queue, failing.id, { reason: 'probe' })
    expect(await boss.fetch(queue)).toHaveLength(1)
    const states = (samples: Sample[]) =>
      Object.fromEntries(
        samples
          .filter((s) => s.name === 'picks_job_queue_jobs' && s.labels.queue === queue)
          .map((s) => [s.labels.state, s.value]),
      )
    // The queue's monitor counts it; this asks for a pass (the app's own may have just run one).
    await vi.waitFor(
      async () => {
        await boss.supervise(queue)
        expect(states(await scrape())).toEqual({ ready: 1, deferred: 1, active: 1, failed: 1 })
      },
      { timeout: 25_000, interval: 500 },
    )
    // Every queue of the product is shown.
    const names = new Set((await scrape()).filter((s) => s.name === 'picks_job_queue_jobs').map((s) => s.labels.queue))
    expect(names).toContain('alerts.send')
  })

  it("counts the browsers' reports stored, by kind", async () => {
    const before = await scrape()
    const post = (url: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { origin: testOrigin, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
        remoteAddress: '203.0.113.40',
      })
    const now = new Date().toISOString()
    expect((await post('/api/errors', { message: 'Boom', timestamp: now })).statusCode).toBe(202)
    const vital = { metric: 'LCP', value: 1200, timestamp: now, route: '/shop-picks' }
    expect((await post('/api/errors/performance', [vital, { ...vital, metric: 'CLS', value: 0.02 }])).statusCode).toBe(
      202,
    )
    const after = await scrape()
    const grew = (kind: string) =>
      (valueOf(after, 'picks_client_reports_accepted_total', { kind }) ?? NaN) -
      (valueOf(before, 'picks_client_reports_accepted_total', { kind }) ?? NaN)
    expect(grew('error')).toBe(1)
    expect(grew('performance')).toBe(2)
  })

  it('shows the database pool on PostgreSQL, and no pool on the embedded database', async () => {
    const samples = await scrape()
    const pool = samples.filter((s) => s.name.startsWith('picks_db_pool_'))
    if (t.database.kind === 'pglite') {
      expect(pool).toEqual([])
      return
    }
    // The test database's pool opens at most 4 connections (build-test-app.ts).
    expect(valueOf(samples, 'picks_db_pool_max_connections')).toBe(4)
    const open = valueOf(samples, 'picks_db_pool_connections') ?? NaN
    expect(open).toBeGreaterThanOrEqual(1)
    expect(open).toBeLessThanOrEqual(4)
    expect(valueOf(samples, 'picks_db_pool_idle_connections')).toBeLessThanOrEqual(open)
    expect(valueOf(samples, 'picks_db_pool_waiting_requests')).toBeGreaterThanOrEqual(0)
  })

  it('reads every source of figures', async () => {
    const samples = await scrape()
    for (const source of ['job_queues', 'alert_deliveries', 'outboxes']) {
      expect(valueOf(samples, 'picks_metrics_source_up', { source }), source).toBe(1)
    }
  })
})

describe('the metrics of a source that cannot be read', () => {
  it('are left out and reported, and the rest are still shown', async () => {
    await t.database.db.insert(alertDeliveries).values({
      kind: 'test',
      channel: 'email',
      destination: 'unread@example.com',
      status: 'failed',
    })
    const warnings: unknown[] = []
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) })
    const metrics = createMetrics({
      database: { db: t.database.db, poolStats: () => null },
      jobs: { queueStats: () => Promise.reject(new Error('the queue is unreachable')) },
      log,
    })
    const samples = samplesOf(await metrics.scrape())
    expect(valueOf(samples, 'picks_metrics_source_up', { source: 'job_queues' })).toBe(0)
    expect(valueOf(samples, 'picks_metrics_source_up', { source: 'alert_deliveries' })).toBe(1)
    expect(samples.filter((s) => s.name === 'picks_job_queue_jobs')).toEqual([])
    expect(valueOf(samples, 'picks_alert_deliveries', { channel: 'email', status: 'failed' })).toBeGreaterThan(0)
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0)
    expect(warnings).toEqual([
      expect.objectContaining({ source: 'job_queues', msg: 'a source of the server metrics could not be read' }),
    ])
  })
})
