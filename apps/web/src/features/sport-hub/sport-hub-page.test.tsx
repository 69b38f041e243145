import { pickMessages } from '@picks/contracts/client'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../test/render.tsx'
import { tableRows } from '../../test/table-rows.ts'
import {
  aBook,
  aCreatorRecord,
  aGame,
  aLockedPick,
  aPick,
  aPickCreator,
  apiError,
  readsOf,
  serveRecordsApi,
  type FakeRecordsState,
} from '../../test/fake-records-api.ts'
import { Component as SportHubPage } from './sport-hub-page.tsx'

function renderSportHub(sport = 'nba') {
  return renderWithProviders(<SportHubPage />, { route: `/sport-hub/${sport}`, path: '/sport-hub/:sport' })
}

const upcoming = aGame({ id: 'nba-lal-bos', home_team: 'Boston Celtics', away_team: 'Los Angeles Lakers' })
const dana = aPickCreator({ name: 'Dana Ortiz', username: 'DanaLock', profile_picture: null })

const hub: Partial<FakeRecordsState> = {
  odds: [
    {
      ...upcoming,
      bookmakers: [
        aBook(upcoming, {
          key: 'draftkings',
          title: 'DraftKings',
          h2h: { home: -150, away: 130 },
          spread: { point: -3.5, home: -110, away: -110 },
          total: { point: 221.5, over: -110, under: -110 },
        }),
        aBook(upcoming, {
          key: 'fanduel',
          title: 'FanDuel',
          h2h: { home: -140, away: 120 },
          spread: { point: -3, home: -115, away: -105 },
          total: { point: 222.5, over: -105, under: -115 },
        }),
      ],
    },
  ],
  games: [
    upcoming,
    aGame({ home_team: 'Miami Heat', away_team: 'New York Knicks', status: 'live', home_score: 54, away_score: 58 }),
    aGame({
      home_team: 'Denver Nuggets',
      away_team: 'Phoenix Suns',
      status: 'final',
      home_score: 121,
      away_score: 117,
      commence_time: '2026-02-28T02:00:00.000Z',
    }),
    aGame({
      sport: 'nhl',
      sport_key: 'icehockey_nhl',
      home_team: 'Boston Bruins',
      away_team: 'Toronto Maple Leafs',
      status: 'final',
      home_score: 3,
      away_score: 2,
    }),
  ],
  creators: [{ creator: dana, record: aCreatorRecord('WWWWWWWWWLLP', { nba: 'WWWWWWWWWLLP' }) }],
  picks: [
    aPick({ creator: dana, pick: 'Los Angeles Lakers', odds: 130 }),
    aLockedPick({ creator: dana }),
    aPick({ creator: dana, sport: 'nhl', home_team: 'Boston Bruins', away_team: 'Toronto Maple Leafs' }),
  ],
}

/** The best-odds table's rows, each cell under its column's name. */
function bestRows(): Record<string, string>[] {
  return tableRows(screen.getByRole('table', { name: 'Best odds: Los Angeles Lakers @ Boston Celtics' }))
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('sport hub', () => {
  it('shows each upcoming game with the best price per side and the book that has it', async () => {
    const { calls } = serveRecordsApi(hub)
    renderSportHub()

    screen.getByRole('heading', { level: 1, name: 'NBA Sport Hub' })
    const games = await screen.findByRole('list', { name: 'Upcoming NBA games' })
    within(games).getByRole('heading', { name: 'Los Angeles Lakers @ Boston Celtics' })
    // Lakers: +130 at DraftKings beats +120; +3.5 beats +3; the over at 221.5 beats 222.5.
    // Celtics: -140 at FanDuel; -3 beats -3.5; the under at 222.5 beats 221.5.
    expect(bestRows()).toEqual([
      {
        Side: 'Los Angeles Lakers',
        Moneyline: '+130DraftKings',
        Spread: '+3.5 -110DraftKings',
        Total: 'Over 221.5 -110DraftKings',
      },
      { Side: 'Boston Celtics', Moneyline: '-140FanDuel', Spread: '-3 -115FanDuel', Total: 'Under 222.5 -115FanDuel' },
    ])
    expect(readsOf(calls, '/api/odds/nba/all')).toHaveLength(1)
  })

  it('shows the first eight games and the rest on asking', async () => {
    const slate = Array.from({ length: 10 }, (_, i) => {
      const game = aGame({ id: `nba-game-${i}`, home_team: `Home ${i}`, away_team: `Away ${i}` })
      return {
        ...game,
        bookmakers: [aBook(game, { key: 'draftkings', title: 'DraftKings', h2h: { home: -120, away: 100 } })],
      }
    })
    serveRecordsApi({ ...hub, odds: slate })
    const { user } = renderSportHub()

    const games = await screen.findByRole('list', { name: 'Upcoming NBA games' })
    expect(
      within(games)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(slate.slice(0, 8).map((game) => `${game.away_team} @ ${game.home_team}`))
    await user.click(screen.getByRole('button', { name: 'Show all 10 games' }))
    expect(within(games).getAllByRole('heading')).toHaveLength(10)
  })

  it("writes a fight's total in rounds and has no spread column for it", async () => {
    const fight = aGame({
      id: 'mma-fight',
      sport: 'mma',
      sport_key: 'mma_mixed_martial_arts',
      home_team: 'Alex Pereira',
      away_team: 'Jiri Prochazka',
    })
    serveRecordsApi({
      ...hub,
      odds: [
        {
          ...fight,
          bookmakers: [
            aBook(fight, {
              key: 'draftkings',
              title: 'DraftKings',
              h2h: { home: -180, away: 150 },
              total: { point: 2.5, over: 120, under: -145 },
            }),
          ],
        },
      ],
    })
    renderSportHub('mma')

    await screen.findByRole('list', { name: 'Upcoming MMA games' })
    const rows = tableRows(screen.getByRole('table', { name: 'Best odds: Jiri Prochazka @ Alex Pereira' }))
    expect(rows).toEqual([
      { Side: 'Jiri Prochazka', Moneyline: '+150DraftKings', Total: 'Over 2.5 rounds +120DraftKings' },
      { Side: 'Alex Pereira', Moneyline: '-180DraftKings', Total: 'Under 2.5 rounds -145DraftKings' },
    ])
  })

  it('shows live and final scores, live first, and no other sport', async () => {
    serveRecordsApi(hub)
    renderSportHub()

    const scores = await screen.findByRole('list', { name: 'NBA scores' })
    const cards = within(scores).getAllByRole('article')
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'New York Knicks @ Miami Heat',
      'Phoenix Suns @ Denver Nuggets',
    ])
    expect(cards[0]?.textContent).toMatch(/^Live.*New York Knicks58Miami Heat54$/)
    expect(cards[1]?.textContent).toMatch(/^Final.*Phoenix Suns117Denver Nuggets121$/)
  })

  it("lists the sport's top creators and its recent free picks", async () => {
    const { calls } = serveRecordsApi(hub)
    renderSportHub()

    const top = await screen.findByRole('table', { name: 'Top NBA creators by net units' })
    expect(within(top).getByRole('link', { name: 'Dana Ortiz' }).getAttribute('href')).toBe('/DanaLock')
    expect(Object.fromEntries(readsOf(calls, '/api/leaderboard')[0]?.search.entries() ?? [])).toEqual({
      sport: 'nba',
      sortBy: 'net_units',
      limit: '5',
    })
    const picks = await screen.findByRole('list', { name: 'Recent free picks' })
    expect(within(picks).getAllByRole('article')).toHaveLength(1)
    within(picks).getByText('Los Angeles Lakers')
    expect(Object.fromEntries(readsOf(calls, '/api/picks')[0]?.search.entries() ?? [])).toEqual({
      sport: 'nba',
      free: 'true',
      limit: '6',
    })
    expect(screen.getByRole('link', { name: 'Full NBA leaderboard' }).getAttribute('href')).toBe('/locker-room/nba')
  })

  it('says "Failed to fetch game odds" when the odds fail, and keeps the rest of the page', async () => {
    let failing = true
    serveRecordsApi(hub, (call) =>
      failing && call.path === '/api/odds/nba/all' ? apiError(502, 'ODDS_UNAVAILABLE', 'Provider down') : undefined,
    )
    const { user } = renderSportHub()

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(pickMessages.gameOddsFailed)
    await screen.findByRole('list', { name: 'NBA scores' })
    await screen.findByRole('table', { name: 'Top NBA creators by net units' })
    await screen.findByRole('list', { name: 'Recent free picks' })

    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByRole('list', { name: 'Upcoming NBA games' })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says when the board has no games and nothing has been played', async () => {
    serveRecordsApi({})
    renderSportHub('mma')

    await screen.findByText('No upcoming MMA games on the board right now.')
    await screen.findByText('No live or finished MMA games right now.')
    await screen.findByText('No creator has 10 graded MMA picks yet.')
    await screen.findByText('No free MMA picks yet.')
  })

  it('names an unknown sport and links to the hub of each sport', () => {
    const { calls } = serveRecordsApi(hub)
    renderSportHub('curling')

    screen.getByRole('heading', { level: 1, name: 'Unknown sport' })
    screen.getByText(/We don’t cover “curling”/)
    expect(screen.getByRole('link', { name: 'NHL' }).getAttribute('href')).toBe('/sport-hub/nhl')
    expect(calls).toHaveLength(0)
  })

  it('carries the 18+ notice and the responsible-gambling line', async () => {
    serveRecordsApi(hub)
    renderSportHub()

    expect(screen.getByText(/18\+ only\./).closest('p')?.textContent).toContain('Bet responsibly')
    await screen.findByRole('list', { name: 'Upcoming NBA games' })
  })
})
