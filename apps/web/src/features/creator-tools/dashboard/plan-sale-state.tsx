import type { Plan } from '@picks/contracts'
import { Link } from 'react-router'
import { cx } from '../../../components/ui/cx.ts'

// Whether a plan is on sale is the server's answer (`on_sale`): active, and the creator's payout
// account can take charges — the rule checkout applies (docs/decisions/025).

/** The plan's state as customers meet it: on sale, waiting for payouts, or switched off. */
export function PlanSaleBadge({ plan }: { plan: Plan }) {
  const label = plan.on_sale ? 'On sale' : plan.active ? 'Not on sale yet' : 'Inactive'
  return (
    <span
      className={cx(
        'rounded-full px-2 py-0.5 text-xs font-medium',
        plan.on_sale && 'bg-emerald-100 text-emerald-900',
        !plan.on_sale && plan.active && 'bg-amber-100 text-amber-900',
        !plan.active && 'bg-slate-100 text-slate-700',
      )}
    >
      {label}
    </span>
  )
}

/** Why active plans are not on sale: the creator cannot take payments until payouts are set up. */
export function PayoutsNeededNote({ plans }: { plans: readonly Plan[] }) {
  if (!plans.some((plan) => plan.active && !plan.on_sale)) return null
  return (
    <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      Your plans are not on sale yet: customers can buy them once your payouts are set up, so that you can be paid.{' '}
      <Link to="/creator/payments" className="font-semibold underline underline-offset-2">
        Set up payouts
      </Link>
    </p>
  )
}
