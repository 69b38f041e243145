import type { Charge } from '@picks/contracts'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams, useSearchParams } from 'react-router'
import { useStoredUser } from '../../auth/stored-user.ts'
import { formatDay } from '../../components/plans/purchase-terms.ts'
import { Button } from '../../components/ui/button.tsx'
import { Loading, ReadFailed } from '../../components/ui/read-states.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { pageTitle } from '../../lib/site.ts'
import { billingQueries } from './billing-api.ts'
import { chargeKindLabel, chargeMoney, chargePeriod, chargeStatusLabel } from './charge-terms.ts'

const linkClasses = 'font-semibold text-emerald-800 underline underline-offset-2'

function BackLink() {
  return (
    <Link to="/manage-subscriptions" className={linkClasses}>
      Back to your subscriptions
    </Link>
  )
}

function ReceiptBody({ charge }: { charge: Charge }) {
  const period = chargePeriod(charge)
  const failed = charge.status === 'failed'
  const lines: [string, string][] = [
    ['Receipt number', charge.id],
    ['Date', formatDay(charge.occurred_at)],
    ['Plan', charge.plan_name],
    ['Creator', charge.creator_name],
    ['Type', chargeKindLabel[charge.kind]],
  ]
  if (period) lines.push(['Period', period])
  if (charge.card_last4) lines.push(['Card', `ending in ${charge.card_last4}`])
  lines.push(['Status', chargeStatusLabel(charge)])
  return (
    <article
      data-print-receipt
      aria-labelledby="receipt-title"
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6 print:border-0 print:p-0"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="receipt-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {failed ? 'Failed payment' : 'Receipt'}
        </h1>
        <p className="text-sm text-slate-600">Picks Marketplace</p>
      </header>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {lines.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex items-baseline justify-between border-t border-slate-200 pt-4">
        <p className="font-semibold text-slate-900">{failed ? 'Amount due (not charged)' : 'Amount paid'}</p>
        <p className="text-xl font-bold text-slate-900 tabular-nums">
          {chargeMoney(charge.amount_cents, charge.currency)}
        </p>
      </div>
      {charge.refunded_cents > 0 && (
        <div className="flex items-baseline justify-between">
          <p className="text-slate-700">Refunded</p>
          <p className="font-semibold text-slate-900 tabular-nums">
            −{chargeMoney(charge.refunded_cents, charge.currency)}
          </p>
        </div>
      )}
      <p className="text-sm text-slate-600">
        To cancel or change a subscription, go to Manage Subscriptions on Picks Marketplace.
      </p>
    </article>
  )
}

function Receipt({ userId, chargeId }: { userId: string; chargeId: string }) {
  const read = useQuery(billingQueries.charge(userId, chargeId))
  if (read.isPending) return <Loading label="Loading your receipt…" className="h-64" />
  if (read.isError) {
    if (read.error instanceof ApiError && [400, 403, 404].includes(read.error.status)) {
      return (
        <div className="flex flex-col items-start gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Receipt not found</h1>
          <p className="text-slate-700">We couldn’t find this receipt in your account.</p>
          <BackLink />
        </div>
      )
    }
    return (
      <div className="flex flex-col items-start gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Receipt</h1>
        <ReadFailed message="We couldn’t load this receipt." onRetry={() => void read.refetch()} />
        <BackLink />
      </div>
    )
  }
  return (
    <>
      <ReceiptBody charge={read.data} />
      <div className="flex flex-wrap items-center gap-4 print:hidden">
        <Button onClick={() => window.print()}>Print receipt</Button>
        <BackLink />
      </div>
    </>
  )
}

/**
 * `/receipts/:id` (signed in): one charge's receipt, laid out to print (the app's menus are left
 * off the printed page, index.css). Its owner's; an administrator reads a customer's with
 * `?user={id}`, which the API allows only to them.
 */
export function Component() {
  const { id = '' } = useParams()
  const [searchParams] = useSearchParams()
  const user = useStoredUser()
  const userId = searchParams.get('user') ?? user?.id
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-6 sm:px-6 print:max-w-none print:p-0">
      <title>{pageTitle('Receipt')}</title>
      {userId && <Receipt key={`${userId}:${id}`} userId={userId} chargeId={id} />}
    </div>
  )
}
