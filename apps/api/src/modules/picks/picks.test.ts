import { PickAnswer, pickMessages, PicksAnswer, type Pick } from '@picks/contracts'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addPlan, creator, dayPass } from '../../test/payments.ts'
import { enterAdminPassword, person, request, type Person } from '../../test/people.ts'
import {
  buy,
  celtics,
  createFakeOdds,
  dayMs,
  errorOf,
  hourMs,
  knicks,
  nbaBook,
  pickBody,
  postPick,
  sellingCreator,
  type FakeOdds,
} from './picks-test-support.ts'
import { pickAudit, picks } from './picks.table.ts'

let t: TestApp
let clock = new Date('2026-11-23T12:00:00Z')
const fake: FakeOdds = createFakeOdds(() => clock)

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

const tipOff = () => new Date(clock.getTime() + 8 * hourMs)

/** Tonight's Knicks at Celtics, on the board at two bookmakers. */
function tonight(id = 'nba-knicks-celtics') {
  return fake.add({
    id,
    sportKey: 'basketball_nba',
    commenceTime: tipOff(),
    homeTeam: celtics,
    awayTeam: knicks,
    bookmakers: [nbaBook(celtics, knicks), nbaBook(celtics, knicks, 'fanduel', 'FanDuel')].map((book, i) =>
      i === 1
        ? {
            ...book,
            markets: book.markets.map((m) =>
              m.key === 'h2h' ? { ...m, outcomes: m.outcomes.map((o) => ({ ...o, price: o.price + 5 })) } : m,
            ),
          }
        : book,
    ),
  })
}

async function pickOf(id: string, who: Person | null = null): Promise<Pick> {
  const res = await request(t, 'GET', `/picks/${id}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return PickAnswer.parse(res.json()).pick
}

/** Adds a client to `who`'s list (POST /clients) and gives its id. */
async function clientOf(who: Person, email: string): Promise<string> {
  const res = await request(t, 'POST', '/clients', who, { name: 'Jo Client', email })
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { client: { id: string } }).client.id
}

async function auditOf(pickId: string) {
  return t.database.db
    .select({ action: pickAudit.action, actorId: pickAudit.actorId, before: pickAudit.before, after: pickAudit.after })
    .from(pickAudit)
    .where(eq(pickAudit.pickId, pickId))
    .orderBy(asc(pickAudit.at), asc(pickAudit.action))
}

describe('POST /api/picks', () => {
  it("stamps the server's time and takes the teams, start and market price from the board", async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const game = tonight()
    const res = await request(
      t,
      'POST',
      '/picks',
      dana,
      pickBody(
        { game_date: '2026-12-25T00:00:00Z', home_team: 'boston celtics', pick: 'boston celtics', odds: -140 },
        { game_id: game.id, bookmaker: 'DraftKings', created_at: '2020-01-01T00:00:00Z', stake_units: 2 },
      ),
    )
    expect(res.statusCode, res.body).toBe(201)
    const { pick } = PickAnswer.parse(res.json())
    expect(pick).toMatchObject({
      user_id: dana.id,
      creator: { id: dana.id, username: 'SharpDana' },
      sport: 'nba',
      game_id: game.id,
      game_date: game.commenceTime.toISOString(),
      home_team: celtics,
      away_team: knicks,
      bet_type: 'moneyline',
      pick: celtics,
      odds: -140,
      market_odds: -150,
      bookmaker: 'DraftKings',
      stake_units: 2,
      result: 'pending',
      locked: false,
      is_closed: false,
      api_version: '2.0',
      form_type: 'optimized',
      created_at: clock.toISOString(),
    })
    expect(JSON.parse(pick.pick_details ?? '')).toEqual({
      sport: 'nba',
      game_date: game.commenceTime.toISOString(),
      home_team: celtics,
      away_team: knicks,
      bet_type: 'moneyline',
      pick: celtics,
      odds: -140,
      reasoning: 'Boston is rested and Knicks are on a back-to-back.',
      result: 'pending',
    })
    const audit = await auditOf(pick.id)
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ action: 'create', actorId: dana.id, before: null, after: { odds: -140 } })
  })

  it('records the best price on the board when no bookmaker is named, and none when the line is not offered', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const game = tonight()
    const best = await postPick(t, dana, pickBody({}, { game_id: game.id }))
    // FanDuel's -145 beats DraftKings' -150.
    expect((await pickOf(best)).market_odds).toBe(-145)
    const total = await postPick(
      t,
      dana,
      pickBody({ bet_type: 'total', pick: 'Under 220.5', odds: -115 }, { game_id: game.id, line: 220.5 }),
    )
    expect(await pickOf(total)).toMatchObject({ overUnder: 'under', market_odds: -115 })
    const prop = await postPick(
      t,
      dana,
      pickBody(
        { bet_type: 'player_prop', pick: 'Jayson Tatum over 27.5 points', odds: -120 },
        { game_id: game.id, line: 27.5, player: 'Jayson Tatum', stat: 'player_points', overUnder: 'over' },
      ),
    )
    expect(await pickOf(prop)).toMatchObject({ player: 'Jayson Tatum', stat: 'player_points', market_odds: -120 })
    const offBoard = await postPick(
      t,
      dana,
      pickBody({ bet_type: 'spread', odds: -110 }, { game_id: game.id, line: -7.5 }),
    )
    expect((await pickOf(offBoard)).market_odds).toBeNull()
  })

  it('names each missing field of pick_details with the spec §5 message', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const res = await request(t, 'POST', '/picks', dana, { pick_details: '{}' })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED' })
    expect(errorOf(res).details).toEqual([
      { field: 'body.pick_details.sport', message: 'Sport is required' },
      { field: 'body.pick_details.game_date', message: 'Game date is required' },
      { field: 'body.pick_details.home_team', message: 'Both teams are required' },
      { field: 'body.pick_details.away_team', message: 'Both teams are required' },
      { field: 'body.pick_details.bet_type', message: 'Bet type is required' },
      { field: 'body.pick_details.pick', message: 'Pick selection is required' },
      { field: 'body.pick_details.odds', message: 'Odds are required' },
      { field: 'body.pick_details.reasoning', message: 'Reasoning must be at least 10 characters' },
    ])

    const short = await request(t, 'POST', '/picks', dana, pickBody({ reasoning: '   too short   ', odds: 50 }))
    expect(errorOf(short).details).toEqual([
      { field: 'body.pick_details.odds', message: pickMessages.oddsInvalid },
      { field: 'body.pick_details.reasoning', message: 'Reasoning must be at least 10 characters' },
    ])
    const notJson = await request(t, 'POST', '/picks', dana, { pick_details: 'sport=nba' })
    expect(errorOf(notJson).details).toEqual([
      { field: 'body.pick_details', message: 'pick_details must be JSON text' },
    ])
    expect(await t.database.db.select().from(picks)).toEqual([])
  })

  it('needs a line for spreads, totals and props, and the player, stat and side of a prop', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const spread = await request(t, 'POST', '/picks', dana, pickBody({ bet_type: 'spread' }))
    expect(errorOf(spread).details).toEqual([{ field: 'body.line', message: pickMessages.lineRequired }])
    const prop = await request(t, 'POST', '/picks', dana, pickBody({ bet_type: 'player_prop', pick: 'Tatum over' }))
    expect(errorOf(prop).details).toEqual([
      { field: 'body.line', message: pickMessages.lineRequired },
      { field: 'body.player', message: pickMessages.propFieldsRequired },
      { field: 'body.stat', message: pickMessages.propFieldsRequired },
      { field: 'body.overUnder', message: pickMessages.propFieldsRequired },
    ])
    const total = await request(
      t,
      'POST',
      '/picks',
      dana,
      pickBody({ bet_type: 'total', pick: 'The total' }, { line: 220.5 }),
    )
    expect(errorOf(total).details).toEqual([{ field: 'body.overUnder', message: 'Choose over or under for a total' }])
    const stake = await request(t, 'POST', '/picks', dana, pickBody({}, { stake_units: 11 }))
    expect(errorOf(stake).details).toEqual([{ field: 'body.stake_units', message: pickMessages.stakeRange }])
  })

  it('refuses a spread on a fight, which scores only its winner', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const fight = { sport: 'mma', home_team: 'Alex Pereira', away_team: 'Jiri Prochazka', pick: 'Alex Pereira' }
    const spread = await request(t, 'POST', '/picks', dana, pickBody({ ...fight, bet_type: 'spread' }, { line: -1.5 }))
    expect(spread.statusCode).toBe(400)
    expect(errorOf(spread).details).toEqual([
      { field: 'body.pick_details.bet_type', message: pickMessages.fightHasNoSpread },
    ])
    expect(await t.database.db.select().from(picks)).toEqual([])
    const moneyline = await request(t, 'POST', '/picks', dana, pickBody({ ...fight, bet_type: 'moneyline' }))
    expect(moneyline.statusCode).toBe(201)
  })

  it('refuses a game that is not on the board, one that has started, and teams that do not play in it', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const game = tonight()
    const unknown = await request(t, 'POST', '/picks', dana, pickBody({}, { game_id: 'nba-nobody-nowhere' }))
    expect(unknown.statusCode).toBe(400)
    expect(errorOf(unknown).details).toEqual([{ field: 'body.game_id', message: 'That game is not on the board' }])

    const wrongTeams = await request(
      t,
      'POST',
      '/picks',
      dana,
      pickBody({ away_team: 'Brooklyn Nets' }, { game_id: game.id }),
    )
    expect(wrongTeams.statusCode).toBe(400)
    expect(errorOf(wrongTeams).details?.map((d) => d.field)).toEqual([
      'body.pick_details.home_team',
      'body.pick_details.away_team',
    ])
    const notATeam = await request(t, 'POST', '/picks', dana, pickBody({ pick: 'Brooklyn Nets' }, { game_id: game.id }))
    expect(errorOf(notATeam).details).toEqual([
      { field: 'body.pick_details.pick', message: "Pick one of the game's teams" },
    ])

    // The provider knows the game is under way before our clock reaches the listed start.
    fake.advance(9 * hourMs)
    fake.set(game.id, { status: 'live' })
    const live = await request(t, 'POST', '/picks', dana, pickBody({}, { game_id: game.id }))
    expect(live.statusCode).toBe(409)
    expect(errorOf(live)).toMatchObject({ reason: 'GAME_STARTED', message: pickMessages.gameStarted })

    // And our clock closes it at the start even while the provider still lists it as upcoming.
    fake.reset()
    tonight()
    clock = new Date(game.commenceTime.getTime())
    const atStart = await request(t, 'POST', '/picks', dana, pickBody({}, { game_id: game.id }))
    expect(atStart.statusCode).toBe(409)
    expect(errorOf(atStart).reason).toBe('GAME_STARTED')
    expect(await t.database.db.select().from(picks)).toEqual([])
  })

  it('takes a game entered by hand only when it starts in the future, with no market price', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const past = await request(t, 'POST', '/picks', dana, pickBody({ game_date: '2026-11-23T11:59:00Z' }))
    expect(past.statusCode).toBe(409)
    expect(errorOf(past)).toMatchObject({
      reason: 'GAME_STARTED',
      details: [{ field: 'body.pick_details.game_date', message: pickMessages.gameStarted }],
    })
    const id = await postPick(t, dana, pickBody({ game_date: '2026-11-24T01:00:00+01:00', home_team: 'Local FC' }))
    expect(await pickOf(id)).toMatchObject({
      game_id: null,
      game_date: '2026-11-24T00:00:00.000Z',
      home_team: 'Local FC',
      market_odds: null,
    })
  })

  it('is for creators; an administrator may post for a creator named by user_id', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const pat = await person(t, 'pat@example.com')
    const boss = await person(t, 'boss@example.com', 'admin')
    expect((await request(t, 'POST', '/picks', null, pickBody())).statusCode).toBe(401)
    const customer = await request(t, 'POST', '/picks', pat, pickBody({}, { user_id: dana.id }))
    expect(customer.statusCode).toBe(403)
    expect(errorOf(customer).reason).toBe('NOT_A_CREATOR')
    const moderator = await person(t, 'mod@example.com', 'moderator')
    expect((await request(t, 'POST', '/picks', moderator, pickBody())).statusCode).toBe(403)

    const forDana = await postPick(t, boss, pickBody({}, { user_id: dana.id }))
    expect(await pickOf(forDana)).toMatchObject({ user_id: dana.id })
    expect((await auditOf(forDana))[0]).toMatchObject({ action: 'create', actorId: boss.id })
    // A creator's user_id is always themself, whatever they send.
    const own = await postPick(t, dana, pickBody({}, { user_id: pat.id }))
    expect(await pickOf(own)).toMatchObject({ user_id: dana.id })
    expect((await request(t, 'POST', '/picks', boss, pickBody({}, { user_id: pat.id }))).statusCode).toBe(404)
  })

  it('asks a visitor to sign in before it reads the body', async () => {
    const res = await request(t, 'POST', '/picks', null, {})
    expect(res.statusCode).toBe(401)
    expect(errorOf(res)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'NOT_SIGNED_IN' })
    expect(res.body).not.toContain('pick_details')
  })

  it('lets an administrator post for a creator only once the admin password is entered', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const tom = await person(t, 'tom@example.com', 'unverifiedAdmin')
    const refused = await request(t, 'POST', '/picks', tom, pickBody({}, { user_id: dana.id }))
    expect(refused.statusCode).toBe(403)
    expect(await t.database.db.select({ id: picks.id }).from(picks)).toHaveLength(0)

    await enterAdminPassword(t, tom)
    const forDana = await postPick(t, tom, pickBody({}, { user_id: dana.id }))
    expect(await pickOf(forDana)).toMatchObject({ user_id: dana.id })
  })

  it('names one of the creator’s own clients (client_id), shown to the creator and admins only', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const clientId = await clientOf(dana, 'jo@example.com')
    const id = await postPick(t, dana, pickBody({}, { client_id: clientId }))
    expect(await pickOf(id, dana)).toMatchObject({ id, client_id: clientId })
    const [row] = await t.database.db.select({ clientId: picks.clientId }).from(picks).where(eq(picks.id, id))
    expect(row?.clientId).toBe(clientId)

    // A second pick for the same client is a pick of its own.
    const second = await postPick(t, dana, pickBody({ odds: 120 }, { client_id: clientId }))
    expect(second).not.toBe(id)
    // Visitors and customers see the pick, not whose client it is for.
    expect((await pickOf(id)).client_id).toBeNull()
    const sam = await person(t, 'sam@example.com')
    expect((await pickOf(id, sam)).client_id).toBeNull()
    const admin = await person(t, 'admin@example.com', 'admin')
    await enterAdminPassword(t, admin)
    expect((await pickOf(id, admin)).client_id).toBe(clientId)
  })

  it('refuses a client_id that is not one of the creator’s clients with a 400 naming the field', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const eli = await creator(t, 'eli@example.com', 'EliEdges')
    const elisClient = await clientOf(eli, 'jo@example.com')
    for (const clientId of [elisClient, '7a0c9f2e-3b1d-4c5e-9f60-1a2b3c4d5e6f']) {
      const res = await request(t, 'POST', '/picks', dana, pickBody({}, { client_id: clientId }))
      expect(res.statusCode).toBe(400)
      expect(errorOf(res).details).toEqual([{ field: 'body.client_id', message: pickMessages.clientUnknown }])
    }
    const notAnId = await request(t, 'POST', '/picks', dana, pickBody({}, { client_id: 'jo' }))
    expect(notAnId.statusCode).toBe(400)
    expect(errorOf(notAnId).details?.[0]?.field).toBe('body.client_id')
    expect(await t.database.db.select({ id: picks.id }).from(picks)).toHaveLength(0)
  })

  it('changes or clears the client on an edit, and keeps it when the edit leaves it out', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const jo = await clientOf(dana, 'jo@example.com')
    const kim = await clientOf(dana, 'kim@example.com')
    const id = await postPick(t, dana, pickBody({}, { client_id: jo }))
    const edit = (extra: Record<string, unknown>) => request(t, 'PUT', `/picks/${id}`, dana, pickBody({}, extra))
    expect((await edit({})).statusCode).toBe(200)
    expect((await pickOf(id, dana)).client_id).toBe(jo)
    expect((await edit({ client_id: kim })).statusCode).toBe(200)
    expect((await pickOf(id, dana)).client_id).toBe(kim)
    const eli = await creator(t, 'eli@example.com', 'EliEdges')
    const refused = await edit({ client_id: await clientOf(eli, 'lee@example.com') })
    expect(refused.statusCode).toBe(400)
    expect(errorOf(refused).details?.[0]?.field).toBe('body.client_id')
    expect((await edit({ client_id: null })).statusCode).toBe(200)
    expect((await pickOf(id, dana)).client_id).toBeNull()
  })
})

describe('changing and deleting a pick', () => {
  it('lets its creator change and delete it before the start, with an audit row each', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const game = tonight()
    const id = await postPick(t, dana, pickBody({}, { game_id: game.id }))
    clock = new Date(clock.getTime() + hourMs)
    const changed = await request(
      t,
      'PUT',
      `/picks/${id}`,
      dana,
      pickBody(
        { pick: knicks, odds: 130, reasoning: 'Changed my mind: the Knicks cover easily.' },
        { game_id: game.id },
      ),
    )
    expect(changed.statusCode, changed.body).toBe(200)
    expect(PickAnswer.parse(changed.json()).pick).toMatchObject({
      pick: knicks,
      odds: 130,
      market_odds: 135,
      updated_at: clock.toISOString(),
    })

    clock = new Date(clock.getTime() + 60_000)
    const removed = await request(t, 'DELETE', `/picks/${id}`, dana)
    expect(removed.statusCode).toBe(204)
    expect((await request(t, 'GET', `/picks/${id}`, dana)).statusCode).toBe(404)
    expect(PicksAnswer.parse((await request(t, 'GET', '/picks', dana)).json()).total).toBe(0)
    expect((await request(t, 'PUT', `/picks/${id}`, dana, pickBody({}, { game_id: game.id }))).statusCode).toBe(404)

    const audit = await auditOf(id)
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['create', dana.id],
      ['update', dana.id],
      ['delete', dana.id],
    ])
    expect(audit[1]).toMatchObject({
      before: { selection: celtics, odds: -150 },
      after: { selection: knicks, odds: 130 },
    })
    expect(audit[2]?.before).toMatchObject({ deletedAt: null })
    expect(audit[2]?.after).toMatchObject({ deletedAt: clock.toISOString() })
    // The row stays for the audit trail.
    expect(await t.database.db.select({ id: picks.id }).from(picks)).toHaveLength(1)
  })

  it('locks a pick at the start: its creator can no longer change or delete it', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const game = tonight()
    const id = await postPick(t, dana, pickBody({}, { game_id: game.id }))

    // The provider's clock is ahead: it reports the game under way before ours reaches the start.
    fake.advance(9 * hourMs)
    fake.set(game.id, { status: 'live' })
    for (const res of [
      await request(t, 'PUT', `/picks/${id}`, dana, pickBody({ odds: 200 }, { game_id: game.id })),
      await request(t, 'DELETE', `/picks/${id}`, dana),
    ]) {
      expect(res.statusCode).toBe(409)
      expect(errorOf(res)).toMatchObject({ reason: 'LOCKED', message: pickMessages.locked })
    }

    fake.reset()
    tonight()
    clock = new Date(game.commenceTime.getTime() + 1000)
    expect((await request(t, 'DELETE', `/picks/${id}`, dana)).statusCode).toBe(409)
    expect(await pickOf(id, dana)).toMatchObject({ is_closed: true, odds: -150 })
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['create'])
  })

  it('is for its creator or an administrator; only an administrator deletes a started pick', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const sam = await creator(t, 'sam@example.com', 'SamPicks')
    const boss = await person(t, 'boss@example.com', 'admin')
    const id = await postPick(t, dana, pickBody())
    expect((await request(t, 'PUT', `/picks/${id}`, sam, pickBody())).statusCode).toBe(403)
    expect((await request(t, 'DELETE', `/picks/${id}`, sam)).statusCode).toBe(403)
    expect((await request(t, 'DELETE', `/picks/${id}`, null)).statusCode).toBe(401)

    clock = new Date(clock.getTime() + dayMs)
    expect((await request(t, 'PUT', `/picks/${id}`, boss, pickBody())).statusCode).toBe(409)
    expect((await request(t, 'DELETE', `/picks/${id}`, boss)).statusCode).toBe(204)
    expect((await auditOf(id)).map((a) => [a.action, a.actorId])).toEqual([
      ['create', dana.id],
      ['delete', boss.id],
    ])
  })

  it("needs the admin password before an administrator changes or deletes another creator's pick", async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const tom = await person(t, 'tom@example.com', 'unverifiedAdmin')
    const id = await postPick(t, dana, pickBody())
    for (const res of [
      await request(t, 'PUT', `/picks/${id}`, tom, pickBody({ odds: 200 })),
      await request(t, 'DELETE', `/picks/${id}`, tom),
    ]) {
      expect(res.statusCode).toBe(403)
      expect(errorOf(res).reason).toBe('ADMIN_PASSWORD_REQUIRED')
    }
    expect(await pickOf(id, dana)).toMatchObject({ odds: -150 })
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['create'])

    await enterAdminPassword(t, tom)
    const changed = await request(t, 'PUT', `/picks/${id}`, tom, pickBody({ odds: 200 }))
    expect(changed.statusCode, changed.body).toBe(200)
    expect(PickAnswer.parse(changed.json()).pick).toMatchObject({ user_id: dana.id, odds: 200 })
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'update', actorId: tom.id })
  })

  it('keeps the audit trail append-only', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const id = await postPick(t, dana, pickBody())
    await expect(t.database.db.update(pickAudit).set({ actorId: 'someone' })).rejects.toThrow()
    await expect(t.database.db.delete(pickAudit).where(eq(pickAudit.pickId, id))).rejects.toThrow()
    expect(await auditOf(id)).toHaveLength(1)
  })
})

describe('who sees a premium pick, on every picks endpoint', () => {
  const selection = 'Jayson Tatum over 27.5 points'
  const player = 'Jayson Tatum'
  const reasoning = 'SECRET-EDGE: Tatum has gone over in nine of ten against this defence.'
  const freeReasoning = 'Free read: Boston at home after two days of rest.'

  interface Cast {
    dana: Person
    premiumId: string
    freeId: string
    viewers: { name: string; who: Person | null; entitled: boolean }[]
  }

  /**
   * Dana sells a monthly plan and a day pass. Pat buys nothing; Eve's day pass ran out; Cody
   * cancelled but his month is paid; Sue subscribes. Then Dana posts a premium prop and a free pick.
   */
  async function cast(): Promise<Cast> {
    const { who: dana, planId } = await sellingCreator(t, 'dana@example.com', 'SharpDana')
    const pass = await addPlan(t, dana, dayPass)
    const pat = await person(t, 'pat@example.com')
    const eve = await person(t, 'eve@example.com')
    const cody = await person(t, 'cody@example.com')
    const sue = await person(t, 'sue@example.com')
    const boss = await person(t, 'boss@example.com', 'admin')
    const tom = await person(t, 'tom@example.com', 'unverifiedAdmin')
    await buy(t, eve, pass.id)
    clock = new Date(clock.getTime() + 2 * dayMs)
    await t.app.billing.runDue(clock)
    const codyPurchase = await buy(t, cody, planId)
    expect((await request(t, 'DELETE', `/purchases/${codyPurchase}`, cody)).statusCode).toBe(200)
    await buy(t, sue, planId)

    const game = tonight()
    const premiumId = await postPick(
      t,
      dana,
      pickBody(
        { bet_type: 'player_prop', pick: selection, odds: -120, reasoning },
        {
          game_id: game.id,
          line: 27.5,
          player,
          stat: 'player_points',
          overUnder: 'over',
          bookmaker: 'DraftKings',
          is_premium: true,
          stake_units: 3,
        },
      ),
    )
    clock = new Date(clock.getTime() + 60_000)
    const freeId = await postPick(t, dana, pickBody({ reasoning: freeReasoning }, { game_id: game.id }))
    return {
      dana,
      premiumId,
      freeId,
      viewers: [
        { name: 'a visitor', who: null, entitled: false },
        { name: 'a signed-in customer without a plan', who: pat, entitled: false },
        { name: 'a customer whose day pass ran out', who: eve, entitled: false },
        { name: 'a subscriber who cancelled within a paid month', who: cody, entitled: true },
        { name: 'a subscriber', who: sue, entitled: true },
        { name: 'the creator', who: dana, entitled: true },
        { name: 'an administrator', who: boss, entitled: true },
        // Until the admin password is entered, an administrator sees what a customer sees.
        { name: 'an administrator who has not entered the admin password', who: tom, entitled: false },
      ],
    }
  }

  function expectLocked(pick: Pick | undefined, rawBody: string, label: string) {
    expect(pick, label).toBeDefined()
    expect(pick, label).toMatchObject({
      locked: true,
      is_premium: true,
      sport: 'nba',
      home_team: celtics,
      away_team: knicks,
      bet_type: 'player_prop',
      pick: null,
      odds: null,
      line: null,
      bookmaker: null,
      player: null,
      stat: null,
      overUnder: null,
      reasoning: null,
      stake_units: null,
      market_odds: null,
      pick_details: null,
      client_id: null,
    })
    expect(rawBody, label).not.toContain(selection)
    expect(rawBody, label).not.toContain(player)
    expect(rawBody, label).not.toContain('SECRET-EDGE')
    expect(rawBody, label).not.toContain('DraftKings')
  }

  function expectFull(pick: Pick | undefined, label: string) {
    expect(pick, label).toMatchObject({
      locked: false,
      pick: selection,
      odds: -120,
      line: 27.5,
      bookmaker: 'DraftKings',
      player,
      stat: 'player_points',
      overUnder: 'over',
      reasoning,
      stake_units: 3,
      market_odds: -120,
    })
    expect(JSON.parse(pick?.pick_details ?? '{}'), label).toMatchObject({ pick: selection, reasoning })
  }

  it('GET /picks, /picks/user/{id} and /picks/{id}: a locked teaser unless entitled; free picks in full to all', async () => {
    const { dana, premiumId, freeId, viewers } = await cast()
    for (const { name, who, entitled } of viewers) {
      for (const url of [
        '/picks',
        '/picks?free=false',
        `/picks/user/${dana.id}`,
        `/picks?creatorId=${dana.id}&sport=nba`,
      ]) {
        const res = await request(t, 'GET', url, who)
        expect(res.statusCode, `${name} ${url}`).toBe(200)
        const feed = PicksAnswer.parse(res.json())
        const premium = feed.picks.find((p) => p.id === premiumId)
        if (entitled) expectFull(premium, `${name} ${url}`)
        else expectLocked(premium, res.body, `${name} ${url}`)
        if (!url.includes('free=false')) {
          expect(
            feed.picks.find((p) => p.id === freeId),
            `${name} ${url}`,
          ).toMatchObject({
            locked: false,
            reasoning: freeReasoning,
            odds: -150,
          })
        }
      }
      const one = await request(t, 'GET', `/picks/${premiumId}`, who)
      expect(one.statusCode).toBe(200)
      const pick = PickAnswer.parse(one.json()).pick
      if (entitled) expectFull(pick, `${name} /picks/{id}`)
      else expectLocked(pick, one.body, `${name} /picks/{id}`)
    }
  })

  it("GET /picks/subscribed/{userId}: the user's own feed holds only creators they are entitled to", async () => {
    const { premiumId, freeId, viewers } = await cast()
    for (const { name, who, entitled } of viewers) {
      if (!who || name === 'the creator' || name === 'an administrator') continue
      const res = await request(t, 'GET', `/picks/subscribed/${who.id}`, who)
      expect(res.statusCode, name).toBe(200)
      const feed = PicksAnswer.parse(res.json())
      if (entitled) {
        expect(
          feed.picks.map((p) => p.id),
          name,
        ).toEqual([freeId, premiumId])
        expectFull(feed.picks[1], name)
      } else {
        expect(feed, name).toEqual({ picks: [], total: 0, limit: 30, offset: 0 })
        expect(res.body, name).not.toContain(selection)
      }
    }
  })

  it('GET /picks/subscribed/{userId} is for that user or an administrator', async () => {
    const { viewers } = await cast()
    const [, pat, , , sue, , boss, tom] = viewers.map((v) => v.who)
    expect((await request(t, 'GET', `/picks/subscribed/${sue!.id}`, null)).statusCode).toBe(401)
    expect((await request(t, 'GET', `/picks/subscribed/${sue!.id}`, pat!)).statusCode).toBe(403)
    const unverified = await request(t, 'GET', `/picks/subscribed/${sue!.id}`, tom!)
    expect(unverified.statusCode).toBe(403)
    expect(errorOf(unverified).reason).toBe('ADMIN_PASSWORD_REQUIRED')
    const asAdmin = await request(t, 'GET', `/picks/subscribed/${sue!.id}`, boss!)
    expect(PicksAnswer.parse(asAdmin.json()).total).toBe(2)
  })

  it('write answers follow the same rule: the creator sees the pick she wrote', async () => {
    const { dana, premiumId } = await cast()
    const res = await request(
      t,
      'PUT',
      `/picks/${premiumId}`,
      dana,
      pickBody(
        { bet_type: 'player_prop', pick: selection, odds: -120, reasoning },
        {
          game_id: 'nba-knicks-celtics',
          line: 27.5,
          player,
          stat: 'player_points',
          overUnder: 'over',
          bookmaker: 'DraftKings',
          is_premium: true,
          stake_units: 3,
        },
      ),
    )
    expect(res.statusCode, res.body).toBe(200)
    expectFull(PickAnswer.parse(res.json()).pick, 'PUT')
  })
})
