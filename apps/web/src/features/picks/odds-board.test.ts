import type { GameOdds } from '@picks/contracts'
import { describe, expect, it } from 'vitest'
import { aBoardGame, aPropsGame } from '../../test/fake-picks-api.ts'
import { bestMoneylines, mainMarketSides, propPlayers, propSides, propStats } from './odds-board.ts'

const ranks = [
  { key: 'draftkings', title: 'DraftKings', rank: 1 },
  { key: 'fanduel', title: 'FanDuel', rank: 2 },
]

describe('odds board', () => {
  it('lists each side’s prices, ranked bookmakers first and unranked ones after by name, marking the best', () => {
    const [away, home] = mainMarketSides(aBoardGame(), 'moneyline', ranks)
    expect(away?.side).toBe('Boston Celtics')
    expect(home?.side).toBe('Los Angeles Lakers')
    expect(home?.choices.map((c) => [c.bookmaker, c.odds, c.best])).toEqual([
      ['DraftKings', 145, false],
      ['FanDuel', 150, false],
      ['BetMGM', 155, true],
    ])
  })

  it('marks no price the best when every bookmaker pays the same', () => {
    const game = aBoardGame()
    for (const book of game.bookmakers) {
      for (const outcome of book.markets.find((m) => m.key === 'h2h')!.outcomes) outcome.price = -110
    }
    expect(mainMarketSides(game, 'moneyline', ranks).flatMap((s) => s.choices.filter((c) => c.best))).toEqual([])
  })

  it('reads totals as over and under with their line', () => {
    const sides = mainMarketSides(aBoardGame(), 'total', ranks)
    expect(sides.map((s) => s.side)).toEqual(['over', 'under'])
    expect(sides[0]?.choices[0]).toMatchObject({ line: 221.5, odds: -110, bookmaker: 'DraftKings' })
  })

  it('gives each team’s best moneyline, away team first', () => {
    expect(bestMoneylines(aBoardGame())).toEqual([
      { team: 'Boston Celtics', odds: -165 },
      { team: 'Los Angeles Lakers', odds: 155 },
    ])
  })

  it('finds players, their stats and both sides of a prop', () => {
    const props = aPropsGame()
    expect(propPlayers(props)).toEqual(['Jayson Tatum', 'LeBron James'])
    expect(propStats(props, 'LeBron James')).toEqual(['player_points', 'player_rebounds'])
    const [over, under] = propSides(props, 'LeBron James', 'player_points', ranks)
    expect(over?.choices.map((c) => [c.bookmaker, c.line, c.odds])).toEqual([
      ['DraftKings', 26.5, 105],
      ['FanDuel', 25.5, -115],
    ])
    expect(under?.side).toBe('under')
  })

  it('reads a yes/no prop (anytime scorer) as over or under 0.5', () => {
    const game: GameOdds = {
      ...aBoardGame(),
      bookmakers: [
        {
          key: 'fanduel',
          title: 'FanDuel',
          last_update: '2099-01-01T00:00:00.000Z',
          markets: [
            {
              key: 'player_anytime_td',
              outcomes: [{ name: 'Yes', price: 120, point: null, description: 'Travis Kelce' }],
            },
          ],
        },
      ],
    }
    expect(propSides(game, 'Travis Kelce', 'player_anytime_td', ranks)[0]?.choices[0]).toMatchObject({
      side: 'over',
      line: 0.5,
      odds: 120,
    })
  })
})
