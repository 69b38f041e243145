import { render, screen, within } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { aGradedPick, aPick, teaserOf } from '../../test/fake-picks-api.ts'
import { PickCard } from './pick-card.tsx'
import { formatGameTime, recordText } from './pick-terms.ts'
import { RecordLine } from './record-line.tsx'
import { ResultBadge } from './result-badge.tsx'

function renderCard(ui: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element: ui }])
  return render(<RouterProvider router={router} />)
}

describe('PickCard', () => {
  it('shows a pick in full: game, selection, odds, line, bookmaker, stake, reasoning and when it was posted', () => {
    const pick = aPick({
      bet_type: 'spread',
      pick: 'Boston Celtics',
      line: -4.5,
      odds: -110,
      market_odds: -115,
      bookmaker: 'FanDuel',
      stake_units: 2,
      reasoning: 'Boston covers on the road after rest.',
    })
    renderCard(<PickCard pick={pick} />)

    const card = screen.getByRole('article', { name: 'Boston Celtics @ Los Angeles Lakers' })
    expect(within(card).getByRole('link', { name: 'Casey Lines' }).getAttribute('href')).toBe(
      `/shop-picks/purchase/${pick.creator.id}`,
    )
    within(card).getByText(formatGameTime(pick.game_date))
    within(card).getByText('Boston Celtics -4.5')
    within(card).getByText('-110')
    within(card).getByText('Market at posting')
    within(card).getByText('-115')
    within(card).getByText('FanDuel')
    within(card).getByText('2u')
    within(card).getByText('Boston covers on the road after rest.')
    within(card).getByText('Pending')
    within(card).getByText(/^Posted/)
    const about = within(card).getByRole('list', { name: 'About this pick' })
    expect(
      within(about)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['NBA', 'Spread', 'Free'])
  })

  it('writes totals and player props as a person says them', () => {
    renderCard(
      <>
        <PickCard pick={aPick({ bet_type: 'total', pick: 'Over 221.5', overUnder: 'over', line: 221.5 })} />
        <PickCard
          pick={aPick({
            bet_type: 'player_prop',
            pick: 'LeBron James Under 25.5 Points',
            player: 'LeBron James',
            stat: 'player_points',
            overUnder: 'under',
            line: 25.5,
            odds: 105,
          })}
        />
      </>,
    )
    screen.getByText('Over 221.5')
    screen.getByText('LeBron James Under 25.5 Points')
    screen.getByText('+105')
  })

  it('shows a locked pick as a teaser with a way to subscribe, and nothing of the bet', () => {
    const full = aPick({
      bet_type: 'spread',
      pick: 'Boston Celtics',
      line: -4.5,
      odds: -110,
      bookmaker: 'FanDuel',
      reasoning: 'Boston covers on the road after rest.',
    })
    renderCard(<PickCard pick={teaserOf(full)} />)

    const card = screen.getByRole('article', { name: 'Boston Celtics @ Los Angeles Lakers' })
    within(card).getByText('Casey Lines')
    within(card).getByText(formatGameTime(full.game_date))
    within(card).getByText('Spread')
    within(card).getByText('Premium')
    expect(within(card).getByRole('link', { name: 'Subscribe to see this pick' }).getAttribute('href')).toBe(
      `/shop-picks/purchase/${full.creator.id}`,
    )
    expect(card.textContent).not.toContain('-110')
    expect(card.textContent).not.toContain('-4.5')
    expect(card.textContent).not.toContain('FanDuel')
    expect(card.textContent).not.toContain('Boston covers')
    expect(within(card).queryByText('Odds')).toBeNull()
  })

  it('shows the result and final score of a graded pick', () => {
    renderCard(<PickCard pick={aGradedPick('won')} />)
    screen.getByText('Won')
    screen.getByText(/Final Boston Celtics 102, Los Angeles Lakers 110/)
  })
})

describe('ResultBadge', () => {
  it.each([
    ['pending', 'Pending'],
    ['won', 'Won'],
    ['lost', 'Lost'],
    ['push', 'Push'],
    ['void', 'Void'],
  ] as const)('reads %s as %s', (result, label) => {
    render(<ResultBadge result={result} />)
    screen.getByText(label)
  })
})

describe('RecordLine', () => {
  it('writes a full record with its ROI and a short one without', () => {
    render(
      <>
        <RecordLine
          record={{
            wins: 12,
            losses: 7,
            pushes: 1,
            voids: 0,
            pending: 2,
            net_units: 5.42,
            units_risked: 20,
            roi_pct: 8.1,
            win_pct: 63.2,
            streak: 'W2',
            last_10: [],
          }}
        />
        <RecordLine record={{ wins: 3, losses: 5, pushes: 0, net_units: -2.3 }} />
      </>,
    )
    screen.getByText('12-7-1 · +5.4u · ROI 8.1%')
    screen.getByText('3-5 · -2.3u')
  })

  it('says so before any graded pick', () => {
    render(<RecordLine record={null} />)
    screen.getByText('No graded picks yet')
    expect(recordText({ wins: 0, losses: 0, pushes: 0, net_units: 0 })).toBeNull()
  })
})
