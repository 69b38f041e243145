import type { AffiliateOverview } from '@picks/contracts'
import { affiliateRewardWords, formatCents } from '@picks/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { useSearchParams } from 'react-router'
import { useStoredUser } from '../../auth/stored-user.ts'
import { serverReason } from '../../components/alerts/alerts-common.ts'
import { Button } from '../../components/ui/button.tsx'
import { Card } from '../../components/ui/card.tsx'
import { CopyLinkField } from '../../components/ui/copy-link-field.tsx'
import { Field, FormAlert, inputClasses } from '../../components/ui/form-field.tsx'
import { checkOnSubmit } from '../../components/ui/form-options.ts'
import { firstProblemResolver } from '../../components/ui/form-problems.ts'
import { Loading, ReadFailed } from '../../components/ui/read-states.tsx'
import { StatusNote } from '../../components/ui/status-note.tsx'
import { pageTitle } from '../../lib/site.ts'
import { checkPayoutAmount } from '../../lib/payout-amount.ts'
import {
  acceptInvitation,
  affiliateOverviewQuery,
  requestAffiliatePayout,
  startAffiliateOnboarding,
} from './affiliate-api.ts'

/** The invitation in the link (`?invite=`): accepting it makes the link yours. */
function InvitationCard({ token, onAccepted }: { token: string; onAccepted: () => void }) {
  const accept = useMutation({ mutationFn: () => acceptInvitation(token), onSuccess: onAccepted })
  return (
    <Card title="Your invitation" description="A creator invited you to bring them subscribers for a reward.">
      <div className="flex flex-col items-start gap-3">
        <Button onClick={() => accept.mutate()} disabled={accept.isPending} aria-busy={accept.isPending}>
          {accept.isPending ? 'Accepting…' : 'Accept invitation'}
        </Button>
        <FormAlert
          message={accept.isError ? 'We couldn’t accept this invitation.' : null}
          detail={serverReason(accept.error)}
        />
      </div>
    </Card>
  )
}

function Figures({ items }: { items: readonly (readonly [string, string])[] }) {
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt className="text-xs text-slate-600">{term}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function PayoutsCard({ userId, overview }: { userId: string; overview: AffiliateOverview }) {
  const user = useStoredUser()
  const queryClient = useQueryClient()
  const availableCents = overview.balance.available_cents
  const form = useForm<{ amount: string }>({
    defaultValues: { amount: '' },
    // The creator's payout rules: the contract's minimum, and no more than is available.
    resolver: firstProblemResolver(({ amount }) => {
      const { problem } = checkPayoutAmount(amount, availableCents)
      return problem ? { field: 'amount', message: problem } : null
    }),
    ...checkOnSubmit,
  })
  const onboard = useMutation({
    mutationFn: () => startAffiliateOnboarding(userId, { email: user?.email ?? '', name: user?.name || 'Affiliate' }),
    onSuccess: (url) => window.location.assign(url),
  })
  const payout = useMutation({
    mutationFn: (cents: number) => requestAffiliatePayout(userId, cents),
    onSuccess: () => form.reset(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: affiliateOverviewQuery(userId).queryKey }),
  })

  function submit(event: FormEvent) {
    void form.handleSubmit(({ amount }) => {
      const { cents } = checkPayoutAmount(amount, availableCents)
      if (cents !== undefined) payout.mutate(cents)
    })(event)
  }

  if (!overview.onboarding.onboarded) {
    return (
      <Card title="Payouts" description="Set up payouts to be paid your commission, as creators are.">
        <div className="flex flex-col items-start gap-3">
          <Button onClick={() => onboard.mutate()} disabled={onboard.isPending} aria-busy={onboard.isPending}>
            {onboard.isPending ? 'Opening…' : 'Set up payouts'}
          </Button>
          <FormAlert
            message={onboard.isError ? 'We couldn’t open the payout setup.' : null}
            detail={serverReason(onboard.error)}
          />
        </div>
      </Card>
    )
  }
  return (
    <Card title="Payouts" description="Paid to your own account from your available commission.">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Field label="Amount in dollars" error={form.formState.errors.amount?.message}>
          {(control) => (
            <input {...control} {...form.register('amount')} inputMode="decimal" className={inputClasses} />
          )}
        </Field>
        <div>
          <Button type="submit" disabled={payout.isPending} aria-busy={payout.isPending}>
            {payout.isPending ? 'Requesting…' : 'Request payout'}
          </Button>
        </div>
        {payout.isSuccess && <StatusNote message={`Payout of ${formatCents(payout.data.amount_cents)} requested.`} />}
        <FormAlert
          message={payout.isError ? 'We couldn’t make this payout.' : null}
          detail={serverReason(payout.error)}
        />
      </form>
    </Card>
  )
}

/**
 * `/affiliate` (issue 17, decision 038): where an invited person accepts (`?invite=`), and where
 * an affiliate sees their links, what each brought, their earnings, and is paid.
 */
export function Component() {
  const user = useStoredUser()
  const queryClient = useQueryClient()
  const [searchParams, setSearchParams] = useSearchParams()
  const token = searchParams.get('invite')
  const overview = useQuery({ ...affiliateOverviewQuery(user?.id ?? ''), enabled: user !== null })
  if (!user) return null

  function accepted() {
    setSearchParams({}, { replace: true })
    void queryClient.invalidateQueries({ queryKey: affiliateOverviewQuery(user?.id ?? '').queryKey })
  }

  const data = overview.data
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-10">
      <title>{pageTitle('Affiliate')}</title>
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Affiliate</h1>
        <p className="text-slate-700">Your links to creators, what they brought, and your earnings.</p>
      </header>
      {token && <InvitationCard token={token} onAccepted={accepted} />}
      {overview.isPending && <Loading label="Loading your affiliate links…" />}
      {overview.isError && (
        <ReadFailed
          message="We couldn’t load your affiliate links."
          detail={serverReason(overview.error)}
          onRetry={() => void overview.refetch()}
        />
      )}
      {data && (
        <>
          <Card title="Earnings">
            <Figures
              items={[
                ['Available', formatCents(data.balance.available_cents)],
                ['Pending', formatCents(data.balance.pending_cents)],
                ['Earned', formatCents(data.balance.earned_cents)],
                ['Paid out', formatCents(data.balance.paid_out_cents)],
              ]}
            />
          </Card>
          <Card title="Your links">
            {data.arrangements.length === 0 ? (
              <p className="text-sm text-slate-700">No links yet. A creator can invite you by e-mail.</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {data.arrangements.map((arrangement) => (
                  <li key={arrangement.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
                    <p className="font-medium text-slate-900">
                      @{arrangement.creator_username}
                      {arrangement.status === 'ended' && <span className="font-normal text-slate-600"> · Ended</span>}
                    </p>
                    <p className="text-sm text-slate-700">{affiliateRewardWords(arrangement)}</p>
                    {arrangement.status === 'active' && (
                      <CopyLinkField
                        url={arrangement.link}
                        label={`Your link to @${arrangement.creator_username}`}
                        copyName={`Copy link to @${arrangement.creator_username}`}
                      />
                    )}
                    <Figures
                      items={[
                        ['Clicks', String(arrangement.clicks)],
                        ['Customers', String(arrangement.customers)],
                        ['Commission', formatCents(arrangement.commission_cents)],
                      ]}
                    />
                  </li>
                ))}
              </ul>
            )}
          </Card>
          {data.arrangements.length > 0 && <PayoutsCard userId={user.id} overview={data} />}
        </>
      )}
    </div>
  )
}
