import { render, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { aCreator, demoCreators } from '../../test/fake-creator-api.ts'
import { CreatorCard } from './creator-card.tsx'

function renderCard(ui: ReactElement) {
  return render(<RouterProvider router={createMemoryRouter([{ path: '*', element: ui }])} />)
}

describe('shop card', () => {
  it("shows the creator's graded record in short: W-L-P and net units", () => {
    const marcus = demoCreators[0]
    expect(marcus?.record).not.toBeNull()
    renderCard(<CreatorCard creator={marcus!} />)

    const record = screen.getByText(/^Record:/).closest('p')
    expect(record?.textContent).toBe('Record: 12-7-1 · +5.4u')
    screen.getByText('From $29')
  })

  it('shows a losing record as such', () => {
    renderCard(
      <CreatorCard
        creator={aCreator({
          name: 'Owen Hughes',
          username: 'OwenValue',
          record: { wins: 3, losses: 6, pushes: 0, net_units: -3.3 },
        })}
      />,
    )
    expect(screen.getByText(/^Record:/).closest('p')?.textContent).toBe('Record: 3-6 · -3.3u')
  })

  it('shows no record before the first graded pick', () => {
    renderCard(<CreatorCard creator={aCreator({ name: 'Priya Walsh', username: 'PriyaEdge' })} />)

    screen.getByRole('link', { name: 'Priya Walsh' })
    expect(screen.queryByText(/Record/)).toBeNull()
    expect(screen.queryByText(/\du$/)).toBeNull()
  })
})
