import type { CreatorBalance } from '@picks/contracts'
import { formatCents, paymentMessages } from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { Card } from '../../../components/ui/card.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { bpsAsPercent, days, providerName } from './payout-words.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { payoutQueries } from '../api/index.ts'

function Figure({ label, value, note }: { label: string; value: string; note?: string | undefined }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold text-slate-900">{value}</dd>
      {note && <dd className="text-xs text-slate-600">{note}</dd>}
    </div>
  )
}

function BalanceFigures({ balance }: { balance: CreatorBalance }) {
  const money = (cents: number) => formatCents(cents, balance.currency)
  return (
    <>
      <dl aria-label="Balance" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Figure label="Available" value={money(balance.available_cents)} note="Ready to pay out" />
        <Figure
          label="Pending"
          value={money(balance.pending_cents)}
          note={balance.hold_days > 0 ? `Becomes available after ${days(balance.hold_days)}` : undefined}
        />
      </dl>
      <dl aria-label="Lifetime totals" className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <LineItem label="Lifetime net" value={money(balance.lifetime_net_cents)} />
        <LineItem label="Gross sales" value={money(balance.gross_cents)} />
        <LineItem label={`Platform fees (${bpsAsPercent(balance.fee_bps)})`} value={money(balance.fees_cents)} />
        <LineItem label="Refunds" value={money(balance.refunds_cents)} />
        <LineItem label="Paid out" value={money(balance.paid_out_cents)} />
      </dl>
    </>
  )
}

function LineItem({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  )
}

/** The provider has no balance to show before payouts are set up: said as such, not as a failure. */
function NotSetUpNote() {
  return (
    <p role="status" className="text-sm text-slate-700">
      {paymentMessages.providerBalanceNotSetUp}
    </p>
  )
}

/** The provider's own figures for the connected account: a cross-check, shown once it exists. */
function ProviderBalanceLine({ creatorId }: { creatorId: string }) {
  const remote = useQuery(payoutQueries.providerBalance(creatorId))
  if (remote.isPending) return <Loading label="Loading the provider’s balance…" className="h-5 w-64" />
  // The server found no finished payout account (set up elsewhere, or the provider changed).
  if (remote.isError && remote.error instanceof ApiError && remote.error.reason === 'NOT_ONBOARDED') {
    return <NotSetUpNote />
  }
  if (remote.isError) {
    return <ReadFailed message={paymentMessages.providerBalanceFailed} onRetry={() => void remote.refetch()} />
  }
  const { provider, currency, available_cents, pending_cents } = remote.data
  const name = providerName(provider)
  return (
    <p className="text-sm text-slate-700">
      <span className="font-medium text-slate-900">{name.charAt(0).toUpperCase() + name.slice(1)} reports</span>{' '}
      {formatCents(available_cents, currency)} available and {formatCents(pending_cents, currency)} pending.
    </p>
  )
}

/**
 * Balances from the ledger (issue 5 item 7): what can be paid out now, what is on hold, and the
 * totals; then the provider's own figure once payouts are set up, or a note that they are not yet
 * (`onboarded` undefined while the onboarding status is unknown: nothing is said then).
 */
export function BalanceSection({ creatorId, onboarded }: { creatorId: string; onboarded: boolean | undefined }) {
  const balance = useQuery(payoutQueries.balance(creatorId))
  return (
    <Card
      look="flat"
      title="Balance"
      description={
        balance.data
          ? `Sales less the ${bpsAsPercent(balance.data.fee_bps)} platform fee and refunds.`
          : 'Sales less the platform fee and refunds.'
      }
    >
      {balance.isPending && <Loading label="Loading your balance…" className="h-24" />}
      {balance.isError && <ReadFailed message={paymentMessages.balanceFailed} onRetry={() => void balance.refetch()} />}
      {balance.isSuccess && <BalanceFigures balance={balance.data} />}
      {onboarded !== undefined && (
        <div className="border-t border-slate-100 pt-3">
          {onboarded ? <ProviderBalanceLine creatorId={creatorId} /> : <NotSetUpNote />}
        </div>
      )}
    </Card>
  )
}
