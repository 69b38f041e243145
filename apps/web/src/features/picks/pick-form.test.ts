import { pickMessages } from '@picks/contracts/client'
import { describe, expect, it } from 'vitest'
import {
  applyChange,
  newPickValues,
  pickBody,
  pickProblems,
  pickProblemsFromServer,
  type PickFormValues,
} from './pick-form.ts'

const boardGame = {
  id: 'nba-lal-bos',
  home_team: 'Los Angeles Lakers',
  away_team: 'Boston Celtics',
  commence_time: '2099-01-15T19:30:00.000Z',
}

function filled(change: Partial<PickFormValues> = {}): PickFormValues {
  return {
    ...newPickValues('nba'),
    game: boardGame,
    betType: 'spread',
    side: 'Boston Celtics',
    line: '-4.5',
    bookmaker: 'DraftKings',
    odds: '-115',
    priceId: 'draftkings|spreads|Boston Celtics|-4.5',
    reasoning: 'Boston covers on the road.',
    ...change,
  }
}

describe('pick form values', () => {
  it('starts on a known specialty sport with a stake of one unit, and ignores an unknown sport', () => {
    expect(newPickValues('nba')).toMatchObject({ sport: 'nba', stakeUnits: '1', isPremium: false })
    expect(newPickValues('curling').sport).toBe('')
  })

  it('clears the game and the selection when the sport changes, and the selection when the game or bet type does', () => {
    const values = filled()
    expect(applyChange(values, { sport: 'nfl' })).toMatchObject({ sport: 'nfl', game: null, side: '', odds: '' })
    expect(applyChange(values, { game: null })).toMatchObject({ side: '', line: '', bookmaker: '', priceId: null })
    expect(applyChange(values, { betType: 'total' })).toMatchObject({ betType: 'total', side: '', odds: '' })
    // The same sport again changes nothing.
    expect(applyChange(values, { sport: 'nba' })).toEqual(values)
  })

  it('un-chooses the board price when its line is edited by hand, keeping the odds to edit', () => {
    expect(applyChange(filled(), { line: '-5' })).toMatchObject({ line: '-5', priceId: null, odds: '-115' })
  })

  it('keeps a team picked by hand as its name is corrected', () => {
    const values = filled({ game: null, gameByHand: true, homeTeam: 'Suns', awayTeam: 'Nuggets', side: 'Suns' })
    expect(applyChange(values, { homeTeam: 'Suns!' }).side).toBe('Suns!')
    expect(applyChange(values, { awayTeam: 'Denver' }).side).toBe('Suns')
  })

  it('asks for the line of a spread, total or prop and refuses odds that are not American', () => {
    expect(pickProblems(filled({ line: '' })).line).toBe(pickMessages.lineRequired)
    expect(pickProblems(filled({ odds: '1.91' })).odds).toBe(pickMessages.oddsInvalid)
    expect(pickProblems(filled({ odds: '-99' })).odds).toBe(pickMessages.oddsInvalid)
    expect(pickProblems(filled())).toEqual({})
  })

  it('wants player, stat and over/under for a prop', () => {
    const prop = filled({ betType: 'player_prop', side: '', line: '25.5', player: 'LeBron James' })
    expect(pickProblems(prop).selection).toBe(pickMessages.propFieldsRequired)
    expect(pickProblems({ ...prop, player: '' }).selection).toBe(pickMessages.selectionRequired)
  })

  it('refuses a game typed by hand that has already started', () => {
    const typed = filled({ game: null, gameByHand: true, homeTeam: 'A', awayTeam: 'B', gameTime: '2001-01-01T10:00' })
    expect(pickProblems(typed).gameDate).toBe(pickMessages.gameStarted)
  })

  it('sends a total typed by hand with its over/under and line', () => {
    const body = pickBody(
      filled({
        game: null,
        gameByHand: true,
        homeTeam: 'Phoenix Suns',
        awayTeam: 'Denver Nuggets',
        gameTime: '2099-03-01T19:00',
        betType: 'total',
        side: 'under',
        line: '229',
        bookmaker: '',
        odds: '+102',
        stakeUnits: '2.5',
      }),
    )
    expect(JSON.parse(body.pick_details)).toMatchObject({ bet_type: 'total', pick: 'Under 229', odds: 102 })
    expect(body).toMatchObject({ game_id: null, overUnder: 'under', line: 229, bookmaker: null, stake_units: 2.5 })
  })

  it('maps the server’s field problems onto the form’s fields', () => {
    expect(
      pickProblemsFromServer([
        { field: 'body.pick_details.reasoning', message: 'r' },
        { field: 'body.pick_details.home_team', message: 't' },
        { field: 'body.pick_details.odds', message: 'o' },
        { field: 'body.line', message: 'l' },
        { field: 'body.game_id', message: 'g' },
        { field: 'body.unknown', message: 'x' },
      ]),
    ).toEqual({ reasoning: 'r', teams: 't', odds: 'o', line: 'l', game: 'g' })
  })
})
