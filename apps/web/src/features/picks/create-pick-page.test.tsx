import { fallbackBookmakerRankings, pickMessages } from '@picks/contracts/client'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { aClient } from '../../test/fake-clients-api.ts'
import { aBoardGame, aPropsGame, apiError, callsTo, servePicksApi, type PicksCall } from '../../test/fake-picks-api.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { Component as CreatePickPage } from './create-pick-page.tsx'

const creator = {
  id: '00000000-0000-4000-8000-0000000000c1',
  email: 'casey@example.com',
  name: 'Casey Lines',
  role: 'creator',
}

function signInAsCreator(extra: Record<string, unknown> = {}) {
  localStorage.setItem('user', JSON.stringify({ ...creator, ...extra }))
}

function renderPage() {
  return renderWithProviders(<CreatePickPage />, { route: '/create-pick', path: '/create-pick' })
}

/** The text of whatever describes `element` (its hint and its error). */
function descriptionOf(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

function postedBody(calls: PicksCall[]) {
  const posts = callsTo(calls, 'POST', '/api/picks')
  expect(posts).toHaveLength(1)
  const body = posts[0]!.body as Record<string, unknown>
  return { ...body, pick_details: JSON.parse(String(body.pick_details)) as Record<string, unknown> }
}

const reasoning = 'Lakers are rested and Boston is on a back-to-back.'

type User = ReturnType<typeof renderPage>['user']

async function chooseBoardGame(user: User, sport = 'nba') {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Sport' }), sport)
  await user.click(await screen.findByRole('radio', { name: /^Boston Celtics @ Los Angeles Lakers/ }))
}

async function finishAndPublish(user: User) {
  await user.type(screen.getByRole('textbox', { name: 'Reasoning' }), reasoning)
  await user.click(screen.getByRole('button', { name: 'Publish pick' }))
}

function priceNamesIn(groupName: string): string[] {
  return within(screen.getByRole('group', { name: groupName }))
    .getAllByRole('radio')
    .map((radio) => radio.getAttribute('aria-label') ?? '')
}

beforeEach(() => signInAsCreator())

describe('create pick page', () => {
  it('builds a moneyline pick from the odds board and publishes the enhanced pick', async () => {
    const game = aBoardGame()
    const { calls } = servePicksApi({ boards: { nba: [game] } })
    const { user } = renderPage()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sport' }), 'nba')
    const gameRadio = await screen.findByRole('radio', { name: /^Boston Celtics @ Los Angeles Lakers/ })
    screen.getByText('Best moneyline: Boston Celtics -165 · Los Angeles Lakers +155', { exact: false })
    await user.click(gameRadio)
    await user.click(screen.getByRole('radio', { name: 'Moneyline' }))

    // Bookmakers in the ranking order (the fake answers the spec's six, DraftKings first).
    expect(priceNamesIn('Los Angeles Lakers')).toEqual([
      'Los Angeles Lakers +145 at DraftKings',
      'Los Angeles Lakers +150 at FanDuel',
      'Los Angeles Lakers +155 at BetMGM',
    ])
    await user.click(screen.getByRole('radio', { name: 'Los Angeles Lakers +145 at DraftKings' }))
    const odds = screen.getByRole('textbox', { name: 'Odds' })
    expect((odds as HTMLInputElement).value).toBe('+145')
    expect(screen.getByText(/^Your pick:/).textContent).toBe('Your pick: Los Angeles Lakers at DraftKings')

    await user.click(screen.getByRole('radio', { name: /Premium/ }))
    expect((screen.getByRole('spinbutton', { name: 'Stake (units)' }) as HTMLInputElement).value).toBe('1')
    await finishAndPublish(user)

    await screen.findByRole('heading', { name: 'Pick published' })
    expect(postedBody(calls)).toEqual({
      pick_details: {
        sport: 'nba',
        game_date: game.commence_time,
        home_team: 'Los Angeles Lakers',
        away_team: 'Boston Celtics',
        bet_type: 'moneyline',
        pick: 'Los Angeles Lakers',
        odds: 145,
        reasoning,
        result: 'pending',
      },
      game_id: 'nba-lal-bos',
      bookmaker: 'DraftKings',
      line: null,
      player: null,
      stat: null,
      overUnder: null,
      api_version: '2.0',
      form_type: 'optimized',
      is_premium: true,
      stake_units: 1,
    })

    const card = screen.getByRole('article', { name: 'Boston Celtics @ Los Angeles Lakers' })
    within(card).getByText('+145')
    within(card).getByText('Premium')
    expect(screen.getByRole('link', { name: 'Go to My Picks' }).getAttribute('href')).toBe('/my-picks')

    await user.click(screen.getByRole('button', { name: 'Post another' }))
    screen.getByRole('heading', { name: 'Create Pick' })
    expect((screen.getByRole('combobox', { name: 'Sport' }) as HTMLSelectElement).value).toBe('nba')
    expect((screen.getByRole('textbox', { name: 'Reasoning' }) as HTMLTextAreaElement).value).toBe('')
  })

  it('fills the line from a spread or total price and sends over/under for a total', async () => {
    const { calls } = servePicksApi({ boards: { nba: [aBoardGame()] } })
    const { user } = renderPage()

    await chooseBoardGame(user)
    await user.click(screen.getByRole('radio', { name: 'Spread' }))
    expect(priceNamesIn('Boston Celtics')).toContain('Boston Celtics -4.5 -115 at DraftKings')
    await user.click(screen.getByRole('radio', { name: 'Total' }))
    expect(priceNamesIn('Over')).toEqual([
      'Over 221.5 -110 at DraftKings',
      'Over 221.5 -108 at FanDuel',
      'Over 221.5 -115 at BetMGM',
    ])
    await user.click(screen.getByRole('radio', { name: 'Under 221.5 -105 at BetMGM' }))
    await finishAndPublish(user)

    await screen.findByRole('heading', { name: 'Pick published' })
    const body = postedBody(calls)
    expect(body.pick_details).toMatchObject({ bet_type: 'total', pick: 'Under 221.5', odds: -105 })
    expect(body).toMatchObject({ line: 221.5, overUnder: 'under', bookmaker: 'BetMGM', player: null })
  })

  it('names one of the creator’s clients from the Client select (GET /clients), and sends client_id', async () => {
    const dana = aClient({ name: 'Dana Ortiz', email: 'dana@example.com' })
    const { calls } = servePicksApi({
      boards: { nba: [aBoardGame()] },
      clients: [dana, aClient({ name: 'Sam Rivers', email: 'sam@example.com' })],
    })
    const { user } = renderPage()

    const select = await screen.findByRole('combobox', { name: 'Client (optional)' })
    await waitFor(() => expect(select).toHaveProperty('disabled', false))
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No client', 'Dana Ortiz (dana@example.com)', 'Sam Rivers (sam@example.com)'])
    expect(callsTo(calls, 'GET', '/api/clients').map((call) => call.search.get('limit'))).toEqual(['100'])

    await chooseBoardGame(user)
    await user.click(screen.getByRole('radio', { name: 'Moneyline' }))
    await user.click(screen.getByRole('radio', { name: 'Los Angeles Lakers +145 at DraftKings' }))
    await user.selectOptions(select, dana.id)
    await finishAndPublish(user)

    await screen.findByRole('heading', { name: 'Pick published' })
    expect(postedBody(calls)).toMatchObject({ client_id: dana.id })
  })

  it('sends no client_id when none is chosen, and points to the Clients page when the list is empty', async () => {
    const { calls } = servePicksApi({ boards: { nba: [aBoardGame()] } })
    const { user } = renderPage()

    const select = await screen.findByRole('combobox', { name: 'Client (optional)' })
    await waitFor(() => expect(descriptionOf(select)).toContain('No clients yet'))
    expect(screen.getByRole('link', { name: 'Clients page' }).getAttribute('href')).toBe('/creator/clients')
    await chooseBoardGame(user)
    await user.click(screen.getByRole('radio', { name: 'Moneyline' }))
    await user.click(screen.getByRole('radio', { name: 'Los Angeles Lakers +145 at DraftKings' }))
    await finishAndPublish(user)

    await screen.findByRole('heading', { name: 'Pick published' })
    expect(postedBody(calls)).not.toHaveProperty('client_id')
  })

  it('puts the server’s refusal of a client at the Client field', async () => {
    const gone = aClient({ name: 'Dana Ortiz' })
    servePicksApi({ boards: { nba: [aBoardGame()] }, clients: [gone] }, (call) =>
      call.method === 'POST' && call.path === '/api/picks'
        ? apiError(400, 'VALIDATION_FAILED', pickMessages.clientUnknown, {
            details: [{ field: 'body.client_id', message: pickMessages.clientUnknown }],
          })
        : undefined,
    )
    const { user } = renderPage()

    const select = await screen.findByRole('combobox', { name: 'Client (optional)' })
    await waitFor(() => expect(select).toHaveProperty('disabled', false))
    await chooseBoardGame(user)
    await user.click(screen.getByRole('radio', { name: 'Moneyline' }))
    await user.click(screen.getByRole('radio', { name: 'Los Angeles Lakers +145 at DraftKings' }))
    await user.selectOptions(select, gone.id)
    await finishAndPublish(user)

    await waitFor(() => expect(descriptionOf(select)).toContain(pickMessages.clientUnknown))
    expect(select.getAttribute('aria-invalid')).toBe('true')
  })

  it('lets the creator adjust a board price by hand, the fields starting from the price chosen', async () => {
    const { calls } = servePicksApi({ boards: { nba: [aBoardGame()] } })
    const { user } = renderPage()

    await chooseBoardGame(user)
    await user.click(screen.getByRole('radio', { name: 'Spread' }))
    await user.click(screen.getByRole('radio', { name: 'Boston Celtics -4.5 -115 at DraftKings' }))
    await user.click(screen.getByRole('button', { name: 'Not on the board? Enter it by hand' }))

    expect((screen.getByRole('radio', { name: 'Boston Celtics' }) as HTMLInputElement).checked).toBe(true)
    const line = screen.getByRole('textbox', { name: 'Line' })
    expect((line as HTMLInputElement).value).toBe('-4.5')
    await user.clear(line)
    await user.type(line, '-5')
    const odds = screen.getByRole('textbox', { name: 'Odds' })
    await user.clear(odds)
    await user.type(odds, '-120')
    expect(screen.getByText(/^Your pick:/).textContent).toBe('Your pick: Boston Celtics -5 at DraftKings')
    await finishAndPublish(user)

    await screen.findByRole('heading', { name: 'Pick published' })
    const body = postedBody(calls)
    expect(body.pick_details).toMatchObject({ bet_type: 'spread', pick: 'Boston Celtics', odds: -120 })
    expect(body).toMatchObject({ game_id: 'nba-lal-bos', line: -5, bookmaker: 'DraftKings' })
  })

  it('orders bookmakers by the served rankings, and by the spec’s fallback when rankings fail', async () => {
    servePicksApi({
      boards: { nba: [aBoardGame()] },
      rankings: [
        { key: 'betmgm', title: 'BetMGM', rank: 1 },
        { key: 'fanduel', title: 'FanDuel', rank: 2 },
        { key: 'draftkings', title: 'DraftKings', rank: 3 },
      ],
    })
    const first = renderPage()
    await chooseBoardGame(first.user)
    await first.user.click(screen.getByRole('radio', { name: 'Moneyline' }))
    await waitFor(() =>
      expect(priceNamesIn('Boston Celtics').map((name) => name.split(' at ')[1])).toEqual([
        'BetMGM',
        'FanDuel',
        'DraftKings',
      ]),
    )
    first.unmount()

    servePicksApi({ boards: { nba: [aBoardGame()] }, rankings: [] }, (call) =>
      call.path === '/api/bookmaker-rankings' ? apiError(503, 'SERVICE_UNAVAILABLE', 'Down') : undefined,
    )
    const second = renderPage()
    await chooseBoardGame(second.user)
    await second.user.click(screen.getByRole('radio', { name: 'Moneyline' }))
    expect(priceNamesIn('Boston Celtics').map((name) => name.split(' at ')[1])).toEqual(
      fallbackBookmakerRankings
        .map((book) => book.title)
        .filter((t) => ['DraftKings', 'FanDuel', 'BetMGM'].includes(t)),
    )
  })

  it('builds a player prop from the props endpoint: player, stat, over/under and a book’s line and odds', async () => {
    const game = aBoardGame()
    const { calls } = servePicksApi({ boards: { nba: [game] }, props: { [game.id]: aPropsGame(game) } })
    const { user } = renderPage()

    await chooseBoardGame(user)
    await user.click(screen.getByRole('radio', { name: 'Player prop' }))
    const player = await screen.findByRole('combobox', { name: 'Player' })
    expect(callsTo(calls, 'GET', '/api/odds/event/nba/nba-lal-bos/player-props')).toHaveLength(1)

    await user.selectOptions(player, 'LeBron James')
    const stat = screen.getByRole('combobox', { name: 'Stat' })
    expect(
      within(stat)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a stat', 'Points', 'Rebounds'])
    await user.selectOptions(stat, 'player_points')
    expect(priceNamesIn('Over')).toEqual([
      'LeBron James Over 26.5 Points +105 at DraftKings',
      'LeBron James Over 25.5 Points -115 at FanDuel',
    ])
    await user.click(screen.getByRole('radio', { name: 'LeBron James Over 26.5 Points +105 at DraftKings' }))
    expect((screen.getByRole('textbox', { name: 'Odds' }) as HTMLInputElement).value).toBe('+105')
    await finishAndPublish(user)

    await screen.findByRole('heading', { name: 'Pick published' })
    const body = postedBody(calls)
    expect(body.pick_details).toMatchObject({
      bet_type: 'player_prop',
      pick: 'LeBron James Over 26.5 Points',
      odds: 105,
    })
    expect(body).toMatchObject({
      game_id: 'nba-lal-bos',
      player: 'LeBron James',
      stat: 'player_points',
      overUnder: 'over',
      line: 26.5,
      bookmaker: 'DraftKings',
    })
  })

  it('takes a game that is not listed, typed by hand, with the selection typed too', async () => {
    const { calls } = servePicksApi({ boards: { nba: [aBoardGame()] } })
    const { user } = renderPage()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sport' }), 'nba')
    await user.click(await screen.findByRole('button', { name: 'My game is not listed' }))
    await user.type(screen.getByRole('textbox', { name: 'Away team' }), 'Denver Nuggets')
    await user.type(screen.getByRole('textbox', { name: 'Home team' }), 'Phoenix Suns')
    fireEvent.change(screen.getByLabelText('Game date/time'), { target: { value: '2099-01-15T19:30' } })
    await user.click(screen.getByRole('radio', { name: 'Spread' }))
    await user.click(screen.getByRole('radio', { name: 'Phoenix Suns' }))
    await user.type(screen.getByRole('textbox', { name: 'Line' }), '-3.5')
    await user.type(screen.getByRole('textbox', { name: /Bookmaker/ }), 'Caesars')
    await user.type(screen.getByRole('textbox', { name: 'Odds' }), '-110')
    screen.getByText('Phoenix Suns -3.5')
    await finishAndPublish(user)

    await screen.findByRole('heading', { name: 'Pick published' })
    const body = postedBody(calls)
    expect(body.pick_details).toEqual({
      sport: 'nba',
      game_date: new Date('2099-01-15T19:30').toISOString(),
      home_team: 'Phoenix Suns',
      away_team: 'Denver Nuggets',
      bet_type: 'spread',
      pick: 'Phoenix Suns',
      odds: -110,
      reasoning,
      result: 'pending',
    })
    expect(body).toMatchObject({ game_id: null, line: -3.5, bookmaker: 'Caesars', overUnder: null, is_premium: false })
  })

  it('shows every spec §5 message next to its field when the form is sent empty, and sends nothing', async () => {
    const { calls } = servePicksApi()
    const { user } = renderPage()

    await user.click(screen.getByRole('button', { name: 'Publish pick' }))

    expect(screen.getByRole('alert').textContent).toContain('Please fix the highlighted fields.')
    expect(descriptionOf(screen.getByRole('combobox', { name: 'Sport' }))).toContain(pickMessages.sportRequired)
    screen.getByText(pickMessages.gameDateRequired)
    screen.getByText(pickMessages.teamsRequired)
    screen.getByText(pickMessages.betTypeRequired)
    screen.getByText(pickMessages.selectionRequired)
    expect(descriptionOf(screen.getByRole('textbox', { name: 'Odds' }))).toContain(pickMessages.oddsRequired)
    expect(descriptionOf(screen.getByRole('textbox', { name: 'Reasoning' }))).toContain(pickMessages.reasoningTooShort)

    // Typed by hand, the game's messages sit at its fields; short reasoning (trimmed) is still too short.
    await user.click(screen.getByRole('button', { name: 'My game is not listed' }))
    expect(descriptionOf(screen.getByLabelText('Game date/time'))).toContain(pickMessages.gameDateRequired)
    await user.type(screen.getByRole('textbox', { name: 'Home team' }), 'Phoenix Suns')
    screen.getByText(pickMessages.teamsRequired)
    await user.type(screen.getByRole('textbox', { name: 'Reasoning' }), '  too short  ')
    expect(descriptionOf(screen.getByRole('textbox', { name: 'Reasoning' }))).toContain(pickMessages.reasoningTooShort)
    await user.type(screen.getByRole('textbox', { name: 'Odds' }), '+50')
    expect(descriptionOf(screen.getByRole('textbox', { name: 'Odds' }))).toContain(pickMessages.oddsInvalid)
    expect(callsTo(calls, 'POST', '/api/picks')).toHaveLength(0)
  })

  it('shows the server’s JSON message and puts its field problems at their fields', async () => {
    servePicksApi({ boards: { nba: [aBoardGame()] } }, (call) =>
      call.method === 'POST'
        ? apiError(400, 'VALIDATION_FAILED', 'Some fields need attention', {
            details: [
              { field: 'body.pick_details.reasoning', message: 'Reasoning repeats another pick word for word' },
              { field: 'body.stake_units', message: pickMessages.stakeRange },
            ],
          })
        : undefined,
    )
    const { user } = renderPage()

    await chooseBoardGame(user)
    await user.click(screen.getByRole('radio', { name: 'Moneyline' }))
    await user.click(screen.getByRole('radio', { name: 'Boston Celtics -165 at DraftKings' }))
    await finishAndPublish(user)

    await screen.findByText('Some fields need attention')
    expect(descriptionOf(screen.getByRole('textbox', { name: 'Reasoning' }))).toContain(
      'Reasoning repeats another pick word for word',
    )
    expect(descriptionOf(screen.getByRole('spinbutton', { name: 'Stake (units)' }))).toContain(pickMessages.stakeRange)
    expect(screen.queryByRole('heading', { name: 'Pick published' })).toBeNull()
  })

  it('shows a refusal such as a game that has started in the server’s words', async () => {
    servePicksApi({ boards: { nba: [aBoardGame()] } }, (call) =>
      call.method === 'POST'
        ? apiError(409, 'CONFLICT', pickMessages.gameStarted, { reason: 'GAME_STARTED' })
        : undefined,
    )
    const { user } = renderPage()
    await chooseBoardGame(user)
    await user.click(screen.getByRole('radio', { name: 'Moneyline' }))
    await user.click(screen.getByRole('radio', { name: 'Boston Celtics -165 at DraftKings' }))
    await finishAndPublish(user)
    await screen.findByText(pickMessages.gameStarted)
  })

  it('says "Failed to fetch game odds" and lets the creator type the game when the board cannot be read', async () => {
    servePicksApi({}, (call) =>
      call.path.startsWith('/api/odds/nba') ? apiError(503, 'SERVICE_UNAVAILABLE', 'Odds are unavailable') : undefined,
    )
    const { user } = renderPage()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sport' }), 'nba')
    await screen.findByText(pickMessages.gameOddsFailed)
    screen.getByRole('textbox', { name: 'Away team' })
    screen.getByRole('textbox', { name: 'Home team' })
    screen.getByLabelText('Game date/time')
  })

  it('says "Failed to fetch player props" and offers the prop by hand when props cannot be read', async () => {
    servePicksApi({ boards: { nba: [aBoardGame()] } }, (call) =>
      call.path.endsWith('/player-props') ? apiError(503, 'SERVICE_UNAVAILABLE', 'Props are unavailable') : undefined,
    )
    const { user } = renderPage()

    await chooseBoardGame(user)
    await user.click(screen.getByRole('radio', { name: 'Player prop' }))
    await screen.findByText(pickMessages.playerPropsFailed)
    screen.getByRole('textbox', { name: 'Player' })
    screen.getByRole('combobox', { name: 'Stat' })
    screen.getByRole('radio', { name: 'Over' })
  })

  it('says "Failed to fetch sports" and still lets the creator choose a sport', async () => {
    servePicksApi({ boards: { nba: [aBoardGame()] } }, (call) =>
      call.path === '/api/odds-api/sports' ? apiError(503, 'SERVICE_UNAVAILABLE', 'Down') : undefined,
    )
    const { user } = renderPage()

    await screen.findByText(pickMessages.sportsFailed)
    await chooseBoardGame(user)
    screen.getByRole('button', { name: 'Change game' })
  })

  it('starts on the creator’s specialty sport', async () => {
    signInAsCreator({ specialty_sport: 'nba' })
    servePicksApi({ boards: { nba: [aBoardGame()] } })
    renderPage()
    expect((screen.getByRole('combobox', { name: 'Sport' }) as HTMLSelectElement).value).toBe('nba')
    await screen.findByRole('radio', { name: /^Boston Celtics @ Los Angeles Lakers/ })
  })
})
