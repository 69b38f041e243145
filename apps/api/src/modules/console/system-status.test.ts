import { readFileSync } from 'node:fs'
import path from 'node:path'
import { SystemStatus } from '@picks/contracts'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationsFolder } from '../../config.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { person, request } from '../../test/people.ts'
import { createOutboxEmailSender, type EmailSender } from '../notifications/notifications.service.ts'

const apps: TestApp[] = []
afterAll(async () => {
  for (const t of apps) await t.app.close()
})

async function statusOf(t: TestApp): Promise<{ body: string; status: SystemStatus }> {
  const admin = await person(t, 'admin@example.com', 'admin')
  const res = await request(t, 'GET', '/admin/system-status', admin)
  expect(res.statusCode, res.body).toBe(200)
  return { body: res.body, status: SystemStatus.parse(res.json()) }
}

const journal: { entries: { tag: string }[] } = JSON.parse(
  readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
)
const packageVersion: string = JSON.parse(
  readFileSync(path.resolve(migrationsFolder, '../package.json'), 'utf8'),
).version

describe('GET /api/admin/system-status', () => {
  it('reports the database and its latest migration, the queues, the outboxes and the offline providers', async () => {
    const t = await buildTestApp()
    apps.push(t)
    const { status } = await statusOf(t)
    expect(status.database).toEqual({
      reachable: true,
      kind: expect.stringMatching(/^(pglite|postgres)$/),
      migration: {
        latest: journal.entries[journal.entries.length - 1]?.tag,
        appliedAt: expect.any(String),
        applied: journal.entries.length,
      },
    })
    expect(status.providers).toEqual({
      payments: 'sandbox',
      email: 'outbox',
      sms: 'outbox',
      odds: { provider: 'fixtures', quotaRemaining: null },
    })
    // Signing up wrote the admin's verification e-mail to the outbox, not yet sent.
    expect(status.outboxes.email.queued).toBeGreaterThan(0)
    expect(status.outboxes.sms).toEqual({ rows: expect.any(Number) })
    expect(status.queues.map((q) => q.name)).toEqual(expect.arrayContaining([expect.any(String)]))
    for (const queue of status.queues) expect(queue.failed).toBeGreaterThanOrEqual(0)
    expect(status.app.version).toBe(packageVersion)
    expect(status.app.uptimeSeconds).toBeGreaterThanOrEqual(0)
    expect(status.memory.heapUsed).toBeGreaterThan(0)
    expect(status.memory.rss).toBeGreaterThanOrEqual(status.memory.heapUsed)
  })

  it('names the live providers and never a secret', async () => {
    const secrets = {
      stripe: 'sk_test_metrics_status_secret_key_123',
      webhook: 'whsec_metrics_status_secret',
      smtp: 'smtp://mailer:very-secret-password@127.0.0.1:2525',
      twilio: 'twilio-token-metrics-secret',
    }
    // An SMTP sender's double that keeps the mail in the outbox, so the admin can read their sign-up code.
    let outbox: EmailSender | null = null
    const smtp: EmailSender = {
      kind: 'smtp',
      send: (message) => (outbox ? outbox.send(message) : Promise.reject(new Error('not ready'))),
      close: async () => {},
    }
    const t = await buildTestApp(
      {
        stripe: {
          secretKey: secrets.stripe,
          publishableKey: 'pk_test_metrics',
          webhookSecret: secrets.webhook,
          connectWebhookSecret: null,
        },
        smtp: { url: secrets.smtp, from: 'Picks <no-reply@example.com>' },
        twilio: { accountSid: `AC${'0'.repeat(32)}`, authToken: secrets.twilio, from: '+15551234567' },
      },
      { email: smtp },
    )
    apps.push(t)
    outbox = createOutboxEmailSender({ db: t.database.db })
    const admin = await person(t, 'admin@example.com', 'admin')
    const res = await request(t, 'GET', '/admin/system-status', admin)
    expect(res.statusCode, res.body).toBe(200)
    const status = SystemStatus.parse(res.json())
    expect(status.providers).toMatchObject({ payments: 'stripe', email: 'smtp', sms: 'twilio' })
    for (const secret of [...Object.values(secrets), 'very-secret-password', 'mailer', `AC${'0'.repeat(32)}`]) {
      expect(res.body).not.toContain(secret)
    }
  })
})
