import type { Plan } from '@picks/contracts'
import { planLimits } from '@picks/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { planPrice, planTrial } from '../../../components/plans/plan-terms.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { checkOnSubmit } from '../../../components/ui/form-options.ts'
import { firstProblemResolver } from '../../../components/ui/form-problems.ts'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { StatusNote } from '../../../components/ui/status-note.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { creatorDashboardQueries, updatePlan, updatePlanFailed } from '../api/index.ts'
import { planProblemsFromServer, trialDaysProblem } from '../dashboard/plan-values.ts'
import { TrialDaysField } from '../dashboard/trial-days-field.tsx'

interface TrialFields {
  trialDays: string
}

/** One subscription's free trial, saved through the plan update the dashboard's editor uses. */
function TrialForm({ plan }: { plan: Plan }) {
  const queryClient = useQueryClient()
  const [saved, setSaved] = useState('')
  const form = useForm<TrialFields>({
    defaultValues: { trialDays: String(plan.trial_days) },
    resolver: firstProblemResolver<TrialFields, 'trialDays'>(({ trialDays }) => {
      const message = trialDaysProblem(trialDays)
      return message ? { field: 'trialDays', message } : null
    }),
    ...checkOnSubmit,
  })
  const error = form.formState.errors.trialDays?.message

  const save = useMutation({
    mutationFn: (trialDays: number) => updatePlan(plan.id, { trial_days: trialDays }),
    onSuccess: async ({ plan: updated }) => {
      // The plan everywhere: the dashboard, the purchase page and the shop.
      await queryClient.invalidateQueries({ queryKey: creatorDashboardQueries.all() })
      form.reset({ trialDays: String(updated.trial_days) })
      setSaved(
        updated.trial_days === 0 ? `${updated.name} has no free trial now.` : `${updated.name}: ${planTrial(updated)}.`,
      )
    },
    onError: (caught) => {
      const message =
        (caught instanceof ApiError ? planProblemsFromServer(caught.details).trialDays : undefined) ?? updatePlanFailed
      form.setError('trialDays', { type: 'server', message })
    },
  })

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    setSaved('')
    if (save.isPending) return
    void form.handleSubmit(({ trialDays }) => save.mutate(Number(trialDays.trim())))(event)
  }

  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4">
      <div>
        <h3 className="font-semibold text-slate-900">{plan.name}</h3>
        <p className="text-sm text-slate-700">
          {planPrice(plan)}
          {!plan.active && ' · inactive'}
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-start gap-2">
        <TrialDaysField
          label={
            <>
              Free trial days<span className="sr-only"> for {plan.name}</span>
            </>
          }
          hint={`0 to ${planLimits.maxTrialDays}; 0 for no trial`}
          error={error}
          className="w-40"
          registration={form.register('trialDays')}
        />
        <Button type="submit" variant="secondary" disabled={save.isPending} className="mt-6">
          {save.isPending ? 'Saving…' : 'Save'}
          <span className="sr-only"> trial for {plan.name}</span>
        </Button>
      </form>
      <StatusNote message={saved} />
    </li>
  )
}

/** Free trials on the creator's subscriptions (passes have none), each saved on its own. */
export function TrialsSection({ creatorId }: { creatorId: string }) {
  const plans = useQuery(creatorDashboardQueries.plans(creatorId))
  const subscriptions = plans.data?.filter((plan) => plan.kind === 'subscription') ?? []
  return (
    <Card
      title="Free trials"
      description="A trial lets a new subscriber try your picks before the first payment. Each customer gets one free trial from you, whichever plan it was on."
    >
      {plans.isPending && <Loading label="Loading your plans…" className="h-24" />}
      {plans.isError && <ReadFailed message="We couldn’t load your plans." onRetry={() => void plans.refetch()} />}
      {plans.isSuccess &&
        (subscriptions.length === 0 ? (
          <p className="text-sm text-slate-700">
            Free trials are for subscriptions, and you have none yet.{' '}
            <Link to="/dashboard" className="font-semibold text-emerald-800 underline underline-offset-2">
              Add a plan on your dashboard
            </Link>
            .
          </p>
        ) : (
          <ul aria-label="Trials by plan" className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {subscriptions.map((plan) => (
              <TrialForm key={plan.id} plan={plan} />
            ))}
          </ul>
        ))}
    </Card>
  )
}
