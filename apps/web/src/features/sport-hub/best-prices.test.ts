import { describe, expect, it } from 'vitest'
import { aBook, aGame } from '../../test/fake-records-api.ts'
import { bestPrices } from './best-prices.ts'

const game = aGame({ home_team: 'Boston Celtics', away_team: 'Los Angeles Lakers' })

function withBooks(...books: Parameters<typeof aBook>[1][]) {
  return { ...game, bookmakers: books.map((book) => aBook(game, book)) }
}

describe('bestPrices', () => {
  it('takes the highest moneyline price per side, each from its own book', () => {
    const best = bestPrices(
      withBooks(
        { key: 'draftkings', title: 'DraftKings', h2h: { home: -150, away: 130 } },
        { key: 'fanduel', title: 'FanDuel', h2h: { home: -140, away: 125 } },
        { key: 'betmgm', title: 'BetMGM', h2h: { home: -155, away: 135 } },
      ),
    )
    expect(best.h2h).toEqual([
      { side: 'Los Angeles Lakers', price: 135, point: null, bookmaker: { key: 'betmgm', title: 'BetMGM' } },
      { side: 'Boston Celtics', price: -140, point: null, bookmaker: { key: 'fanduel', title: 'FanDuel' } },
    ])
  })

  it('compares prices across the sign: +100 beats -105, -105 beats -110', () => {
    const best = bestPrices(
      withBooks(
        { key: 'a', title: 'A', h2h: { home: -110, away: -105 } },
        { key: 'b', title: 'B', h2h: { home: -105, away: 100 } },
      ),
    )
    expect(best.h2h.map((p) => [p.side, p.price, p.bookmaker.key])).toEqual([
      ['Los Angeles Lakers', 100, 'b'],
      ['Boston Celtics', -105, 'b'],
    ])
  })

  it('prefers the better spread line over a better price: +5.5 at -115 beats +5 at -105', () => {
    const best = bestPrices(
      withBooks(
        // The home side's point: -5 means the Lakers get +5.
        { key: 'a', title: 'A', spread: { point: -5, home: -115, away: -105 } },
        { key: 'b', title: 'B', spread: { point: -5.5, home: -105, away: -115 } },
      ),
    )
    expect(best.spreads).toEqual([
      { side: 'Los Angeles Lakers', price: -115, point: 5.5, bookmaker: { key: 'b', title: 'B' } },
      { side: 'Boston Celtics', price: -115, point: -5, bookmaker: { key: 'a', title: 'A' } },
    ])
  })

  it('takes the better price when the line is the same', () => {
    const best = bestPrices(
      withBooks(
        { key: 'a', title: 'A', spread: { point: -3.5, home: -112, away: -108 } },
        { key: 'b', title: 'B', spread: { point: -3.5, home: -106, away: -114 } },
      ),
    )
    expect(best.spreads.map((p) => [p.side, p.point, p.price, p.bookmaker.key])).toEqual([
      ['Los Angeles Lakers', 3.5, -108, 'a'],
      ['Boston Celtics', -3.5, -106, 'b'],
    ])
  })

  it('wants the lowest total for the over and the highest for the under', () => {
    const best = bestPrices(
      withBooks(
        { key: 'a', title: 'A', total: { point: 221.5, over: -110, under: -110 } },
        { key: 'b', title: 'B', total: { point: 220.5, over: -120, under: 100 } },
        { key: 'c', title: 'C', total: { point: 222, over: 105, under: -125 } },
      ),
    )
    expect(best.totals.map((p) => [p.side, p.point, p.price, p.bookmaker.key])).toEqual([
      ['Over', 220.5, -120, 'b'],
      ['Under', 222, -125, 'c'],
    ])
  })

  it('keeps a three-way market’s draw after the teams, and the first book on a tie', () => {
    const best = bestPrices(
      withBooks(
        { key: 'a', title: 'A', h2h: { home: 150, away: 180, draw: 230 } },
        { key: 'b', title: 'B', h2h: { home: 150, away: 175, draw: 240 } },
      ),
    )
    expect(best.h2h.map((p) => [p.side, p.price, p.bookmaker.key])).toEqual([
      ['Los Angeles Lakers', 180, 'a'],
      ['Boston Celtics', 150, 'a'],
      ['Draw', 240, 'b'],
    ])
  })

  it('leaves out markets no book offers, and ignores prop markets', () => {
    const board = withBooks({ key: 'a', title: 'A', h2h: { home: -120, away: 100 } })
    board.bookmakers[0]?.markets.push({
      key: 'player_points',
      outcomes: [{ name: 'Over', price: -115, point: 25.5, description: 'Jayson Tatum' }],
    })
    const best = bestPrices(board)
    expect(best.spreads).toEqual([])
    expect(best.totals).toEqual([])
    expect(best.h2h).toHaveLength(2)
    expect(bestPrices({ ...game, bookmakers: [] })).toEqual({ h2h: [], spreads: [], totals: [] })
  })
})
