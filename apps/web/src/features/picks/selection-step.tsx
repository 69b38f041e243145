import type { GameOdds } from '@picks/contracts'
import { formatOdds, pickMessages, type BetType } from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type ReactNode } from 'react'
import { betTypeLabels, formatSpread, statLabel, totalLineText } from '../../components/picks/pick-terms.ts'
import { Button } from '../../components/ui/button.tsx'
import { Field, FieldError, inputClasses } from '../../components/ui/form-field.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { ChoiceRadio, ReadFailure, Step } from './form-parts.tsx'
import {
  mainMarketSides,
  propPlayers,
  propSides,
  propStats,
  type BookRank,
  type PriceChoice,
  type SideGroup,
} from './odds-board.ts'
import { fromBoard, selectionSummary, type PickFormValues, type PickProblems } from './pick-form.ts'
import { oddsQueries } from './api.ts'
import { SelectionByHand, type Change } from './selection-by-hand.tsx'

function sideWord(side: string): string {
  return side === 'over' ? 'Over' : side === 'under' ? 'Under' : side
}

/** "Boston Celtics -4.5", "Over 221.5", "Over 2.5 rounds", "LeBron James Over 25.5 Points". */
function choiceText(choice: PriceChoice, betType: BetType, sport: string): string {
  switch (betType) {
    case 'moneyline':
      return choice.side
    case 'spread':
      return choice.line === null ? choice.side : `${choice.side} ${formatSpread(choice.line)}`
    case 'total':
      return choice.line === null
        ? sideWord(choice.side)
        : `${sideWord(choice.side)} ${totalLineText(choice.line, sport)}`
    case 'player_prop':
      return `${choice.player ?? ''} ${sideWord(choice.side)} ${choice.line ?? ''} ${statLabel(choice.stat ?? '')}`.trim()
  }
}

/** The line on a price chip: signed for a spread, plain for props, a total as counted, none for a moneyline. */
function chipLine(choice: PriceChoice, betType: BetType, sport: string): string | null {
  if (choice.line === null) return null
  if (betType === 'total') return totalLineText(choice.line, sport)
  return betType === 'spread' ? formatSpread(choice.line) : String(choice.line)
}

function PriceGroups({
  groups,
  betType,
  values,
  invalid,
  onChange,
}: {
  groups: SideGroup[]
  betType: BetType
  values: PickFormValues
  invalid: boolean
  onChange: Change
}) {
  const name = useId()
  const choose = (choice: PriceChoice) =>
    onChange({
      side: choice.side,
      line: choice.line === null ? '' : String(choice.line),
      player: choice.player ?? '',
      stat: choice.stat ?? '',
      bookmaker: choice.bookmaker,
      odds: formatOdds(choice.odds),
      priceId: choice.id,
    })
  return (
    <div className="flex flex-col gap-4">
      {groups.map((group) => (
        <div key={group.side} role="group" aria-label={sideWord(group.side)} className="flex flex-col gap-2">
          <p className="text-sm font-semibold text-slate-900">{sideWord(group.side)}</p>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {group.choices.map((choice) => {
              const line = chipLine(choice, betType, values.sport)
              return (
                <li key={choice.id}>
                  <ChoiceRadio
                    name={name}
                    checked={values.priceId === choice.id}
                    invalid={invalid}
                    label={`${choiceText(choice, betType, values.sport)} ${formatOdds(choice.odds)} at ${choice.bookmaker}`}
                    onChange={() => choose(choice)}
                  >
                    <span className="flex flex-col">
                      <span className="font-semibold text-slate-900 tabular-nums">
                        {line && <>{line} </>}
                        {formatOdds(choice.odds)}
                      </span>
                      <span className="text-xs text-slate-600">
                        {choice.bookmaker}
                        {choice.best && <span className="font-semibold text-emerald-800"> · Best</span>}
                      </span>
                    </span>
                  </ChoiceRadio>
                </li>
              )
            })}
          </ul>
        </div>
      ))}
    </div>
  )
}

function PropPicker({
  props,
  rankings,
  values,
  invalid,
  onChange,
}: {
  props: GameOdds
  rankings: readonly BookRank[]
  values: PickFormValues
  invalid: boolean
  onChange: Change
}) {
  const players = propPlayers(props)
  const player = players.includes(values.player) ? values.player : ''
  const stats = player ? propStats(props, player) : []
  const stat = stats.includes(values.stat) ? values.stat : ''
  const sides = player && stat ? propSides(props, player, stat, rankings) : []
  const unchosen = { side: '', line: '', odds: '', bookmaker: '', priceId: null }
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Player">
          {(control) => (
            <select
              {...control}
              aria-invalid={invalid && !player ? true : undefined}
              className={inputClasses}
              value={player}
              onChange={(event) => {
                const next = event.target.value
                // One stat on offer is chosen at once.
                const offered = next ? propStats(props, next) : []
                onChange({ ...unchosen, player: next, stat: offered.length === 1 ? offered[0]! : '' })
              }}
            >
              <option value="">Choose a player</option>
              {players.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Stat">
          {(control) => (
            <select
              {...control}
              aria-invalid={invalid && player !== '' && !stat ? true : undefined}
              className={inputClasses}
              value={stat}
              disabled={!player}
              onChange={(event) => onChange({ ...unchosen, stat: event.target.value })}
            >
              <option value="">{player ? 'Choose a stat' : 'Choose a player first'}</option>
              {stats.map((key) => (
                <option key={key} value={key}>
                  {statLabel(key)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {sides.length > 0 && (
        <PriceGroups groups={sides} betType="player_prop" values={values} invalid={invalid} onChange={onChange} />
      )}
    </div>
  )
}

function LoadingPrices({ what }: { what: string }) {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading {what}…
      </p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    </div>
  )
}

/**
 * Step 4: the selection. From the board, each bookmaker's prices (in ranking order) for the bet
 * type, or for a player prop the player, stat and over/under from the props endpoint; choosing a
 * price fills selection, bookmaker, line and odds. Typed by hand for a game not on the board, when
 * the board has no prices, or when the creator asks to.
 */
export function SelectionStep({
  n,
  values,
  problems,
  rankings,
  onChange,
}: {
  n: number
  values: PickFormValues
  problems: PickProblems
  rankings: readonly BookRank[]
  onChange: Change
}) {
  const [handOpen, setHandOpen] = useState(false)
  const sport = values.sport || null
  const betType = values.betType || null
  const boardGameId = fromBoard(values) ? values.game.id : null
  const isProp = betType === 'player_prop'

  const board = useQuery({ ...oddsQueries.board(sport ?? 'nfl'), enabled: sport !== null && boardGameId !== null })
  const props = useQuery({
    ...oddsQueries.props(sport ?? 'nfl', boardGameId ?? ''),
    enabled: isProp && boardGameId !== null,
  })
  const boardGame = board.data?.find((game) => game.id === boardGameId)
  const invalid = Boolean(problems.selection)

  if (!betType) {
    return (
      <Step n={n} title="Your pick">
        <p className="text-sm text-slate-600">Choose the game and the bet type first.</p>
        <FieldError message={problems.selection} />
      </Step>
    )
  }

  let fromTheBoard: ReactNode = null
  let boardNote: ReactNode = null
  if (boardGameId !== null && !isProp && boardGame) {
    const groups = mainMarketSides(boardGame, betType, rankings)
    if (groups.length > 0) {
      fromTheBoard = (
        <PriceGroups groups={groups} betType={betType} values={values} invalid={invalid} onChange={onChange} />
      )
    } else {
      boardNote = (
        <p className="text-sm text-slate-700">
          No {betTypeLabels[betType].toLowerCase()} prices on the board for this game. Enter your pick by hand.
        </p>
      )
    }
  } else if (boardGameId !== null && isProp) {
    if (props.isPending) {
      fromTheBoard = <LoadingPrices what="player props" />
    } else if (props.isError) {
      boardNote = <ReadFailure message={pickMessages.playerPropsFailed}>Enter your prop by hand below.</ReadFailure>
    } else if (props.data && propPlayers(props.data).length === 0) {
      boardNote = (
        <p className="text-sm text-slate-700">
          No player props on the board for this game yet. Enter your prop by hand.
        </p>
      )
    } else if (props.data) {
      fromTheBoard = (
        <PropPicker props={props.data} rankings={rankings} values={values} invalid={invalid} onChange={onChange} />
      )
    }
  } else if (boardGameId !== null && board.isPending) {
    fromTheBoard = <LoadingPrices what="prices" />
  }

  const showHand = fromTheBoard === null || handOpen
  const summary = selectionSummary(values)

  return (
    <Step n={n} title="Your pick">
      {boardNote}
      {!showHand && (
        <>
          {fromTheBoard}
          <FieldError message={problems.selection ?? problems.line} />
        </>
      )}
      {fromTheBoard !== null && (
        <div>
          <Button variant="ghost" onClick={() => setHandOpen(!handOpen)}>
            {handOpen ? 'Choose from the board instead' : 'Not on the board? Enter it by hand'}
          </Button>
        </div>
      )}
      {showHand && (
        <SelectionByHand sport={sport} betType={betType} values={values} problems={problems} onChange={onChange} />
      )}
      {summary && (
        <p aria-live="polite" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
          Your pick: <span className="font-semibold">{summary}</span>
          {values.bookmaker.trim() && <> at {values.bookmaker.trim()}</>}
        </p>
      )}
    </Step>
  )
}
