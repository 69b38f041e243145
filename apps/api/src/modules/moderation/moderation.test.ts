import {
  AuditLogPage,
  CreatorRecord,
  CreatorsPage,
  LeaderboardAnswer,
  ModerationReportsPage,
  PicksAnswer,
  pickLimits,
  ReportAnswer,
  reportMessages,
} from '@picks/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { creator } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import { sendDueAlerts } from '../alerts/alert-delivery.ts'
import { fanOutPick } from '../alerts/alert-fanout.ts'
import { insertPick, seedAudience } from '../alerts/alerts-test-support.ts'
import { createFakeOdds, pickBody, postPick } from '../picks/picks-test-support.ts'
import { picks } from '../picks/picks.table.ts'

let t: TestApp
let clock = new Date('2026-11-23T12:00:00Z')

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock, odds: createFakeOdds(() => clock).provider })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = new Date('2026-11-23T12:00:00Z')
})

const unknownId = '00000000-0000-4000-8000-000000000001'

function report(who: Person | null, targetType: string, targetId: string, reason = 'Copied from another tipster') {
  return request(t, 'POST', '/reports', who, { target_type: targetType, target_id: targetId, reason })
}

async function queue(who: Person, query = '') {
  const res = await request(t, 'GET', `/moderation/reports${query}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return ModerationReportsPage.parse(res.json())
}

async function auditOf(who: Person, query: string) {
  const res = await request(t, 'GET', `/admin/audit-log${query}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return AuditLogPage.parse(res.json()).items
}

const publicFeed = async () =>
  PicksAnswer.parse((await request(t, 'GET', '/picks', null)).json()).picks.map((p) => p.id)

describe('POST /reports', () => {
  it('files a report once per reporter and target; a repeat answers the open one', async () => {
    const sam = await creator(t, 'sam@example.com', 'sharpsam')
    const pickId = await postPick(t, sam, pickBody())
    const pat = await person(t, 'pat@example.com')
    const first = await report(pat, 'pick', pickId)
    expect(first.statusCode, first.body).toBe(201)
    const { report: filed, repeated } = ReportAnswer.parse(first.json())
    expect(filed).toMatchObject({ target_type: 'pick', target_id: pickId, status: 'open', resolved_at: null })
    expect(repeated).toBe(false)
    const again = await report(pat, 'pick', pickId, 'Still copied')
    expect(again.statusCode).toBe(200)
    expect(ReportAnswer.parse(again.json())).toEqual({ report: filed, repeated: true })
    const profile = await report(pat, 'creator', sam.id, 'Fake record in the bio')
    expect(profile.statusCode).toBe(201)
  })

  it('refuses one’s own content (409), an unknown target (404), a bad body (400) and a visitor (401)', async () => {
    const sam = await creator(t, 'sam@example.com', 'sharpsam')
    const pickId = await postPick(t, sam, pickBody())
    const pat = await person(t, 'pat@example.com')
    const own = await report(sam, 'pick', pickId)
    expect(own.statusCode).toBe(409)
    expect(own.json()).toMatchObject({ error: { reason: 'OWN_CONTENT' } })
    expect((await report(sam, 'creator', sam.id)).statusCode).toBe(409)
    expect((await report(pat, 'pick', unknownId)).statusCode).toBe(404)
    expect((await report(pat, 'creator', pat.id)).statusCode).toBe(404)
    const bad = await report(pat, 'comment', pickId, '')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({
      error: { details: expect.arrayContaining([expect.objectContaining({ field: 'body.target_type' })]) },
    })
    // The reason's messages are the ones the browser shows before sending.
    for (const [reason, message] of [
      ['   ', reportMessages.reasonRequired],
      ['x'.repeat(501), reportMessages.reasonTooLong],
    ]) {
      const refused = await report(pat, 'pick', pickId, reason)
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({ error: { details: [{ field: 'body.reason', message }] } })
    }
    expect((await report(pat, 'pick', pickId, ` ${'x'.repeat(500)} `)).statusCode).toBe(201)
    expect((await report(null, 'pick', pickId)).statusCode).toBe(401)
  })
})

describe('the moderation queue', () => {
  it('lists open reports newest first with the count per target, filters, masks reporters and audits includePersonal', async () => {
    const sam = await creator(t, 'sam@example.com', 'sharpsam')
    const pickId = await postPick(t, sam, pickBody())
    const pat = await person(t, 'pat@example.com')
    const lee = await person(t, 'lee@example.com')
    const mod = await person(t, 'mod@example.com', 'moderator')
    await report(pat, 'pick', pickId)
    clock = new Date('2026-11-23T12:05:00Z')
    await report(lee, 'pick', pickId, 'Tout spam')
    clock = new Date('2026-11-23T12:10:00Z')
    await report(pat, 'creator', sam.id, 'Fake record')

    const page = await queue(mod)
    expect(page).toMatchObject({ total: 3, page: 1, limit: 20, personal: false })
    expect(page.items.map((r) => [r.target_type, r.open_reports_on_target, r.reporter.email])).toEqual([
      ['creator', 1, 'p•••@example.com'],
      ['pick', 2, 'l•••@example.com'],
      ['pick', 2, 'p•••@example.com'],
    ])
    expect((await queue(mod, '?targetType=creator')).items.map((r) => r.target_id)).toEqual([sam.id])
    expect((await queue(mod, '?sortOrder=asc&limit=1')).items.map((r) => r.reason)).toEqual([
      'Copied from another tipster',
    ])
    expect((await queue(mod, '?search=spam')).total).toBe(1)
    expect((await queue(mod, '?status=dismissed')).total).toBe(0)

    const personal = await queue(mod, '?includePersonal=true&targetType=creator')
    expect(personal.items[0]?.reporter).toEqual({ id: pat.id, name: 'Pat Bettor', email: 'pat@example.com' })
    const boss = await person(t, 'boss@example.com', 'admin')
    expect(await auditOf(boss, '?action=personal_data.read')).toMatchObject([
      { actor: { id: mod.id }, target: { id: 'moderation_reports' } },
    ])

    for (const [query, field] of [
      ['?status=closed', 'query.status'],
      ['?sortBy=reason', 'query.sortBy'],
      ['?targetType=user', 'query.targetType'],
    ] as const) {
      const res = await request(t, 'GET', `/moderation/reports${query}`, mod)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ error: { details: [{ field }] } })
    }
  })

  it('is for moderators and verified administrators only, and moderators stay out of the rest of the console', async () => {
    const pat = await person(t, 'pat@example.com')
    const sam = await creator(t, 'sam@example.com', 'sharpsam')
    const half = await person(t, 'half@example.com', 'unverifiedAdmin')
    const mod = await person(t, 'mod@example.com', 'moderator')
    const boss = await person(t, 'boss@example.com', 'admin')
    expect((await request(t, 'GET', '/moderation/reports', null)).statusCode).toBe(401)
    for (const who of [pat, sam, half]) {
      expect((await request(t, 'GET', '/moderation/reports', who)).statusCode).toBe(403)
      expect((await request(t, 'POST', `/moderation/creators/${sam.id}/hide`, who, { note: 'x' })).statusCode).toBe(403)
    }
    expect((await request(t, 'GET', '/moderation/reports', boss)).statusCode).toBe(200)
    // Outside moderation a moderator has no admin powers.
    expect((await request(t, 'GET', '/users', mod)).statusCode).toBe(403)
    expect((await request(t, 'GET', '/admin/audit-log', mod)).statusCode).toBe(403)
    const suspend = await request(t, 'POST', `/admin/users/${pat.id}/suspend`, mod, { reason: 'x' })
    expect(suspend.statusCode).toBe(403)
  })
})

describe('hiding and restoring', () => {
  it('a moderator hides a reported pick: it leaves the public feed but still counts in the record', async () => {
    const sam = await creator(t, 'sam@example.com', 'sharpsam')
    const pickId = await postPick(t, sam, pickBody())
    clock = new Date('2026-11-23T12:01:00Z')
    const otherId = await postPick(t, sam, pickBody({ pick: 'New York Knicks', odds: 130 }))
    // The game is over and the creator graded the pick a win.
    clock = new Date('2026-11-24T00:00:00Z')
    const graded = await request(t, 'POST', `/picks/${pickId}/grade`, sam, { result: 'won' })
    expect(graded.statusCode, graded.body).toBe(200)
    const pat = await person(t, 'pat@example.com')
    const mod = await person(t, 'mod@example.com', 'moderator')
    const boss = await person(t, 'boss@example.com', 'admin')
    await report(pat, 'pick', pickId)
    const recordBefore = CreatorRecord.parse((await request(t, 'GET', `/creators/${sam.id}/record`, null)).json())
    expect(recordBefore.wins).toBe(1)

    const hidden = await request(t, 'POST', `/moderation/picks/${pickId}/hide`, mod, { note: 'Copied pick' })
    expect(hidden.statusCode, hidden.body).toBe(200)
    expect(hidden.json()).toMatchObject({ target_type: 'pick', hidden: true, note: 'Copied pick', reports_actioned: 1 })
    expect(await publicFeed()).toEqual([otherId])
    const ofSam = PicksAnswer.parse((await request(t, 'GET', `/picks/user/${sam.id}`, pat)).json())
    expect(ofSam.picks.map((p) => p.id)).toEqual([otherId])
    expect((await request(t, 'GET', `/picks/${pickId}`, pat)).statusCode).toBe(404)
    // Its creator still sees it, and the record still counts it: hiding cannot curate a record.
    expect((await request(t, 'GET', `/picks/${pickId}`, sam)).statusCode).toBe(200)
    expect(CreatorRecord.parse((await request(t, 'GET', `/creators/${sam.id}/record`, null)).json())).toEqual(
      recordBefore,
    )
    expect((await queue(mod)).total).toBe(0)
    expect((await queue(mod, '?status=actioned')).items).toMatchObject([
      { target_id: pickId, status: 'actioned', resolution_note: 'Copied pick', target_hidden: true },
    ])

    clock = new Date('2026-11-24T00:05:00Z')
    const restored = await request(t, 'POST', `/moderation/picks/${pickId}/restore`, mod, { note: 'Appeal upheld' })
    expect(restored.json()).toMatchObject({ hidden: false, hidden_at: null, reports_actioned: 0 })
    expect(await publicFeed()).toEqual([otherId, pickId])

    const entries = await auditOf(boss, `?targetId=${pickId}&sortOrder=asc`)
    expect(entries.map((e) => [e.action, e.actor.id, e.reason])).toEqual([
      ['pick.hidden', mod.id, 'Copied pick'],
      ['pick.restored', mod.id, 'Appeal upheld'],
    ])
    expect(entries[0]).toMatchObject({ before: { hidden: false }, after: { hidden: true, reportsActioned: 1 } })
  })

  it('sends no alert of a hidden pick, not even one queued before the hide', async () => {
    const sam = await creator(t, 'sam@example.com', 'sharpsam')
    await seedAudience(t.database.db, sam.id, { count: 3, prefix: 'fan' })
    const mod = await person(t, 'mod@example.com', 'moderator')
    const hiddenPick = await insertPick(t.database.db, sam.id)
    const shownPick = await insertPick(t.database.db, sam.id)
    await request(t, 'POST', `/moderation/picks/${hiddenPick.id}/hide`, mod, { note: 'Spam' })
    expect(await fanOutPick(t.app.alerts.deps, hiddenPick.id)).toEqual({ queued: 0, batches: 0 })
    expect((await fanOutPick(t.app.alerts.deps, shownPick.id)).queued).toBe(3)
    // Alerts already queued when a pick is hidden are not sent either.
    await request(t, 'POST', `/moderation/picks/${shownPick.id}/hide`, mod, { note: 'Spam too' })
    expect(await sendDueAlerts(t.app.alerts.deps, sam.id)).toEqual({ sent: 0, retrying: 0, failed: 3 })
  })

  it('keeps a hidden pick in the leaderboard, and takes a hidden creator off it', async () => {
    const sam = await creator(t, 'sam@example.com', 'sharpsam')
    const mod = await person(t, 'mod@example.com', 'moderator')
    const ids: string[] = []
    for (let i = 0; i < pickLimits.leaderboardMinGraded; i++) ids.push((await insertPick(t.database.db, sam.id)).id)
    // Graded wins, written straight in: the leaderboard reads the picks themselves.
    await t.database.db
      .update(picks)
      .set({ result: 'won', gradedAt: clock, gradedBy: 'auto' })
      .where(eq(picks.creatorId, sam.id))
    const board = async () => LeaderboardAnswer.parse((await request(t, 'GET', '/leaderboard', null)).json()).entries
    const before = await board()
    expect(before.map((e) => [e.creator.id, e.record.wins])).toEqual([[sam.id, pickLimits.leaderboardMinGraded]])

    await request(t, 'POST', `/moderation/picks/${ids[0]}/hide`, mod, { note: 'Spam' })
    expect(await board()).toEqual(before)
    await request(t, 'POST', `/moderation/creators/${sam.id}/hide`, mod, { note: 'Tout' })
    expect(await board()).toEqual([])
  })

  it("hides a creator's profile from the shop and the public, the owner still sees it marked hidden", async () => {
    const sam = await creator(t, 'sam@example.com', 'sharpsam')
    const pickId = await postPick(t, sam, pickBody())
    const pat = await person(t, 'pat@example.com')
    const mod = await person(t, 'mod@example.com', 'moderator')
    await report(pat, 'creator', sam.id, 'Impersonates a pro')
    const shop = async () => CreatorsPage.parse((await request(t, 'GET', '/creators/paginated', null)).json()).creators

    const hidden = await request(t, 'POST', `/moderation/creators/${sam.id}/hide`, mod, { note: 'Impersonation' })
    expect(hidden.json()).toMatchObject({ target_type: 'creator', hidden: true, reports_actioned: 1 })
    expect(await shop()).toEqual([])
    expect(await publicFeed()).toEqual([])
    expect((await request(t, 'GET', `/creators/${sam.id}`, pat)).statusCode).toBe(404)
    expect((await request(t, 'GET', `/creators/${sam.id}/stats`, null)).statusCode).toBe(404)
    const own = await request(t, 'GET', `/creators/${sam.id}`, sam)
    expect(own.json()).toMatchObject({ creator: { id: sam.id }, hidden_from_public: true })

    await request(t, 'POST', `/moderation/creators/${sam.id}/restore`, mod, { note: 'Verified identity' })
    expect((await shop()).map((c) => c.id)).toEqual([sam.id])
    expect(await publicFeed()).toEqual([pickId])
    expect((await request(t, 'POST', `/moderation/creators/${pat.id}/hide`, mod, { note: 'x' })).statusCode).toBe(404)
    expect((await request(t, 'POST', `/moderation/picks/${unknownId}/hide`, mod, { note: 'x' })).statusCode).toBe(404)
    expect((await request(t, 'POST', `/moderation/picks/${pickId}/hide`, mod, {})).statusCode).toBe(400)
  })
})

describe('POST /moderation/reports/{id}/dismiss', () => {
  it('dismisses an open report once, audited, and leaves the content shown', async () => {
    const sam = await creator(t, 'sam@example.com', 'sharpsam')
    const pickId = await postPick(t, sam, pickBody())
    const pat = await person(t, 'pat@example.com')
    const mod = await person(t, 'mod@example.com', 'moderator')
    const boss = await person(t, 'boss@example.com', 'admin')
    const { report: filed } = ReportAnswer.parse((await report(pat, 'pick', pickId)).json())

    const res = await request(t, 'POST', `/moderation/reports/${filed.id}/dismiss`, mod, { note: 'Not copied' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ report: { id: filed.id, status: 'dismissed', resolution_note: 'Not copied' } })
    expect(await publicFeed()).toEqual([pickId])
    const twice = await request(t, 'POST', `/moderation/reports/${filed.id}/dismiss`, mod, { note: 'again' })
    expect(twice.statusCode).toBe(409)
    expect((await request(t, 'POST', `/moderation/reports/${unknownId}/dismiss`, mod, { note: 'x' })).statusCode).toBe(
      404,
    )
    expect(await auditOf(boss, '?action=report.dismissed')).toMatchObject([
      { actor: { id: mod.id }, target: { type: 'report', id: filed.id }, reason: 'Not copied' },
    ])
    // A new report of the same pick by the same person opens again once the first is resolved.
    expect((await report(pat, 'pick', pickId)).statusCode).toBe(201)
  })
})
