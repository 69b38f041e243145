import type { Plan } from '@picks/contracts'
import { planIntervals, planLimits, type PlanKind } from '@picks/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { cx } from '../../../components/ui/cx.ts'
import { Field, FieldError, FormAlert, inputClasses } from '../../../components/ui/form-field.tsx'
import { checkOnSubmit } from '../../../components/ui/form-options.ts'
import { formProblems } from '../../../components/ui/form-problems.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { intervalWords, planPrice, planTerm, planTrial } from '../../../components/plans/plan-terms.ts'
import {
  createPlan,
  createPlanErrorMessage,
  creatorDashboardQueries,
  updatePlan,
  updatePlanFailed,
} from '../api/index.ts'
import { PayoutsNeededNote, PlanSaleBadge } from './plan-sale-state.tsx'
import { TrialDaysField } from './trial-days-field.tsx'
import {
  newPlanValues,
  planBody,
  planMessages,
  planProblems,
  planProblemsFromServer,
  priceHint,
  valuesFromPlan,
  type PlanField,
  type PlanFormValues,
} from './plan-values.ts'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'

const fixFields = 'Please fix the highlighted fields.'

/** Each plan problem is kept at the field of the same name. */
const planForm = formProblems<PlanFormValues, PlanField>(
  ['name', 'kind', 'interval', 'accessDays', 'price', 'trialDays', 'active'],
  (field) => field,
)

const kindChoices: { kind: PlanKind; label: string; hint: string }[] = [
  { kind: 'subscription', label: 'Subscription', hint: 'Renews until the customer cancels' },
  { kind: 'one_time', label: 'One-time pass', hint: 'One payment for a number of days' },
]

function PlanForm({
  plan,
  activeElsewhere,
  onDone,
}: {
  /** The plan being edited; a new plan without it. */
  plan: Plan | null
  activeElsewhere: number
  onDone: () => void
}) {
  const queryClient = useQueryClient()
  const titleId = useId()
  const atLimit = activeElsewhere >= planLimits.maxActivePlans
  const form = useForm<PlanFormValues>({
    defaultValues: plan ? valuesFromPlan(plan) : { ...newPlanValues, active: !atLimit },
    resolver: planForm.resolver((values) => planProblems(values, activeElsewhere)),
    ...checkOnSubmit,
  })
  const { errors } = form.formState
  const problems = planForm.read(errors)
  const formError = errors.root?.server?.message ?? errors.root?.message
  const kind = form.watch('kind')
  const active = form.watch('active')

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof planBody>) => (plan ? updatePlan(plan.id, body) : createPlan(body)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: creatorDashboardQueries.all() })
      onDone()
    },
    onError: (error) => {
      // Spec §8: an update's headline is verbatim; what the server said about a field shows at that field.
      form.setError('root.server', { message: plan ? updatePlanFailed : createPlanErrorMessage(error) })
      if (error instanceof ApiError) {
        const fromServer = planProblemsFromServer(error.details)
        if (error.reason === 'PLAN_LIMIT') fromServer.active = error.message
        planForm.show(form.setError, fromServer)
      }
    },
  })

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (save.isPending) return
    // The problems found replace those shown; none, the plan is sent.
    void form.handleSubmit(
      (values) => save.mutate(planBody(values)),
      () => form.setError('root', { message: fixFields }),
    )(event)
  }

  return (
    <form
      noValidate
      aria-labelledby={titleId}
      onSubmit={onSubmit}
      className="flex flex-col gap-4 rounded-xl border border-emerald-200 bg-emerald-50/40 p-4"
    >
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {plan ? `Edit ${plan.name}` : 'New plan'}
      </h3>
      <Field label="Plan name" error={problems.name}>
        {(control) => (
          <input
            {...control}
            className={inputClasses}
            placeholder="Monthly picks"
            maxLength={planLimits.nameMaxLength + 20}
            {...form.register('name')}
          />
        )}
      </Field>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Type</legend>
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {kindChoices.map((choice) => (
                <label
                  key={choice.kind}
                  className={cx(
                    'flex min-h-11 cursor-pointer items-start gap-2 rounded-lg border bg-white px-3 py-2 text-sm',
                    field.value === choice.kind ? 'border-emerald-700' : 'border-slate-300',
                  )}
                >
                  <input
                    type="radio"
                    name={`${titleId}-kind`}
                    className="mt-1 accent-emerald-700"
                    checked={field.value === choice.kind}
                    onChange={() => field.onChange(choice.kind)}
                  />
                  <span>
                    <span className="block font-medium text-slate-900">{choice.label}</span>
                    <span className="block text-xs text-slate-600">{choice.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          )}
        />
      </fieldset>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Price (USD)" error={problems.price} hint={priceHint}>
          {(control) => (
            <div className="flex items-center gap-1">
              <span aria-hidden="true" className="text-slate-700">
                $
              </span>
              <input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                placeholder="19.99"
                className={inputClasses}
                {...form.register('price')}
              />
            </div>
          )}
        </Field>

        {kind === 'subscription' ? (
          <Field label="Billing period" error={problems.interval}>
            {(control) => (
              <Controller
                control={form.control}
                name="interval"
                render={({ field }) => (
                  <select
                    {...control}
                    className={inputClasses}
                    value={field.value}
                    onChange={(event) => {
                      const interval = planIntervals.find((option) => option === event.target.value)
                      if (interval) field.onChange(interval)
                    }}
                  >
                    {planIntervals.map((interval) => (
                      <option key={interval} value={interval}>
                        {intervalWords[interval].adjective}
                      </option>
                    ))}
                  </select>
                )}
              />
            )}
          </Field>
        ) : (
          <Field label="Access length (days)" error={problems.accessDays}>
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={planLimits.minAccessDays}
                max={planLimits.maxAccessDays}
                className={inputClasses}
                {...form.register('accessDays')}
              />
            )}
          </Field>
        )}

        {kind === 'subscription' && (
          <TrialDaysField error={problems.trialDays} registration={form.register('trialDays')} />
        )}
      </div>

      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <input
                type="checkbox"
                className="size-4 accent-emerald-700"
                checked={field.value}
                disabled={atLimit && !field.value}
                onChange={(event) => field.onChange(event.target.checked)}
              />
            )}
          />
          Active: on sale on your purchase page
        </label>
        {atLimit && !active && !problems.active && (
          <p className="text-xs text-slate-600">
            You already have {planLimits.maxActivePlans} active plans, the most allowed. This plan is saved inactive;
            deactivate another plan to put it on sale.
          </p>
        )}
        <FieldError message={problems.active} />
      </div>

      <FormAlert message={formError} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : plan ? 'Save changes' : 'Add plan'}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

function PlanRow({ plan, activeCount, onEdit }: { plan: Plan; activeCount: number; onEdit: () => void }) {
  const queryClient = useQueryClient()
  const toggle = useMutation({
    mutationFn: () => updatePlan(plan.id, { active: !plan.active }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creatorDashboardQueries.all() }),
  })
  const cannotActivate = !plan.active && activeCount >= planLimits.maxActivePlans
  const trial = planTrial(plan)

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {plan.name}
          <PlanSaleBadge plan={plan} />
        </h3>
        <p className="text-lg font-semibold text-slate-900">{planPrice(plan)}</p>
        <p className="text-sm text-slate-700">
          {planTerm(plan)}
          {trial && <> · {trial}</>}
        </p>
        {toggle.isError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {updatePlanFailed}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button variant="secondary" onClick={onEdit}>
          Edit<span className="sr-only"> {plan.name}</span>
        </Button>
        <Button
          variant="ghost"
          disabled={toggle.isPending || cannotActivate}
          title={cannotActivate ? planMessages.planLimit : undefined}
          onClick={() => toggle.mutate()}
        >
          {plan.active ? 'Deactivate' : 'Activate'}
          <span className="sr-only"> {plan.name}</span>
        </Button>
      </div>
    </li>
  )
}

/**
 * The creator's plans (product-decisions "What is sold"): every plan, active or not, with add,
 * edit and on/off. The limit of five active plans is explained here before the server refuses.
 */
export function PlansEditor({ creatorId }: { creatorId: string }) {
  const plans = useQuery(creatorDashboardQueries.plans(creatorId))
  // 'new', the id of the plan being edited, or null.
  const [editing, setEditing] = useState<string | null>(null)
  const headingId = useId()

  const list = plans.data ?? []
  const activeCount = list.filter((plan) => plan.active).length
  const activeElsewhere = (planId: string | null) => list.filter((plan) => plan.active && plan.id !== planId).length

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            Your plans
          </h2>
          {plans.isSuccess && (
            <p className="text-sm text-slate-700">
              {activeCount} of {planLimits.maxActivePlans} active plans. Customers see the ones on sale.
            </p>
          )}
        </div>
        {plans.isSuccess && editing !== 'new' && <Button onClick={() => setEditing('new')}>Add a plan</Button>}
      </div>

      <PayoutsNeededNote plans={list} />

      {plans.isSuccess && activeCount >= planLimits.maxActivePlans && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          You have {planLimits.maxActivePlans} active plans, the most a creator can have. Deactivate one before you put
          another on sale.
        </p>
      )}

      {editing === 'new' && (
        <PlanForm plan={null} activeElsewhere={activeElsewhere(null)} onDone={() => setEditing(null)} />
      )}

      {plans.isPending && <Loading label="Loading your plans…" className="h-24" />}

      {plans.isError && <ReadFailed message="We couldn’t load your plans." onRetry={() => void plans.refetch()} />}

      {plans.isSuccess && list.length === 0 && editing !== 'new' && (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-slate-700">
          No plans yet. Add one so customers can subscribe or buy a pass.
        </p>
      )}

      {list.length > 0 && (
        <ul aria-label="Plans" className="flex flex-col gap-3">
          {list.map((plan) =>
            editing === plan.id ? (
              <li key={plan.id}>
                <PlanForm plan={plan} activeElsewhere={activeElsewhere(plan.id)} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <PlanRow key={plan.id} plan={plan} activeCount={activeCount} onEdit={() => setEditing(plan.id)} />
            ),
          )}
        </ul>
      )}
    </section>
  )
}
