import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { cx } from '../../../components/ui/cx.ts'
import { pickRecordQueries } from '../../../components/records/pick-record-queries.ts'
import { creatorDashboardQueries, payoutQueries } from '../api/index.ts'

const linkClasses = 'mt-1 font-semibold text-emerald-800 underline underline-offset-4'

interface Step {
  label: string
  done: boolean
  to: string
  action: string
  why: string
}

/**
 * The way from a new creator to a first sale: profile, payouts, a plan, a first pick. Plans are on
 * sale only once payouts can take charges (docs/decisions/025), so payouts come before the plan.
 */
function setupSteps(status: { payouts: boolean; activePlan: boolean; anyPick: boolean }): Step[] {
  return [
    {
      label: 'Profile',
      done: true,
      to: '/edit-profile',
      action: 'Edit your profile',
      why: 'Your name, picture, sports and bio on your purchase page.',
    },
    {
      label: 'Payouts',
      done: status.payouts,
      to: '/creator/payments',
      action: 'Set up payouts',
      why: 'Customers can buy your plans once you can be paid.',
    },
    {
      label: 'Plan',
      done: status.activePlan,
      to: '#your-plans',
      action: 'Add a plan',
      why: 'A subscription or a pass for customers to buy.',
    },
    {
      label: 'First pick',
      done: status.anyPick,
      to: '/create-pick',
      action: 'Post your first pick',
      why: 'What your subscribers pay for, timestamped and graded.',
    },
  ]
}

/** The setup steps with the next one marked and linked; gone once every step is done. */
export function SetupSteps({ creatorId }: { creatorId: string }) {
  const onboarding = useQuery(payoutQueries.onboardingStatus(creatorId))
  const plans = useQuery(creatorDashboardQueries.plans(creatorId))
  const record = useQuery(pickRecordQueries.creatorRecord(creatorId))
  // Each read shows its own failure where it belongs (payments page, plans, record).
  if (!onboarding.isSuccess || !plans.isSuccess || !record.isSuccess) return null

  const r = record.data
  const steps = setupSteps({
    payouts: onboarding.data.charges_enabled,
    activePlan: plans.data.some((plan) => plan.active),
    anyPick: r.wins + r.losses + r.pushes + r.voids + r.pending > 0,
  })
  const next = steps.find((step) => !step.done)
  if (!next) return null

  return (
    <section
      aria-labelledby="setup-steps-title"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id="setup-steps-title" className="text-lg font-semibold text-slate-900">
        Start selling
      </h2>
      <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => {
          const isNext = step === next
          return (
            <li
              key={step.label}
              aria-current={isNext ? 'step' : undefined}
              className={cx(
                'flex flex-col gap-1 rounded-lg border p-3',
                isNext ? 'border-emerald-700 bg-emerald-50 ring-2 ring-emerald-700' : 'border-slate-200',
              )}
            >
              <span className="text-sm font-semibold text-slate-900">
                {index + 1}. {step.label}
                <span className={cx('ml-2 text-xs font-medium', step.done ? 'text-emerald-800' : 'text-slate-600')}>
                  {step.done ? 'Done' : isNext ? 'Next' : 'To do'}
                </span>
              </span>
              <span className="text-sm text-slate-700">{step.why}</span>
              {isNext &&
                // The plans are on this page: an anchor, which the browser scrolls to.
                (step.to.startsWith('#') ? (
                  <a href={step.to} className={linkClasses}>
                    {step.action}
                  </a>
                ) : (
                  <Link to={step.to} className={linkClasses}>
                    {step.action}
                  </Link>
                ))}
            </li>
          )
        })}
      </ol>
    </section>
  )
}
