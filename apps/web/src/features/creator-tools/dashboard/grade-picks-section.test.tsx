import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { creatorUserId, json } from '../../../test/fake-creator-api.ts'
import { callsTo, stubFetch, type FakeCall } from '../../../test/fake-fetch.ts'
import { aPick } from '../../../test/fake-picks-api.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { GradePicksSection } from './grade-picks-section.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
})

const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString()
const inAnHour = new Date(Date.now() + 60 * 60 * 1000).toISOString()

const startedProp = aPick({
  bet_type: 'player_prop',
  game_date: hourAgo,
  pick: 'LeBron James Over 25.5 Points',
  player: 'LeBron James',
  stat: 'player_points',
  overUnder: 'over',
  line: 25.5,
})
const laterProp = aPick({
  bet_type: 'player_prop',
  game_date: inAnHour,
  player: 'Anthony Davis',
  stat: 'player_points',
})
const startedMoneyline = aPick({ game_date: hourAgo })

function serve(): FakeCall[] {
  const calls: FakeCall[] = []
  const picks = [startedProp, laterProp, startedMoneyline]
  stubFetch(calls, (call) => {
    if (call.method === 'GET' && call.path === `/api/picks/user/${creatorUserId}`) {
      return json({ picks, total: picks.length, limit: 100, offset: 0 })
    }
    if (call.method === 'POST' && call.path === `/api/picks/${startedProp.id}/grade`) {
      picks.splice(0, 1)
      return json({ pick: { ...startedProp, result: 'won' } })
    }
    return json({ error: { code: 'NOT_FOUND', message: 'not found', requestId: 'r' } }, 404)
  })
  return calls
}

describe('picks to grade', () => {
  it('lists only started props and typed games, and sends the grade with the stat value', async () => {
    const calls = serve()
    const { user } = renderWithProviders(<GradePicksSection creatorId={creatorUserId} />)

    const section = await screen.findByRole('region', { name: 'Picks to grade' })
    const groups = within(section).getAllByRole('group')
    expect(groups).toHaveLength(1)
    expect(groups[0]?.getAttribute('aria-label')).toContain('LeBron James')

    await user.type(within(section).getByLabelText(/Final player_points/), '31')
    await user.click(within(groups[0] as HTMLElement).getByRole('button', { name: 'Won' }))

    const [grade] = callsTo(calls, 'POST', `/api/picks/${startedProp.id}/grade`)
    expect(grade?.body).toEqual({ result: 'won', stat_value: 31 })
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Picks to grade' })).toBeNull())
  })
})
