import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  aGradedPick,
  aPick,
  apiError,
  callsTo,
  feedUserId,
  secondCreatorId,
  servePicksApi,
  teaserOf,
  type PicksCall,
} from '../../test/fake-picks-api.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { Component as MyPicksPage } from './my-picks-page.tsx'

const subscribedPath = `/api/picks/subscribed/${feedUserId}`

function signIn() {
  localStorage.setItem(
    'user',
    JSON.stringify({ id: feedUserId, email: 'sam@example.com', name: 'Sam Rivers', role: 'customer' }),
  )
}

function renderPage(route = '/my-picks') {
  return renderWithProviders(<MyPicksPage />, { route, path: '/my-picks' })
}

const jordan = { id: secondCreatorId, name: 'Jordan Parlay', username: 'JordanParlay', profile_picture: null }

/** A premium spread from Jordan, as an entitled subscriber sees it. */
const premiumSpread = () =>
  aPick({
    creator: jordan,
    user_id: jordan.id,
    sport: 'nfl',
    home_team: 'Kansas City Chiefs',
    away_team: 'Buffalo Bills',
    bet_type: 'spread',
    is_premium: true,
    pick: 'Buffalo Bills',
    line: 3.5,
    odds: -112,
    bookmaker: 'FanDuel',
    reasoning: 'Buffalo’s pass rush travels well.',
  })

function cardOf(matchup: string): HTMLElement {
  return screen.getByRole('article', { name: matchup })
}

function lastCall(calls: PicksCall[], path: string): PicksCall {
  const matching = callsTo(calls, 'GET', path)
  expect(matching.length).toBeGreaterThan(0)
  return matching[matching.length - 1]!
}

describe('my picks page, signed in', () => {
  beforeEach(signIn)

  it('shows the picks of the creators the user subscribes to, premium ones in full', async () => {
    const { calls } = servePicksApi({ subscribed: [premiumSpread()] })
    renderPage()

    const card = await screen.findByRole('article', { name: 'Buffalo Bills @ Kansas City Chiefs' })
    within(card).getByText('Buffalo Bills +3.5')
    within(card).getByText('-112')
    within(card).getByText('FanDuel')
    within(card).getByText('Buffalo’s pass rush travels well.')
    within(card).getByText('Premium')
    within(card).getByText('Pending')
    expect(screen.getByRole('link', { name: 'Your feed' }).getAttribute('aria-current')).toBe('page')
    expect(lastCall(calls, subscribedPath).search.get('offset')).toBe('0')
  })

  it('shows the public feed with free picks in full and premium picks locked', async () => {
    const free = aPick({ reasoning: 'Rest edge for the Lakers.' })
    const locked = teaserOf(premiumSpread())
    const { calls } = servePicksApi({ feed: [free, locked] })
    const { user } = renderPage()

    await user.click(await screen.findByRole('link', { name: 'All picks' }))

    const freeCard = await screen.findByRole('article', { name: 'Boston Celtics @ Los Angeles Lakers' })
    within(freeCard).getByText('Los Angeles Lakers')
    within(freeCard).getByText('+150')
    within(freeCard).getByText('Rest edge for the Lakers.')

    const lockedCard = cardOf('Buffalo Bills @ Kansas City Chiefs')
    within(lockedCard).getByText('Jordan Parlay')
    within(lockedCard).getByText('NFL')
    within(lockedCard).getByText('Spread')
    expect(within(lockedCard).getByRole('link', { name: 'Subscribe to see this pick' }).getAttribute('href')).toBe(
      `/shop-picks/purchase/${jordan.id}`,
    )
    for (const secret of ['-112', '+3.5', 'FanDuel', 'Buffalo’s pass rush', 'Odds', 'Bookmaker']) {
      expect(lockedCard.textContent).not.toContain(secret)
    }
    expect(callsTo(calls, 'GET', '/api/picks')).toHaveLength(1)
  })

  it('sends the sport, creator and status filters with the request and keeps them in the URL', async () => {
    const casey = aPick({ sport: 'nba' })
    const { calls } = servePicksApi({ subscribed: [casey, premiumSpread(), aGradedPick('won', { sport: 'nba' })] })
    const { user } = renderPage()

    const sport = await screen.findByRole('combobox', { name: 'Sport' })
    await screen.findAllByRole('article')
    await user.selectOptions(sport, 'nba')
    await waitFor(() => expect(lastCall(calls, subscribedPath).search.get('sport')).toBe('nba'))

    const creator = screen.getByRole('combobox', { name: 'Creator' })
    expect(
      within(creator)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All creators', 'Casey Lines', 'Jordan Parlay'])
    await user.selectOptions(creator, casey.creator.id)
    await waitFor(() => expect(lastCall(calls, subscribedPath).search.get('creatorId')).toBe(casey.creator.id))
    // The creator list keeps everyone seen, not just the creator chosen.
    expect(within(creator).getAllByRole('option')).toHaveLength(3)

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'graded')
    await waitFor(() => expect(lastCall(calls, subscribedPath).search.get('status')).toBe('graded'))
    const last = lastCall(calls, subscribedPath).search
    expect([last.get('sport'), last.get('creatorId'), last.get('status')]).toEqual(['nba', casey.creator.id, 'graded'])
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1))
    screen.getByText('Won')
    // The tabs are built from the address, which now carries the filters.
    expect(screen.getByRole('link', { name: 'All picks' }).getAttribute('href')).toBe(
      `/my-picks?sport=nba&creator=${casey.creator.id}&status=graded&view=all`,
    )
  })

  it('reads the filters from the URL', async () => {
    const { calls } = servePicksApi({ feed: [] })
    renderPage('/my-picks?view=all&sport=nfl&status=pending&creator=not-an-id')

    await screen.findByRole('heading', { name: 'No picks match these filters' })
    const search = lastCall(calls, '/api/picks').search
    expect(search.get('sport')).toBe('nfl')
    expect(search.get('status')).toBe('pending')
    expect(search.get('creatorId')).toBeNull()
    expect(callsTo(calls, 'GET', subscribedPath)).toHaveLength(0)
  })

  it('shows an empty feed with a quiet notice when the subscribed feed fails (spec §8)', async () => {
    servePicksApi({ feed: [aPick()] }, (call) =>
      call.path === subscribedPath ? apiError(500, 'INTERNAL', 'Something went wrong') : undefined,
    )
    renderPage()

    await screen.findByText('We couldn’t load your feed just now, so it shows no picks.')
    expect(screen.queryByRole('article')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    screen.getByRole('button', { name: 'Try again' })
  })

  it('says how to fill an empty feed', async () => {
    servePicksApi({ subscribed: [] })
    renderPage()
    await screen.findByRole('heading', { name: 'No picks from your creators yet' })
    expect(screen.getByRole('link', { name: 'Browse creators' }).getAttribute('href')).toBe('/shop-picks')
  })

  it('loads more picks with the next offset', async () => {
    const many = Array.from({ length: 25 }, () => aPick())
    const { calls } = servePicksApi({ subscribed: many })
    const { user } = renderPage()

    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20))
    screen.getByText('Showing 20 of 25')
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(25))
    expect(lastCall(calls, subscribedPath).search.get('offset')).toBe('20')
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })
})

describe('my picks page, signed out', () => {
  it('shows the public feed with a way to sign in, and asks for no personal feed', async () => {
    const { calls } = servePicksApi({ feed: [aPick(), teaserOf(premiumSpread())] })
    renderPage()

    expect(await screen.findAllByRole('article')).toHaveLength(2)
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth?redirect=%2Fmy-picks')
    expect(screen.queryByRole('link', { name: 'Your feed' })).toBeNull()
    expect(calls.some((call) => call.path.startsWith('/api/picks/subscribed'))).toBe(false)
  })
})
