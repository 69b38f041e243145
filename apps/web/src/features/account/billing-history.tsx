import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { cx } from '../../components/ui/cx.ts'
import { formatDay } from '../../components/plans/purchase-terms.ts'
import { Loading, ReadFailed } from '../../components/ui/read-states.tsx'
import { billingQueries } from './billing-api.ts'
import { chargeKindLabel, chargeMoney, chargeStatusLabel, chargeStatusTone } from './charge-terms.ts'

/**
 * The billing history on `/manage-subscriptions`: every charge, renewal and failed renewal, newest
 * first, with its date, amount and status, and a link to its printable receipt. A list of rows that
 * wrap on a phone rather than a table that would scroll sideways.
 */
export function BillingHistory({ userId }: { userId: string }) {
  const charges = useQuery(billingQueries.charges(userId))
  return (
    <section aria-labelledby="billing-history" className="flex flex-col gap-3">
      <h2 id="billing-history" className="text-lg font-semibold text-slate-900">
        Billing history
      </h2>
      {charges.isPending && <Loading label="Loading your billing history…" className="h-14" count={2} stacked />}
      {charges.isError && (
        <ReadFailed message="We couldn’t load your billing history." onRetry={() => void charges.refetch()} polite />
      )}
      {charges.isSuccess && charges.data.length === 0 && (
        <p className="text-slate-700">No charges yet. Each payment, renewal and refund will be listed here.</p>
      )}
      {charges.isSuccess && charges.data.length > 0 && (
        <ul aria-label="Your charges" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {charges.data.map((charge) => (
            <li key={charge.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
              <div className="min-w-0 flex-1 basis-48">
                <p className="font-medium text-slate-900">
                  {charge.plan_name} <span className="font-normal text-slate-600">· {charge.creator_name}</span>
                </p>
                <p className="text-sm text-slate-600">
                  <time dateTime={charge.occurred_at}>{formatDay(charge.occurred_at)}</time> ·{' '}
                  {chargeKindLabel[charge.kind]}
                </p>
              </div>
              <p className="font-semibold text-slate-900 tabular-nums">
                {chargeMoney(charge.amount_cents, charge.currency)}
              </p>
              <p className={cx('rounded-full px-2.5 py-0.5 text-xs font-semibold', chargeStatusTone[charge.status])}>
                {chargeStatusLabel(charge)}
              </p>
              <Link
                to={`/receipts/${charge.id}`}
                className="text-sm font-semibold text-emerald-800 underline underline-offset-2"
                aria-label={`Receipt for ${charge.plan_name}, ${formatDay(charge.occurred_at)}`}
              >
                Receipt
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
