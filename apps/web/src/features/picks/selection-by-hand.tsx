import { pickLimits, totalUnitOf, type BetType, type SportSlug } from '@picks/contracts/client'
import { useId } from 'react'
import { statLabel } from '../../components/picks/pick-terms.ts'
import { Field, FieldError, inputClasses } from '../../components/ui/form-field.tsx'
import { ChoiceRadio } from './form-parts.tsx'
import { propStatSuggestions } from './odds-board.ts'
import { gameOf, needsLine, type PickFormValues, type PickProblems } from './pick-form.ts'

/** A change to some of the form's values. */
export type Change = (change: Partial<PickFormValues>) => void

function SideRadios({
  legend,
  options,
  values,
  invalid,
  onChange,
}: {
  legend: string
  options: { value: string; label: string }[]
  values: PickFormValues
  invalid: boolean
  onChange: Change
}) {
  const name = useId()
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <ChoiceRadio
            key={option.value}
            name={name}
            checked={values.side === option.value}
            invalid={invalid}
            onChange={() => onChange({ side: option.value })}
          >
            <span className="font-medium text-slate-900">{option.label}</span>
          </ChoiceRadio>
        ))}
      </div>
    </fieldset>
  )
}

const overUnderOptions = [
  { value: 'over', label: 'Over' },
  { value: 'under', label: 'Under' },
]

export function SelectionByHand({
  sport,
  betType,
  values,
  problems,
  onChange,
}: {
  sport: SportSlug | null
  betType: BetType
  values: PickFormValues
  problems: PickProblems
  onChange: Change
}) {
  const statListId = useId()
  const { homeTeam, awayTeam } = gameOf(values)
  const invalid = Boolean(problems.selection)
  const teams = [awayTeam, homeTeam].filter(Boolean).map((team) => ({ value: team, label: team }))
  const teamOptions =
    betType === 'moneyline' && sport === 'soccer' ? [...teams, { value: 'Draw', label: 'Draw' }] : teams
  return (
    <div className="flex flex-col gap-3">
      {(betType === 'moneyline' || betType === 'spread') &&
        (homeTeam && awayTeam ? (
          <SideRadios legend="Team" options={teamOptions} values={values} invalid={invalid} onChange={onChange} />
        ) : (
          <p className="text-sm text-slate-600">Enter both teams above to choose one.</p>
        ))}
      {betType === 'player_prop' && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label="Player">
            {(control) => (
              <input
                {...control}
                aria-invalid={invalid && !values.player.trim() ? true : undefined}
                className={inputClasses}
                autoComplete="off"
                maxLength={pickLimits.playerMax}
                value={values.player}
                onChange={(event) => onChange({ player: event.target.value })}
              />
            )}
          </Field>
          <Field label="Stat" hint="Points, Rebounds, Passing yards…">
            {(control) => (
              <>
                <input
                  {...control}
                  aria-invalid={invalid && !values.stat.trim() ? true : undefined}
                  className={inputClasses}
                  autoComplete="off"
                  list={statListId}
                  maxLength={pickLimits.statMax}
                  value={statLabel(values.stat)}
                  onChange={(event) => onChange({ stat: event.target.value })}
                />
                <datalist id={statListId}>
                  {propStatSuggestions.map((label) => (
                    <option key={label} value={label} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
        </div>
      )}
      {(betType === 'total' || betType === 'player_prop') && (
        <SideRadios
          legend="Over or under"
          options={overUnderOptions}
          values={values}
          invalid={invalid}
          onChange={onChange}
        />
      )}
      <FieldError message={problems.selection} />
      {needsLine(betType) && (
        <Field
          label="Line"
          error={problems.line}
          hint={
            betType === 'spread'
              ? 'Your team’s spread, such as -5.5 or +3'
              : betType === 'total' && sport && totalUnitOf(sport) === 'rounds'
                ? 'The rounds, such as 2.5'
                : 'The number, such as 221.5'
          }
        >
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              className={inputClasses}
              value={values.line}
              onChange={(event) => onChange({ line: event.target.value })}
            />
          )}
        </Field>
      )}
      <Field label="Bookmaker" optional>
        {(control) => (
          <input
            {...control}
            className={inputClasses}
            autoComplete="off"
            maxLength={pickLimits.bookmakerMax}
            value={values.bookmaker}
            onChange={(event) => onChange({ bookmaker: event.target.value })}
          />
        )}
      </Field>
    </div>
  )
}
