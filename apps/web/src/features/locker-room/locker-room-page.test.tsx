import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../test/render.tsx'
import { spokenText, tableRows } from '../../test/table-rows.ts'
import {
  aCreatorRecord,
  aLockedPick,
  aPick,
  aPickCreator,
  apiError,
  readsOf,
  serveRecordsApi,
  type RankedCreator,
} from '../../test/fake-records-api.ts'
import { Component as LockerRoomPage } from './locker-room-page.tsx'

function renderLockerRoom(route = '/locker-room') {
  return renderWithProviders(<LockerRoomPage />, {
    route,
    path: route.startsWith('/locker-room/') ? '/locker-room/:sport' : '/locker-room',
  })
}

/** Both locker-room routes, as the app has them, so the sport filter's links can be followed. */
function renderLockerRoomRoutes(route: string) {
  return renderWithProviders(<LockerRoomPage />, { route, path: '/locker-room/:sport?' })
}

const marcus = aPickCreator({ name: 'Marcus Bell', username: 'MarcusSharp', profile_picture: '🏈' })
const dana = aPickCreator({ name: 'Dana Ortiz', username: 'DanaLock', profile_picture: null })
const priya = aPickCreator({ name: 'Priya Walsh', username: 'PriyaEdge', profile_picture: null })
const owen = aPickCreator({ name: 'Owen Hughes', username: 'OwenValue', profile_picture: null })

// Marcus: many picks, more units; Dana: fewer picks, higher ROI; Owen: too few graded picks to rank.
const creators: RankedCreator[] = [
  { creator: marcus, record: aCreatorRecord('WWWWWWWWWWWWWWWWLLLLLLP', { nfl: 'WWWWWWWWWWWWWWLLLLLLP', nba: 'WWL' }) },
  { creator: dana, record: aCreatorRecord('WWWWWWWWWLLP', { nba: 'WWWWWWWWWLLP' }) },
  { creator: priya, record: aCreatorRecord('LLLLLLWWWWW', { nba: 'LLLLLLWWWWW' }) },
  { creator: owen, record: aCreatorRecord('WWWWW', { mlb: 'WWWWW' }) },
]

function rankedNames(): string[] {
  const table = screen.getByRole('table', { name: /Leaderboard/ })
  return within(table).getAllByRole('rowheader').map(spokenText)
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('locker room', () => {
  it('ranks creators by net units with rank, profile link, W-L-P, units, ROI and win %', async () => {
    serveRecordsApi({ creators })
    renderLockerRoom()

    screen.getByRole('heading', { level: 1, name: 'Locker Room' })
    const table = await screen.findByRole('table', { name: 'Leaderboard, ranked by net units' })
    expect(rankedNames()).toEqual(['Marcus Bell', 'Dana Ortiz', 'Priya Walsh'])
    const [first] = tableRows(table)
    expect(first).toEqual({
      Rank: '1',
      Creator: 'Marcus Bell',
      'W-L-P': '16-6-1',
      'Net units': '+8.6u',
      ROI: '+37.2%',
      'Win %': '72.7%',
    })
    expect(within(table).getByRole('link', { name: 'Marcus Bell' }).getAttribute('href')).toBe('/MarcusSharp')
    // Owen has 5 graded picks: not enough to rank.
    expect(within(table).queryByText('Owen Hughes')).toBeNull()
    screen.getByText('From graded picks only. Creators rank after 10 graded picks.')
  })

  it('switches the ranking to ROI and asks the server for it', async () => {
    const { calls } = serveRecordsApi({ creators })
    const { user } = renderLockerRoom()
    await screen.findByRole('table', { name: 'Leaderboard, ranked by net units' })

    const rankBy = screen.getByRole('group', { name: 'Rank by' })
    expect(within(rankBy).getByRole('button', { name: 'Net units' }).getAttribute('aria-pressed')).toBe('true')
    await user.click(within(rankBy).getByRole('button', { name: 'ROI' }))

    await screen.findByRole('table', { name: 'Leaderboard, ranked by ROI' })
    expect(rankedNames()).toEqual(['Dana Ortiz', 'Marcus Bell', 'Priya Walsh'])
    expect(within(rankBy).getByRole('button', { name: 'ROI' }).getAttribute('aria-pressed')).toBe('true')
    expect(readsOf(calls, '/api/leaderboard').map((call) => call.search.get('sortBy'))).toEqual(['net_units', 'roi'])
    // The ranking is in the address, so the sport links carry it along.
    const filter = screen.getByRole('navigation', { name: 'Sports' })
    expect(within(filter).getByRole('link', { name: 'NBA' }).getAttribute('href')).toBe('/locker-room/nba?sort=roi')
  })

  it('shows free picks in full and graded results, locked premium ones without selection or odds', async () => {
    serveRecordsApi({
      creators,
      picks: [
        aPick({
          creator: marcus,
          sport: 'nfl',
          home_team: 'Kansas City Chiefs',
          away_team: 'Buffalo Bills',
          pick: 'Buffalo Bills',
          odds: 145,
        }),
        aLockedPick({
          creator: dana,
          result: 'won',
          graded_at: '2026-03-02T03:00:00.000Z',
          final_score: { home: 110, away: 101 },
          is_closed: true,
        }),
      ],
    })
    renderLockerRoom()

    const free = await screen.findByRole('list', { name: 'Free picks' })
    const freeCard = within(free).getByRole('article', { name: 'Buffalo Bills @ Kansas City Chiefs' })
    within(freeCard).getByText('Buffalo Bills')
    within(freeCard).getByText('+145')

    const graded = await screen.findByRole('list', { name: 'Recently graded' })
    const locked = within(graded).getByRole('article', { name: 'Los Angeles Lakers @ Boston Celtics' })
    within(locked).getByText('Won')
    within(locked).getByRole('link', { name: 'Subscribe to see this pick' })
    // The teaser: no selection, odds, line or reasoning.
    expect(within(locked).queryByText('Odds')).toBeNull()
    expect(locked.textContent).not.toMatch(/[+-]\d{3}\b/)
    expect(locked.textContent).not.toContain('full rest')
  })

  it('asks for free and graded picks of every sport, then of the sport chosen in the filter', async () => {
    const { calls } = serveRecordsApi({ creators })
    const { user } = renderLockerRoomRoutes('/locker-room')
    await screen.findByRole('table', { name: /Leaderboard/ })

    const filter = screen.getByRole('navigation', { name: 'Sports' })
    expect(within(filter).getByRole('link', { name: 'All sports' }).getAttribute('aria-current')).toBe('page')
    const feeds = () => readsOf(calls, '/api/picks').map((call) => Object.fromEntries(call.search.entries()))
    expect(feeds()).toEqual([
      { free: 'true', limit: '20' },
      { status: 'graded', limit: '20' },
    ])

    await user.click(within(filter).getByRole('link', { name: 'NBA' }))

    await screen.findByRole('heading', { level: 1, name: 'NBA Locker Room' })
    await waitFor(() => expect(readsOf(calls, '/api/leaderboard')).toHaveLength(2))
    expect(readsOf(calls, '/api/leaderboard')[1]?.search.get('sport')).toBe('nba')
    await waitFor(() => expect(feeds()).toHaveLength(4))
    expect(feeds().slice(2)).toEqual([
      { sport: 'nba', free: 'true', limit: '20' },
      { sport: 'nba', status: 'graded', limit: '20' },
    ])
    expect(within(filter).getByRole('link', { name: 'NBA' }).getAttribute('aria-current')).toBe('page')
    // The NBA ranking: Dana's NBA record ranks; Marcus has 3 NBA picks.
    await waitFor(() => expect(rankedNames()).toEqual(['Dana Ortiz', 'Priya Walsh']))
    expect(screen.getByRole('link', { name: /NBA Sport Hub/ }).getAttribute('href')).toBe('/sport-hub/nba')
  })

  it('links every sport’s hub from the page of all sports, so each is two clicks from anywhere', async () => {
    serveRecordsApi({ creators })
    renderLockerRoom()
    const hubs = await screen.findByRole('navigation', { name: 'Sport hubs' })
    const links = within(hubs).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      ['nfl', 'ncaaf', 'nba', 'ncaab', 'wnba', 'mlb', 'nhl', 'soccer', 'mma'].map((slug) => `/sport-hub/${slug}`),
    )
    expect(within(hubs).getByRole('link', { name: 'Soccer' }).getAttribute('href')).toBe('/sport-hub/soccer')
  })

  it('keeps the ranking chosen when the sport changes', async () => {
    const { calls } = serveRecordsApi({ creators })
    const { user } = renderLockerRoomRoutes('/locker-room?sort=roi')
    await screen.findByRole('table', { name: 'Leaderboard, ranked by ROI' })

    await user.click(within(screen.getByRole('navigation', { name: 'Sports' })).getByRole('link', { name: 'NFL' }))

    await screen.findByRole('heading', { level: 1, name: 'NFL Locker Room' })
    await waitFor(() => expect(readsOf(calls, '/api/leaderboard')).toHaveLength(2))
    expect(Object.fromEntries(readsOf(calls, '/api/leaderboard')[1]?.search.entries() ?? [])).toEqual({
      sport: 'nfl',
      sortBy: 'roi',
      limit: '25',
    })
  })

  it('says so when nobody ranks yet, and when there are no picks', async () => {
    serveRecordsApi({ creators: [{ creator: owen, record: aCreatorRecord('WWWWW', { mlb: 'WWWWW' }) }] })
    renderLockerRoom('/locker-room/mlb')

    await screen.findByText('No creator has 10 graded MLB picks yet.')
    await screen.findByText('No free MLB picks yet.')
    await screen.findByText('No graded MLB picks yet.')
  })

  it('keeps the page usable when one part fails, with a way to try again', async () => {
    let failing = true
    serveRecordsApi({ creators }, (call) =>
      failing && call.path === '/api/leaderboard' ? apiError(503, 'SERVICE_UNAVAILABLE', 'Down') : undefined,
    )
    const { user } = renderLockerRoom()

    await screen.findByText('We couldn’t load the leaderboard.')
    await screen.findByText('No free picks yet.')
    failing = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByRole('table', { name: /Leaderboard/ })
  })

  it('carries the 18+ notice and the responsible-gambling line', async () => {
    serveRecordsApi({ creators })
    renderLockerRoom()

    const line = screen.getByText(/18\+ only\./).closest('p')
    expect(line?.textContent).toContain('entertainment and information only')
    expect(
      within(line as HTMLElement)
        .getByRole('link', { name: '1-800-GAMBLER' })
        .getAttribute('href'),
    ).toBe('tel:+18004262537')
    await screen.findByRole('table', { name: /Leaderboard/ })
  })

  it('names an unknown sport and links to the locker room of each sport', () => {
    serveRecordsApi({ creators })
    renderLockerRoom('/locker-room/curling')

    screen.getByRole('heading', { level: 1, name: 'Unknown sport' })
    expect(screen.getByRole('link', { name: 'MLB' }).getAttribute('href')).toBe('/locker-room/mlb')
  })
})
