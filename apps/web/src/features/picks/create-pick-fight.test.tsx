import type { GameOdds } from '@picks/contracts'
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { aBoardGame, callsTo, servePicksApi } from '../../test/fake-picks-api.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { Component as CreatePickPage } from './create-pick-page.tsx'

/** A fight on the board: moneylines and a rounds total of 2.5 at every book, no spreads. */
function aFight(): GameOdds {
  const game = aBoardGame({ id: 'mma-stone-costa', sport: 'mma', sport_key: 'mma_mixed_martial_arts' })
  return {
    ...game,
    home_team: 'Alex Stone',
    away_team: 'Rui Costa',
    bookmakers: game.bookmakers.map((book, index) => ({
      ...book,
      markets: [
        {
          key: 'h2h',
          outcomes: [
            { name: 'Alex Stone', price: -200 - index * 5, point: null, description: null },
            { name: 'Rui Costa', price: 170 + index * 5, point: null, description: null },
          ],
        },
        {
          key: 'totals',
          outcomes: [
            { name: 'Over', price: -135 + index * 5, point: 2.5, description: null },
            { name: 'Under', price: 115 - index * 5, point: 2.5, description: null },
          ],
        },
      ],
    })),
  }
}

beforeEach(() => {
  localStorage.setItem(
    'user',
    JSON.stringify({ id: '00000000-0000-4000-8000-0000000000c1', email: 'casey@example.com', role: 'creator' }),
  )
})

describe('create pick: a fight’s rounds total', () => {
  it('reads the board’s total as rounds, and posts "Over 2.5 rounds" with its line', async () => {
    const { calls } = servePicksApi({ boards: { mma: [aFight()] } })
    const { user } = renderWithProviders(<CreatePickPage />, { route: '/create-pick', path: '/create-pick' })

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sport' }), 'mma')
    await user.click(await screen.findByRole('radio', { name: /^Rui Costa @ Alex Stone/ }))
    await user.click(screen.getByRole('radio', { name: 'Total' }))
    const over = within(screen.getByRole('group', { name: 'Over' }))
      .getAllByRole('radio')
      .map((radio) => radio.getAttribute('aria-label'))
    expect(over).toEqual([
      'Over 2.5 rounds -130 at DraftKings',
      'Over 2.5 rounds -135 at FanDuel',
      'Over 2.5 rounds -125 at BetMGM',
    ])
    // Each price chip shows the line as rounds too.
    expect(within(screen.getByRole('group', { name: 'Over' })).getAllByText(/^2\.5 rounds -1\d\d$/)).toHaveLength(3)
    await user.click(screen.getByRole('radio', { name: 'Over 2.5 rounds -125 at BetMGM' }))
    expect(screen.getByText(/^Your pick:/).textContent).toBe('Your pick: Over 2.5 rounds at BetMGM')

    await user.type(screen.getByRole('textbox', { name: 'Reasoning' }), 'Both fighters have gone the distance often.')
    await user.click(screen.getByRole('button', { name: 'Publish pick' }))
    await screen.findByRole('heading', { name: 'Pick published' })
    const body = callsTo(calls, 'POST', '/api/picks')[0]!.body as Record<string, unknown>
    expect(JSON.parse(String(body.pick_details))).toMatchObject({
      sport: 'mma',
      bet_type: 'total',
      pick: 'Over 2.5 rounds',
    })
    expect(body).toMatchObject({ line: 2.5, overUnder: 'over', bookmaker: 'BetMGM' })
    // The published card reads the same.
    within(screen.getByRole('article', { name: 'Rui Costa @ Alex Stone' })).getByText('Over 2.5 rounds')
  })

  it('offers no spread on a fight, and a spread chosen for another sport is chosen again', async () => {
    servePicksApi({ boards: { mma: [aFight()] } })
    const { user } = renderWithProviders(<CreatePickPage />, { route: '/create-pick', path: '/create-pick' })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sport' }), 'nba')
    await user.click(screen.getByRole('radio', { name: 'Spread' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sport' }), 'mma')
    const betTypes = within(screen.getByRole('group', { name: 'Bet type' })).getAllByRole('radio')
    expect(betTypes.map((radio) => radio.closest('label')?.textContent)).toEqual(['Moneyline', 'Total', 'Player prop'])
    expect(betTypes.map((radio) => (radio as HTMLInputElement).checked)).toEqual([false, false, false])
  })

  it('asks for the rounds when the total is typed by hand', async () => {
    servePicksApi({ boards: { mma: [aFight()] } })
    const { user } = renderWithProviders(<CreatePickPage />, { route: '/create-pick', path: '/create-pick' })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sport' }), 'mma')
    await user.click(await screen.findByRole('radio', { name: /^Rui Costa @ Alex Stone/ }))
    await user.click(screen.getByRole('radio', { name: 'Total' }))
    await user.click(screen.getByRole('button', { name: 'Not on the board? Enter it by hand' }))
    screen.getByText('The rounds, such as 2.5')
  })
})
