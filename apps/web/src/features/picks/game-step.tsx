import type { GameOdds } from '@picks/contracts'
import { formatOdds, pickLimits, pickMessages, sportLabel, type SportSlug } from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { formatGameTime, matchupText } from '../../components/picks/pick-terms.ts'
import { Button } from '../../components/ui/button.tsx'
import { Field, FieldError, inputClasses } from '../../components/ui/form-field.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { ChoiceRadio, ReadFailure, Step } from './form-parts.tsx'
import { bestMoneylines } from './odds-board.ts'
import type { PickFormValues, PickProblems } from './pick-form.ts'
import { oddsQueries } from './api.ts'

type Change = (change: Partial<PickFormValues>) => void

function GameByHand({
  values,
  problems,
  onChange,
}: {
  values: PickFormValues
  problems: PickProblems
  onChange: Change
}) {
  const teamsInvalid = problems.teams ? true : undefined
  // Typing the game makes it the game, even where the board failed and showed these fields itself.
  const type = (change: Partial<PickFormValues>) => onChange({ ...change, gameByHand: true })
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Away team">
          {(control) => (
            <input
              {...control}
              aria-invalid={teamsInvalid}
              className={inputClasses}
              autoComplete="off"
              maxLength={pickLimits.teamMax}
              value={values.awayTeam}
              onChange={(event) => type({ awayTeam: event.target.value })}
            />
          )}
        </Field>
        <Field label="Home team">
          {(control) => (
            <input
              {...control}
              aria-invalid={teamsInvalid}
              className={inputClasses}
              autoComplete="off"
              maxLength={pickLimits.teamMax}
              value={values.homeTeam}
              onChange={(event) => type({ homeTeam: event.target.value })}
            />
          )}
        </Field>
      </div>
      <FieldError message={problems.teams} />
      <Field label="Game date/time" error={problems.gameDate} hint="When the game starts, your local time">
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            className={inputClasses}
            value={values.gameTime}
            onChange={(event) => type({ gameTime: event.target.value })}
          />
        )}
      </Field>
    </div>
  )
}

function GameSummary({ game }: { game: GameOdds }) {
  const best = bestMoneylines(game)
  return (
    <span className="flex min-w-0 flex-col">
      <span className="font-semibold text-slate-900">{matchupText(game)}</span>
      <span className="text-slate-700">{formatGameTime(game.commence_time)}</span>
      {best.length > 0 && (
        <span className="text-xs text-slate-600">
          Best moneyline: {best.map((b) => `${b.team} ${formatOdds(b.odds)}`).join(' · ')}
        </span>
      )}
    </span>
  )
}

function BoardGames({
  sport,
  games,
  values,
  problems,
  onChoose,
}: {
  sport: SportSlug
  games: GameOdds[]
  values: PickFormValues
  problems: PickProblems
  onChoose: (game: GameOdds | null) => void
}) {
  const name = useId()
  const chosen = values.game ? games.find((g) => g.id === values.game?.id) : undefined
  if (chosen) {
    return (
      <div className="flex flex-col gap-2 rounded-lg border border-emerald-700 bg-emerald-50 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
        <GameSummary game={chosen} />
        <Button variant="secondary" onClick={() => onChoose(null)}>
          Change game
        </Button>
      </div>
    )
  }
  const missing = Boolean(problems.gameDate || problems.teams)
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={`Upcoming ${sportLabel(sport)} games`} className="flex flex-col gap-2">
        {games.map((game) => (
          <li key={game.id}>
            <ChoiceRadio
              name={name}
              checked={false}
              invalid={missing}
              label={`${matchupText(game)}, ${formatGameTime(game.commence_time)}`}
              onChange={() => onChoose(game)}
            >
              <GameSummary game={game} />
            </ChoiceRadio>
          </li>
        ))}
      </ul>
      <FieldError message={problems.gameDate} />
      <FieldError message={problems.teams} />
    </div>
  )
}

/**
 * Step 2: the game. The sport's upcoming games from the odds board, or typed by hand when the game is
 * not listed or the board cannot be read ("Failed to fetch game odds").
 */
export function GameStep({
  n,
  values,
  problems,
  onChange,
}: {
  n: number
  values: PickFormValues
  problems: PickProblems
  onChange: Change
}) {
  const sport = values.sport || null
  const board = useQuery({ ...oddsQueries.board(sport ?? 'nfl'), enabled: sport !== null })
  const games = (board.data ?? []).filter((game) => game.status === 'upcoming')
  const boardUsable = sport !== null && board.isSuccess && games.length > 0
  // Typed by hand: asked for, or the board has nothing to choose from.
  const byHand = values.gameByHand || (sport !== null && (board.isError || (board.isSuccess && !boardUsable)))

  function choose(game: GameOdds | null) {
    onChange({
      game: game && {
        id: game.id,
        home_team: game.home_team,
        away_team: game.away_team,
        commence_time: game.commence_time,
      },
    })
  }

  return (
    <Step n={n} title="Game">
      <FieldError message={problems.game} />
      {sport === null && !byHand && (
        <>
          <p className="text-sm text-slate-600">Choose a sport to see its upcoming games, or enter the game by hand.</p>
          <FieldError message={problems.gameDate} />
          <FieldError message={problems.teams} />
        </>
      )}
      {sport !== null && board.isPending && !byHand && (
        <div>
          <p role="status" className="sr-only">
            Loading games…
          </p>
          <div className="flex flex-col gap-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        </div>
      )}
      {board.isError && sport !== null && (
        <ReadFailure message={pickMessages.gameOddsFailed}>Enter the game by hand below.</ReadFailure>
      )}
      {sport !== null && board.isSuccess && !boardUsable && (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-sm text-slate-700">
          No upcoming {sportLabel(sport)} games on the board right now. Enter the game by hand.
        </p>
      )}
      {boardUsable && !values.gameByHand && (
        <BoardGames sport={sport} games={games} values={values} problems={problems} onChoose={choose} />
      )}
      {byHand && <GameByHand values={values} problems={problems} onChange={onChange} />}

      {!values.gameByHand && !values.game && (sport === null || boardUsable || board.isPending) && (
        <div>
          <Button variant="secondary" onClick={() => onChange({ gameByHand: true })}>
            My game is not listed
          </Button>
        </div>
      )}
      {values.gameByHand && boardUsable && (
        <div>
          <Button variant="ghost" onClick={() => onChange({ gameByHand: false })}>
            Choose from the board instead
          </Button>
        </div>
      )}
    </Step>
  )
}
