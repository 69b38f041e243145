import { gradePick, PickAnswer, pickMessages, type Pick } from '@picks/contracts'
import { asc, eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testOrigin } from '../../test/accounts.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { creator } from '../../test/payments.ts'
import { enterAdminPassword, person, request, type Person } from '../../test/people.ts'
import { createFixtureOddsProvider } from '../odds/odds.service.ts'
import { createGrader } from './picks.service.ts'
import {
  celtics,
  createFakeOdds,
  dayMs,
  errorOf,
  hourMs,
  knicks,
  nbaBook,
  pickBody,
  postPick,
  type FakeOdds,
} from './picks-test-support.ts'
import { pickAudit, picks } from './picks.table.ts'

let t: TestApp
let clock = new Date('2026-11-23T12:00:00Z')
const fake: FakeOdds = createFakeOdds(() => clock)
const log = pino({ level: 'silent' })

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock, odds: fake.provider })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = new Date('2026-11-23T12:00:00Z')
  fake.reset()
})

function grader() {
  return createGrader({ db: t.database.db, odds: fake.provider, now: () => clock, log })
}

function game(id: string, sportKey = 'basketball_nba', home = celtics, away = knicks) {
  return fake.add({
    id,
    sportKey,
    commenceTime: new Date(clock.getTime() + 2 * hourMs),
    homeTeam: home,
    awayTeam: away,
    bookmakers: [nbaBook(home, away)],
  })
}

async function pickOf(id: string, who: Person | null = null): Promise<Pick> {
  const res = await request(t, 'GET', `/picks/${id}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return PickAnswer.parse(res.json()).pick
}

async function auditOf(pickId: string) {
  return t.database.db
    .select({ action: pickAudit.action, actorId: pickAudit.actorId, after: pickAudit.after })
    .from(pickAudit)
    .where(eq(pickAudit.pickId, pickId))
    .orderBy(asc(pickAudit.at))
}

/** Moneyline, spread and total on one game, all on Boston or the over. */
async function threePicks(dana: Person, gameId: string) {
  return {
    moneyline: await postPick(t, dana, pickBody({}, { game_id: gameId })),
    spread: await postPick(t, dana, pickBody({ bet_type: 'spread', odds: -110 }, { game_id: gameId, line: -5.5 })),
    total: await postPick(
      t,
      dana,
      pickBody({ bet_type: 'total', pick: 'Over', odds: -105 }, { game_id: gameId, line: 220.5, overUnder: 'over' }),
    ),
  }
}

describe('grading from final scores', () => {
  it('grades moneyline, spread and total picks once the game is final, and only once', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const g = game('nba-1')
    const ids = await threePicks(dana, g.id)

    clock = new Date(g.commenceTime.getTime() + hourMs)
    fake.set(g.id, { status: 'live', homeScore: 60, awayScore: 50 })
    expect(await grader().gradeDue()).toEqual({ graded: 0 })

    clock = new Date(g.commenceTime.getTime() + 3 * hourMs)
    // Boston by 3: the moneyline wins, -5.5 loses, 203 points stay under 220.5.
    fake.set(g.id, { status: 'final', homeScore: 103, awayScore: 100 })
    expect(await grader().gradeDue()).toEqual({ graded: 3 })
    expect(await grader().gradeDue()).toEqual({ graded: 0 })

    const expected = { moneyline: 'won', spread: 'lost', total: 'lost' } as const
    for (const [kind, id] of Object.entries(ids) as [keyof typeof ids, string][]) {
      expect(await pickOf(id), kind).toMatchObject({
        result: expected[kind],
        final_score: { home: 103, away: 100 },
        graded_at: clock.toISOString(),
        is_closed: true,
      })
      const audit = await auditOf(id)
      expect(
        audit.map((a) => [a.action, a.actorId]),
        kind,
      ).toEqual([
        ['create', dana.id],
        ['grade', 'auto'],
      ])
      expect(audit[1]?.after, kind).toMatchObject({ result: expected[kind], gradedBy: 'auto', finalHomeScore: 103 })
    }
  })

  it('voids every pick on a postponed or cancelled game, player props too', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const postponed = game('nba-postponed')
    const cancelled = game('nba-cancelled')
    const ml = await postPick(t, dana, pickBody({}, { game_id: postponed.id }))
    const prop = await postPick(
      t,
      dana,
      pickBody(
        { bet_type: 'player_prop', pick: 'Tatum over 27.5' },
        { game_id: cancelled.id, line: 27.5, player: 'Jayson Tatum', stat: 'player_points', overUnder: 'over' },
      ),
    )
    clock = new Date(clock.getTime() + 3 * hourMs)
    fake.set(postponed.id, { status: 'postponed' })
    fake.set(cancelled.id, { status: 'cancelled' })
    expect(await grader().gradeDue()).toEqual({ graded: 2 })
    expect(await pickOf(ml)).toMatchObject({ result: 'void', final_score: null })
    expect(await pickOf(prop)).toMatchObject({ result: 'void' })
  })

  it('leaves player props and games entered by hand for a person', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const g = game('nba-1')
    const prop = await postPick(
      t,
      dana,
      pickBody(
        { bet_type: 'player_prop', pick: 'Tatum over 27.5' },
        { game_id: g.id, line: 27.5, player: 'Jayson Tatum', stat: 'player_points', overUnder: 'over' },
      ),
    )
    const byHand = await postPick(t, dana, pickBody({ game_date: g.commenceTime.toISOString() }))
    clock = new Date(clock.getTime() + 6 * hourMs)
    fake.set(g.id, { status: 'final', homeScore: 99, awayScore: 90 })
    expect(await grader().gradeDue()).toEqual({ graded: 0 })
    expect((await pickOf(prop)).result).toBe('pending')
    expect((await pickOf(byHand)).result).toBe('pending')
  })

  it("asks for each sport's scores once per run, and only for sports with picks due", async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const a = game('nba-a')
    const b = game('nba-b', 'basketball_nba', 'Miami Heat', 'Chicago Bulls')
    const later = fake.add({
      id: 'nhl-later',
      sportKey: 'icehockey_nhl',
      commenceTime: new Date(clock.getTime() + 2 * dayMs),
      homeTeam: 'Boston Bruins',
      awayTeam: 'Toronto Maple Leafs',
    })
    await postPick(t, dana, pickBody({}, { game_id: a.id }))
    await postPick(
      t,
      dana,
      pickBody({ home_team: 'Miami Heat', away_team: 'Chicago Bulls', pick: 'Miami Heat' }, { game_id: b.id }),
    )
    await postPick(
      t,
      dana,
      pickBody(
        { sport: 'nhl', home_team: 'Boston Bruins', away_team: 'Toronto Maple Leafs', pick: 'Boston Bruins' },
        { game_id: later.id },
      ),
    )
    clock = new Date(clock.getTime() + 5 * hourMs)
    fake.set(a.id, { status: 'final', homeScore: 100, awayScore: 90 })
    fake.set(b.id, { status: 'final', homeScore: 80, awayScore: 90 })
    expect(await grader().gradeDue()).toEqual({ graded: 2 })
    expect(Object.fromEntries(fake.scoreCalls)).toEqual({ basketball_nba: 1 })
  })

  it('grades nothing and throws nothing while the provider is down, then catches up', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const g = game('nba-1')
    const id = await postPick(t, dana, pickBody({}, { game_id: g.id }))
    clock = new Date(clock.getTime() + 5 * hourMs)
    fake.set(g.id, { status: 'final', homeScore: 90, awayScore: 100 })
    fake.down = true
    expect(await grader().gradeDue()).toEqual({ graded: 0 })
    fake.down = false
    expect(await grader().gradeDue()).toEqual({ graded: 1 })
    expect((await pickOf(id)).result).toBe('lost')
  })

  it('does not grade a deleted pick', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const g = game('nba-1')
    const id = await postPick(t, dana, pickBody({}, { game_id: g.id }))
    expect((await request(t, 'DELETE', `/picks/${id}`, dana)).statusCode).toBe(204)
    clock = new Date(clock.getTime() + 5 * hourMs)
    fake.set(g.id, { status: 'final', homeScore: 100, awayScore: 90 })
    expect(await grader().gradeDue()).toEqual({ graded: 0 })
    const [row] = await t.database.db.select({ result: picks.result }).from(picks).where(eq(picks.id, id))
    expect(row?.result).toBe('pending')
  })
})

describe('POST /api/picks/{id}/grade (player props and games entered by hand)', () => {
  async function propOn(dana: Person, gameId: string) {
    return postPick(
      t,
      dana,
      pickBody(
        { bet_type: 'player_prop', pick: 'Tatum over 27.5' },
        { game_id: gameId, line: 27.5, player: 'Jayson Tatum', stat: 'player_points', overUnder: 'over' },
      ),
    )
  }

  it('lets the creator grade a prop once the game has started, with the stat in the audit entry', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const g = game('nba-1')
    const id = await propOn(dana, g.id)

    const early = await request(t, 'POST', `/picks/${id}/grade`, dana, { result: 'won', stat_value: 31 })
    expect(early.statusCode).toBe(409)
    expect(errorOf(early).reason).toBe('NOT_STARTED')

    clock = new Date(g.commenceTime.getTime() + 3 * hourMs)
    const contradicted = await request(t, 'POST', `/picks/${id}/grade`, dana, { result: 'won', stat_value: 20 })
    expect(contradicted.statusCode).toBe(400)
    expect(errorOf(contradicted).details?.[0]?.field).toBe('body.result')

    const graded = await request(t, 'POST', `/picks/${id}/grade`, dana, { result: 'won', stat_value: 31 })
    expect(graded.statusCode, graded.body).toBe(200)
    expect(PickAnswer.parse(graded.json()).pick).toMatchObject({ result: 'won', graded_at: clock.toISOString() })
    const audit = await auditOf(id)
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['create', dana.id],
      ['grade', dana.id],
    ])
    expect(audit[1]?.after).toMatchObject({ result: 'won', gradedBy: dana.id, stat_value: 31 })

    const again = await request(t, 'POST', `/picks/${id}/grade`, dana, { result: 'lost' })
    expect(again.statusCode).toBe(409)
    expect(errorOf(again).reason).toBe('ALREADY_GRADED')
    // Graded is closed: no more changes.
    expect((await request(t, 'DELETE', `/picks/${id}`, dana)).statusCode).toBe(409)
  })

  it('takes the provider’s word that the game started, before our clock says so', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const g = game('nba-1')
    const id = await propOn(dana, g.id)
    fake.advance(5 * hourMs)
    fake.set(g.id, { status: 'final', homeScore: 100, awayScore: 90 })
    const res = await request(t, 'POST', `/picks/${id}/grade`, dana, { result: 'lost', stat_value: 22 })
    expect(res.statusCode, res.body).toBe(200)
  })

  it('grades a game entered by hand after its start, by its creator or an admin only', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const sam = await creator(t, 'sam@example.com', 'SamPicks')
    const boss = await person(t, 'boss@example.com', 'admin')
    const start = new Date(clock.getTime() + hourMs).toISOString()
    const first = await postPick(t, dana, pickBody({ game_date: start }))
    const second = await postPick(t, dana, pickBody({ game_date: start }))
    clock = new Date(clock.getTime() + 4 * hourMs)
    expect((await request(t, 'POST', `/picks/${first}/grade`, sam, { result: 'won' })).statusCode).toBe(403)
    expect((await request(t, 'POST', `/picks/${first}/grade`, null, { result: 'won' })).statusCode).toBe(401)
    expect((await request(t, 'POST', `/picks/${first}/grade`, dana, { result: 'push' })).statusCode).toBe(200)
    expect((await request(t, 'POST', `/picks/${second}/grade`, boss, { result: 'void' })).statusCode).toBe(200)
    expect(await pickOf(first)).toMatchObject({ result: 'push' })
    expect((await auditOf(second)).at(-1)).toMatchObject({ action: 'grade', actorId: boss.id })
  })

  it("needs the admin password before an administrator grades another creator's pick", async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const tom = await person(t, 'tom@example.com', 'unverifiedAdmin')
    const g = game('nba-1')
    // A listed game's moneyline too: grading it by hand is an administrator's power alone.
    const prop = await propOn(dana, g.id)
    const moneyline = await postPick(t, dana, pickBody({}, { game_id: g.id }))
    clock = new Date(g.commenceTime.getTime() + 3 * hourMs)
    for (const id of [prop, moneyline]) {
      const refused = await request(t, 'POST', `/picks/${id}/grade`, tom, { result: 'won' })
      expect(refused.statusCode).toBe(403)
      expect(errorOf(refused).reason).toBe('ADMIN_PASSWORD_REQUIRED')
      expect(await pickOf(id)).toMatchObject({ result: 'pending', graded_at: null })
    }

    await enterAdminPassword(t, tom)
    for (const id of [prop, moneyline]) {
      const graded = await request(t, 'POST', `/picks/${id}/grade`, tom, { result: 'won' })
      expect(graded.statusCode, graded.body).toBe(200)
      expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'grade', actorId: tom.id })
    }
  })

  it("leaves a listed game's moneyline to the grader: its creator cannot grade it by hand", async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const g = game('nba-1')
    const id = await postPick(t, dana, pickBody({}, { game_id: g.id }))
    clock = new Date(clock.getTime() + 5 * hourMs)
    const res = await request(t, 'POST', `/picks/${id}/grade`, dana, { result: 'won' })
    expect(res.statusCode).toBe(409)
    expect(errorOf(res).reason).toBe('AUTO_GRADED')
  })
})

describe('the fixture provider, end to end', () => {
  let f: TestApp
  let fixtureClock = new Date()
  const odds = createFixtureOddsProvider({ now: () => fixtureClock })

  beforeAll(async () => {
    f = await buildTestApp({}, { now: () => fixtureClock, odds })
  })
  afterAll(async () => {
    await f.app.close()
  })

  it('grades a pick on a listed game when an admin moves the fixture clock past its end', async () => {
    fixtureClock = new Date()
    const dana = await creator(f, 'dana@example.com', 'SharpDana')
    const [next] = (await odds.odds('basketball_nba', { markets: ['h2h'] })).sort(
      (a, b) => a.commenceTime.getTime() - b.commenceTime.getTime(),
    )
    if (!next) throw new Error('the fixtures list no upcoming NBA game')
    const res = await request(
      f,
      'POST',
      '/picks',
      dana,
      pickBody(
        { home_team: next.homeTeam, away_team: next.awayTeam, pick: next.homeTeam, odds: -110 },
        { game_id: next.id },
      ),
    )
    expect(res.statusCode, res.body).toBe(201)
    const { pick } = PickAnswer.parse(res.json())
    expect(pick.market_odds).not.toBeNull()
    expect(pick.game_date).toBe(next.commenceTime.toISOString())

    const advance = (cookie: string | null, hours: number) =>
      f.app.inject({
        method: 'POST',
        url: '/api/admin/odds-fixtures/advance',
        headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
        payload: { hours },
      })
    expect((await advance(dana.cookie, 12)).statusCode).toBe(403)
    const unverified = await advance((await person(f, 'tom@example.com', 'unverifiedAdmin')).cookie, 12)
    expect(unverified.statusCode).toBe(403)
    expect(errorOf(unverified).reason).toBe('ADMIN_PASSWORD_REQUIRED')
    const admin = (await person(f, 'boss@example.com', 'admin')).cookie
    expect((await advance(admin, 73)).statusCode).toBe(400)
    const moved = await advance(admin, 12)
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json()).toEqual({ graded: 1 })

    const score = (await odds.scores('basketball_nba', 1)).find((g) => g.id === next.id)
    expect(score?.status).toBe('final')
    const expected = gradePick(
      {
        betType: 'moneyline',
        selection: next.homeTeam,
        homeTeam: next.homeTeam,
        awayTeam: next.awayTeam,
        line: null,
        overUnder: null,
      },
      { status: 'final', homeScore: score?.homeScore ?? null, awayScore: score?.awayScore ?? null },
    )
    const graded = await request(f, 'GET', `/picks/${pick.id}`, null)
    expect(PickAnswer.parse(graded.json()).pick).toMatchObject({
      result: expected,
      final_score: { home: score?.homeScore, away: score?.awayScore },
    })
    // A change is refused now that the game is over, even though the app's own clock has not moved.
    const change = await request(f, 'PUT', `/picks/${pick.id}`, dana, pickBody({}, { game_id: next.id }))
    expect(change.statusCode).toBe(409)
    expect(errorOf(change).message).toBe(pickMessages.locked)
  })

  it('is not there without the fixture provider', async () => {
    const boss = await person(t, 'boss@example.com', 'admin')
    const res = await request(t, 'POST', '/admin/odds-fixtures/advance', boss, { hours: 2 })
    expect(res.statusCode).toBe(404)
  })
})
