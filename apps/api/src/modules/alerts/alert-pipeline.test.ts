import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createCreator } from '../../test/factories.ts'
import { emailOutbox, smsOutbox } from '../notifications/notifications.table.ts'
import { sendDueAlerts } from './alert-delivery.ts'
import { fanOutPick } from './alert-fanout.ts'
import { recordPublished } from './alert-jobs.ts'
import { alertDeliveries, alertFanouts } from './alerts.table.ts'
import { insertPick, seedAudience } from './alerts-test-support.ts'

describe('a pick reaching its audience through the outbox', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({}, { alertTuning: { fanOutBatch: 7, sendBatch: 10 } })
  })
  afterAll(async () => {
    await t.app.close()
  })
  beforeEach(async () => {
    await t.database.reset()
  })

  it('queues one e-mail and one text per subscriber and sends each exactly once, even when run twice', async () => {
    const creator = await createCreator(t.database.db)
    await seedAudience(t.database.db, creator.id, { count: 20, prefix: 'sub', sms: true })
    const pick = await insertPick(t.database.db, creator.id)
    await recordPublished(t.database.db, pick.id, new Date())
    const deps = t.app.alerts.deps

    const first = await fanOutPick(deps, pick.id)
    expect(first).toEqual({ queued: 40, batches: 3 })
    const again = await fanOutPick(deps, pick.id)
    expect(again.queued).toBe(0)

    const run = await sendDueAlerts(deps, creator.id)
    expect(run).toEqual({ sent: 40, retrying: 0, failed: 0 })
    expect(await sendDueAlerts(deps, creator.id)).toEqual({ sent: 0, retrying: 0, failed: 0 })

    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'pick'))
    expect(mails).toHaveLength(20)
    expect(new Set(mails.map((m) => m.toAddress)).size).toBe(20)
    expect(mails[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const texts = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.kind, 'alert_pick'))
    expect(texts).toHaveLength(20)
    expect(texts[0]!.body).toContain('Reply STOP to opt out')
    const [fanout] = await t.database.db.select().from(alertFanouts).where(eq(alertFanouts.pickId, pick.id))
    expect(fanout).toMatchObject({ status: 'done', queued: 40 })
    const sent = await t.database.db
      .select()
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.pickId, pick.id), eq(alertDeliveries.status, 'sent')))
    expect(sent).toHaveLength(40)
  })
})
