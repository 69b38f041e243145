import type { Pick as PickData } from '@picks/contracts'
import {
  betTypesOf,
  fallbackBookmakerRankings,
  pickLimits,
  pickMessages,
  sportLabel,
  sports,
  type BetType,
} from '@picks/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useController, useForm } from 'react-hook-form'
import { clientQueries } from '../../components/clients/client-queries.ts'
import { PickCard } from '../../components/picks/pick-card.tsx'
import { betTypeLabels } from '../../components/picks/pick-terms.ts'
import { Button, ButtonLink } from '../../components/ui/button.tsx'
import { Link } from 'react-router'
import { Field, FieldError, FormAlert, inputClasses, textareaClasses } from '../../components/ui/form-field.tsx'
import { checkOnSubmit } from '../../components/ui/form-options.ts'
import { formProblems } from '../../components/ui/form-problems.ts'
import { ApiError } from '../../lib/api-client.ts'
import { pageTitle } from '../../lib/site.ts'
import { useStoredUser } from '../../auth/stored-user.ts'
import { ChoiceRadio, ReadFailure, Step, StepNumber } from './form-parts.tsx'
import { GameStep } from './game-step.tsx'
import {
  applyChange,
  newPickValues,
  pickBody,
  pickProblems,
  pickProblemsFromServer,
  type PickField,
  type PickFormValues,
  type PickProblems,
} from './pick-form.ts'
import { createPick, oddsQueries, pickQueries } from './api.ts'
import { SelectionStep } from './selection-step.tsx'

const fixFields = 'Please fix the highlighted fields.'

interface CreatePickFields {
  pick: PickFormValues
}

/** Where each problem is kept: at the value it is about (the teams' at the home team). */
const problemValues: Record<PickField, keyof PickFormValues> = {
  sport: 'sport',
  game: 'game',
  gameDate: 'gameTime',
  teams: 'homeTeam',
  betType: 'betType',
  selection: 'side',
  line: 'line',
  odds: 'odds',
  reasoning: 'reasoning',
  stake: 'stakeUnits',
  access: 'isPremium',
  client: 'clientId',
}

const createPickForm = formProblems<CreatePickFields, PickField>(
  [
    'sport',
    'game',
    'gameDate',
    'teams',
    'betType',
    'selection',
    'line',
    'odds',
    'reasoning',
    'stake',
    'access',
    'client',
  ],
  (field) => `pick.${problemValues[field]}`,
)

/** The failure headline: spec §8, creating an enhanced pick throws the server's JSON body, so its message. */
function publishFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (!error.code.startsWith('HTTP_')) return error.message
    return `We couldn’t publish your pick (${error.status}). Please try again.`
  }
  return 'We couldn’t publish your pick. Check your connection and try again.'
}

function StepLabel({ n, children }: { n: number; children: string }) {
  return (
    <span className="flex items-center text-base font-semibold text-slate-900">
      <StepNumber n={n} />
      {children}
    </span>
  )
}

function SportStep({ n, values, error, onChange }: StepProps & { error: string | undefined }) {
  const oddsSports = useQuery(oddsQueries.sports())
  const offSeason = (slug: string) => oddsSports.data?.find((s) => s.slug === slug)?.active === false
  return (
    <div className="flex flex-col gap-2">
      <Field label={<StepLabel n={n}>Sport</StepLabel>} error={error}>
        {(control) => (
          <select
            {...control}
            className={inputClasses}
            value={values.sport}
            onChange={(event) => {
              const sport = sports.find((s) => s.slug === event.target.value)?.slug ?? ''
              onChange({ sport })
            }}
          >
            <option value="">Choose a sport</option>
            {sports.map((sport) => (
              <option key={sport.slug} value={sport.slug}>
                {sport.label}
                {offSeason(sport.slug) ? ' (off season)' : ''}
              </option>
            ))}
          </select>
        )}
      </Field>
      {oddsSports.isError && (
        <ReadFailure message={pickMessages.sportsFailed}>You can still choose a sport and enter the game.</ReadFailure>
      )}
    </div>
  )
}

interface StepProps {
  n: number
  values: PickFormValues
  onChange: (change: Partial<PickFormValues>) => void
}

function BetTypeStep({ n, values, error, onChange }: StepProps & { error: string | undefined }) {
  const name = useId()
  const offered = betTypesOf(values.sport)
  return (
    <Step n={n} title="Bet type">
      <div className={`grid grid-cols-2 gap-2 ${offered.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-4'}`}>
        {offered.map((betType: BetType) => (
          <ChoiceRadio
            key={betType}
            name={name}
            checked={values.betType === betType}
            invalid={Boolean(error)}
            onChange={() => onChange({ betType })}
          >
            <span className="font-medium text-slate-900">{betTypeLabels[betType]}</span>
          </ChoiceRadio>
        ))}
      </div>
      <FieldError message={error} />
    </Step>
  )
}

function DetailsSteps({ n, values, problems, onChange }: StepProps & { problems: PickProblems }) {
  const accessName = useId()
  const reasoningLength = values.reasoning.trim().length
  return (
    <>
      <div className="border-t border-slate-200 pt-5">
        <Field
          label={<StepLabel n={n}>Odds</StepLabel>}
          error={problems.odds}
          hint="American odds, such as -110 or +150. Filled in from the price you chose; change it to the odds you got."
        >
          {(control) => (
            <input
              {...control}
              autoComplete="off"
              className={inputClasses}
              placeholder="-110"
              value={values.odds}
              onChange={(event) => onChange({ odds: event.target.value })}
            />
          )}
        </Field>
      </div>

      <div className="border-t border-slate-200 pt-5">
        <Field
          label={<StepLabel n={n + 1}>Reasoning</StepLabel>}
          error={problems.reasoning}
          hint={`${reasoningLength} characters, at least ${pickLimits.reasoningMin}`}
        >
          {(control) => (
            <textarea
              {...control}
              className={textareaClasses}
              maxLength={pickLimits.reasoningMax}
              placeholder="Why you like it: matchups, injuries, line movement…"
              value={values.reasoning}
              onChange={(event) => onChange({ reasoning: event.target.value })}
            />
          )}
        </Field>
      </div>

      <Step n={n + 2} title="Who sees it">
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <ChoiceRadio name={accessName} checked={!values.isPremium} onChange={() => onChange({ isPremium: false })}>
            <span>
              <span className="block font-medium text-slate-900">Free</span>
              <span className="block text-xs text-slate-600">Everyone sees it in full</span>
            </span>
          </ChoiceRadio>
          <ChoiceRadio name={accessName} checked={values.isPremium} onChange={() => onChange({ isPremium: true })}>
            <span>
              <span className="block font-medium text-slate-900">Premium</span>
              <span className="block text-xs text-slate-600">Your subscribers only; others see it locked</span>
            </span>
          </ChoiceRadio>
        </div>
        <FieldError message={problems.access} />
      </Step>

      <div className="border-t border-slate-200 pt-5">
        <Field
          label={<StepLabel n={n + 3}>Stake (units)</StepLabel>}
          error={problems.stake}
          hint={`From ${pickLimits.minStakeUnits} to ${pickLimits.maxStakeUnits} units; 1 unit is a standard bet`}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="decimal"
              step="0.1"
              min={pickLimits.minStakeUnits}
              max={pickLimits.maxStakeUnits}
              className={inputClasses}
              value={values.stakeUnits}
              onChange={(event) => onChange({ stakeUnits: event.target.value })}
            />
          )}
        </Field>
      </div>
    </>
  )
}

/**
 * Which of the creator's clients the pick is for (optional; `GET /clients`, decision 044): the
 * newest 100 clients, or a way to the Clients page when there are none.
 */
function ClientStep({
  creatorId,
  values,
  error,
  onChange,
}: {
  creatorId: string
  values: PickFormValues
  error: string | undefined
  onChange: (change: Partial<PickFormValues>) => void
}) {
  const clients = useQuery(clientQueries.choices(creatorId))
  const list = clients.data?.clients ?? []
  const hint =
    clients.isSuccess && list.length === 0 ? (
      <>
        No clients yet: add them on your{' '}
        <Link to="/creator/clients" className="font-semibold text-emerald-800 underline underline-offset-2">
          Clients page
        </Link>
        .
      </>
    ) : (
      'Name the client this pick is for. Only you see it.'
    )
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-5">
      <Field label="Client" optional error={error} hint={hint}>
        {(control) => (
          <select
            {...control}
            className={inputClasses}
            disabled={!clients.isSuccess}
            value={values.clientId}
            onChange={(event) => onChange({ clientId: event.target.value })}
          >
            <option value="">{clients.isPending ? 'Loading your clients…' : 'No client'}</option>
            {list.map((client) => (
              <option key={client.id} value={client.id}>
                {client.name} ({client.email})
              </option>
            ))}
          </select>
        )}
      </Field>
      {clients.isError && (
        <ReadFailure message="We couldn’t load your clients.">You can still publish the pick without one.</ReadFailure>
      )}
    </div>
  )
}

function Published({ pick, onAnother }: { pick: PickData; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section aria-labelledby="pick-published" className="flex flex-col gap-4">
      <h1 id="pick-published" ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 outline-none">
        Pick published
      </h1>
      <p className="text-slate-700">
        {pick.is_premium
          ? `Your premium ${sportLabel(pick.sport)} pick is live for your subscribers.`
          : `Your free ${sportLabel(pick.sport)} pick is live for everyone.`}{' '}
        It locks when the game starts and is graded when it ends.
      </p>
      <PickCard pick={pick} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={onAnother}>Post another</Button>
        <ButtonLink to="/my-picks" variant="secondary">
          Go to My Picks
        </ButtonLink>
      </div>
    </section>
  )
}

/**
 * /create-pick (creator only): sport → game from the odds board (or typed) → bet type → selection
 * from the board → odds → reasoning → free or premium → stake, sent as the enhanced pick of spec §3.
 */
export function Component() {
  const user = useStoredUser()
  const queryClient = useQueryClient()
  const formRef = useRef<HTMLFormElement>(null)
  const form = useForm<CreatePickFields>({
    defaultValues: { pick: newPickValues(user?.specialty_sport) },
    resolver: createPickForm.resolver(({ pick }) => pickProblems(pick)),
    ...checkOnSubmit,
  })
  // The steps edit the pick as a whole: a choice can clear what was chosen for the old one (`applyChange`).
  const { field: pickField } = useController({ control: form.control, name: 'pick' })
  const values = pickField.value
  const { errors, isSubmitted } = form.formState
  const formError = errors.root?.server?.message ?? errors.root?.message
  const [published, setPublished] = useState<PickData | null>(null)

  const rankings = useQuery({ ...oddsQueries.bookmakerRankings(), retry: false })
  const bookRanks = rankings.data ?? fallbackBookmakerRankings

  const publish = useMutation({
    mutationFn: createPick,
    onSuccess: async ({ pick }) => {
      setPublished(pick)
      await queryClient.invalidateQueries({ queryKey: pickQueries.all() })
    },
    onError: (error) => {
      form.setError('root.server', { message: publishFailure(error) })
      if (error instanceof ApiError) createPickForm.show(form.setError, pickProblemsFromServer(error.details))
    },
  })

  // After a first submit the rules are checked again as the pick is edited; the server's problems
  // (and those found at the submit) show until the next edit.
  const problems: PickProblems = { ...createPickForm.read(errors), ...(isSubmitted ? pickProblems(values) : {}) }

  const change = (next: Partial<PickFormValues>) => {
    pickField.onChange(applyChange(form.getValues('pick'), next))
    form.clearErrors(createPickForm.paths())
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (publish.isPending) return
    void form.handleSubmit(
      ({ pick }) => publish.mutate(pickBody(pick)),
      () => {
        form.setError('root', { message: fixFields })
        // The first field to fix, so a creator on a phone is taken to it.
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      },
    )(event)
  }

  function postAnother() {
    setPublished(null)
    publish.reset()
    // Same sport again: creators tend to post several picks of one slate.
    form.reset({ pick: newPickValues(values.sport || user?.specialty_sport) })
  }

  const gameKey = values.gameByHand ? 'hand' : (values.game?.id ?? 'none')

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:px-6">
      <title>{pageTitle('Create Pick')}</title>
      {published ? (
        <Published pick={published} onAnother={postAnother} />
      ) : (
        <>
          <header className="flex flex-col gap-1">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Create Pick</h1>
            <p className="text-sm text-slate-600">
              Choose the game and a price from the board; we fill in the rest. Picks lock when the game starts.
            </p>
          </header>
          <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Create pick" className="flex flex-col gap-5">
            <SportStep n={1} values={values} error={problems.sport} onChange={change} />
            <GameStep n={2} values={values} problems={problems} onChange={change} />
            <BetTypeStep n={3} values={values} error={problems.betType} onChange={change} />
            <SelectionStep
              key={`${values.sport}|${gameKey}|${values.betType}`}
              n={4}
              values={values}
              problems={problems}
              rankings={bookRanks}
              onChange={change}
            />
            <DetailsSteps n={5} values={values} problems={problems} onChange={change} />
            {user && <ClientStep creatorId={user.id} values={values} error={problems.client} onChange={change} />}

            <FormAlert message={formError} />
            <div>
              <Button type="submit" disabled={publish.isPending} className="w-full sm:w-auto">
                {publish.isPending ? 'Publishing…' : 'Publish pick'}
              </Button>
            </div>
          </form>
        </>
      )}
    </div>
  )
}
