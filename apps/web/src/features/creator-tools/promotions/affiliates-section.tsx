import type { CreatorAffiliate, Plan } from '@picks/contracts'
import {
  affiliateLimits,
  affiliateMessages,
  affiliateRewardWords,
  authMessages,
  dollarsToCents,
  formatCents,
  isPlausibleEmail,
} from '@picks/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { serverReason } from '../../../components/alerts/alerts-common.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, FormAlert, inputClasses } from '../../../components/ui/form-field.tsx'
import { checkOnSubmit } from '../../../components/ui/form-options.ts'
import {
  firstProblemResolver,
  formProblems,
  problemsFromServer,
  shownProblem,
} from '../../../components/ui/form-problems.ts'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { FormActions } from '../../../components/ui/text-field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import {
  affiliateQueries,
  changeAffiliate,
  creatorDashboardQueries,
  endAffiliate,
  inviteAffiliate,
} from '../api/index.ts'
import { centsToDollarText } from '../dashboard/plan-values.ts'

interface TermsFields {
  email: string
  rewardKind: 'percent' | 'fixed'
  /** A percentage ("20", "12.5") or dollars ("5", "5.00"), by the kind. */
  amount: string
  payments: 'first' | 'every'
  /** None ticked: every plan. */
  planIds: string[]
}

type TermsField = 'email' | 'amount'

const termsProblems = formProblems<TermsFields, TermsField>(['email', 'amount'], (field) => field)
/** The body's names the server may find a problem with, at the dialog's fields. */
const serverFields: Record<string, TermsField> = { email: 'email', amount_cents: 'amount', percent_bps: 'amount' }

const statusLabels: Record<CreatorAffiliate['status'], string> = {
  invited: 'Invited',
  active: 'Active',
  ended: 'Ended',
}

/** The typed amount as the API's number: basis points for a percentage, cents for a fixed reward. */
function rewardNumber(kind: TermsFields['rewardKind'], amount: string): number | null {
  // "12.5" percent is 1250 basis points, as "12.5" dollars is 1250 cents.
  const value = dollarsToCents(amount.replace(/%$/, ''))
  if (value === null) return null
  const [min, max] =
    kind === 'percent'
      ? [affiliateLimits.minPercentBps, affiliateLimits.maxPercentBps]
      : [affiliateLimits.minAmountCents, affiliateLimits.maxAmountCents]
  return value >= min && value <= max ? value : null
}

function termsProblem(values: TermsFields, withEmail: boolean): { field: TermsField; message: string } | null {
  if (withEmail && !isPlausibleEmail(values.email.trim())) {
    return { field: 'email', message: authMessages.invalidEmail }
  }
  if (rewardNumber(values.rewardKind, values.amount) === null) {
    return {
      field: 'amount',
      message: values.rewardKind === 'percent' ? affiliateMessages.percentRange : affiliateMessages.amountRange,
    }
  }
  return null
}

function termsBody(values: TermsFields) {
  const value = rewardNumber(values.rewardKind, values.amount)
  return {
    reward_kind: values.rewardKind,
    amount_cents: values.rewardKind === 'fixed' ? value : null,
    percent_bps: values.rewardKind === 'percent' ? value : null,
    payments: values.payments,
    plan_ids: values.planIds.length ? values.planIds : null,
  }
}

function fieldsOf(affiliate: CreatorAffiliate | null): TermsFields {
  if (!affiliate) return { email: '', rewardKind: 'percent', amount: '', payments: 'every', planIds: [] }
  const amount =
    affiliate.reward_kind === 'percent'
      ? String((affiliate.percent_bps ?? 0) / 100)
      : centsToDollarText(affiliate.amount_cents ?? 0)
  return {
    email: affiliate.invited_email,
    rewardKind: affiliate.reward_kind,
    amount,
    payments: affiliate.payments,
    planIds: affiliate.plan_ids ?? [],
  }
}

/** The invitation (no `affiliate`) or a change of an arrangement's terms, in a dialog. */
function TermsDialog({
  creatorId,
  affiliate,
  plans,
  onClose,
}: {
  creatorId: string
  affiliate: CreatorAffiliate | null
  plans: Plan[]
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const inviting = affiliate === null
  const form = useForm<TermsFields>({
    defaultValues: fieldsOf(affiliate),
    resolver: firstProblemResolver<TermsFields, TermsField>((values) => termsProblem(values, inviting)),
    ...checkOnSubmit,
  })
  const errorId = useId()
  const problem = shownProblem(form.formState.errors, ['email', 'amount'])
  const kind = form.watch('rewardKind')

  function submit(event: FormEvent) {
    void form.handleSubmit(async (values) => {
      try {
        const body = termsBody(values)
        if (affiliate) await changeAffiliate(affiliate.id, body)
        else await inviteAffiliate({ email: values.email.trim(), ...body })
        await queryClient.invalidateQueries({ queryKey: affiliateQueries.all(creatorId) })
        onClose()
      } catch (caught) {
        const problems = problemsFromServer(caught instanceof ApiError ? caught.details : undefined, serverFields)
        if (Object.keys(problems).length > 0) termsProblems.show(form.setError, problems)
        else form.setError('root.server', { message: serverReason(caught) ?? 'We couldn’t save this. Try again.' })
      }
    })(event)
  }

  return (
    <Dialog
      open
      onClose={onClose}
      label={inviting ? 'Invite an affiliate' : `Change ${affiliate.invited_email}’s reward`}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        {inviting && (
          <Field label="E-mail" error={problem.field === 'email' ? problem.message : null}>
            {(control) => (
              <input
                {...control}
                {...form.register('email')}
                type="email"
                autoComplete="off"
                className={inputClasses}
              />
            )}
          </Field>
        )}
        <Field label="Reward">
          {(control) => (
            <select {...control} {...form.register('rewardKind')} className={inputClasses}>
              <option value="percent">A percentage of the payment</option>
              <option value="fixed">A fixed amount</option>
            </select>
          )}
        </Field>
        <Field
          label={kind === 'percent' ? 'Percentage' : 'Amount in dollars'}
          hint={kind === 'percent' ? 'Such as 20 for 20%.' : 'Such as 5.00.'}
          error={problem.field === 'amount' ? problem.message : null}
        >
          {(control) => (
            <input {...control} {...form.register('amount')} inputMode="decimal" className={inputClasses} />
          )}
        </Field>
        <Field label="Paid on">
          {(control) => (
            <select {...control} {...form.register('payments')} className={inputClasses}>
              <option value="every">Every payment</option>
              <option value="first">The first payment only</option>
            </select>
          )}
        </Field>
        {plans.length > 0 && (
          <fieldset className="flex flex-col gap-1">
            <legend className="text-sm font-medium text-slate-800">Plans</legend>
            <p className="text-xs text-slate-600">Leave all unticked for every plan.</p>
            {plans.map((plan) => (
              <label key={plan.id} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" value={plan.id} {...form.register('planIds')} className="size-4" />
                {plan.name}
              </label>
            ))}
          </fieldset>
        )}
        <FormActions
          errorId={errorId}
          error={problem.field ? '' : problem.message}
          pending={form.formState.isSubmitting}
          submitLabel={inviting ? 'Send invitation' : 'Save'}
          pendingLabel={inviting ? 'Sending…' : 'Saving…'}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  )
}

function AffiliateRow({
  affiliate,
  onChange,
  onEnd,
}: {
  affiliate: CreatorAffiliate
  onChange: () => void
  onEnd: () => void
}) {
  const [confirming, setConfirming] = useState(false)
  const figures = [
    ['Clicks', String(affiliate.clicks)],
    ['Customers', String(affiliate.customers)],
    ['Sales', `${String(affiliate.sales)} · ${formatCents(affiliate.sales_cents)}`],
    ['Commission', formatCents(affiliate.commission_cents)],
  ] as const
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium break-all text-slate-900">
          {affiliate.affiliate_username ? `@${affiliate.affiliate_username}` : affiliate.invited_email}
        </p>
        <p className="text-sm text-slate-700">{statusLabels[affiliate.status]}</p>
      </div>
      <p className="text-sm text-slate-700">{affiliateRewardWords(affiliate)}</p>
      {affiliate.link && <p className="text-xs break-all text-slate-600">{affiliate.link}</p>}
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {figures.map(([term, value]) => (
          <div key={term}>
            <dt className="text-xs text-slate-600">{term}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {affiliate.status !== 'ended' && (
        <div className="flex flex-wrap gap-2">
          {confirming ? (
            <>
              <Button variant="secondary" onClick={onEnd}>
                Yes, end it
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={onChange}>
                Change reward
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(true)}>
                End
              </Button>
            </>
          )}
        </div>
      )}
    </li>
  )
}

/**
 * The creator's affiliates (issue 17, decision 038): each one's reward, link, clicks, customers,
 * sales and commission; an invitation by e-mail, a change of reward, and the end of an arrangement.
 */
export function AffiliatesSection({ creatorId }: { creatorId: string }) {
  const queryClient = useQueryClient()
  const affiliates = useQuery(affiliateQueries.list(creatorId))
  const plans = useQuery(creatorDashboardQueries.plans(creatorId))
  const [editing, setEditing] = useState<CreatorAffiliate | 'new' | null>(null)
  const end = useMutation({
    mutationFn: endAffiliate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: affiliateQueries.all(creatorId) }),
  })

  return (
    <Card
      title="Affiliates"
      description="People who bring you subscribers through their own link, for a reward out of your share."
      actions={<Button onClick={() => setEditing('new')}>Invite an affiliate</Button>}
    >
      {affiliates.isPending && <Loading label="Loading your affiliates…" />}
      {affiliates.isError && (
        <ReadFailed
          message="We couldn’t load your affiliates."
          detail={serverReason(affiliates.error)}
          onRetry={() => void affiliates.refetch()}
          polite
        />
      )}
      {affiliates.isSuccess && affiliates.data.length === 0 && (
        <p className="text-sm text-slate-700">No affiliates yet. Invite someone by e-mail to give them a link.</p>
      )}
      {affiliates.isSuccess && affiliates.data.length > 0 && (
        <ul className="flex flex-col gap-3">
          {affiliates.data.map((affiliate) => (
            <AffiliateRow
              key={affiliate.id}
              affiliate={affiliate}
              onChange={() => setEditing(affiliate)}
              onEnd={() => end.mutate(affiliate.id)}
            />
          ))}
        </ul>
      )}
      <FormAlert
        message={end.isError ? 'We couldn’t end this arrangement. Try again.' : null}
        detail={serverReason(end.error)}
      />
      {editing && (
        <TermsDialog
          creatorId={creatorId}
          affiliate={editing === 'new' ? null : editing}
          plans={plans.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  )
}
