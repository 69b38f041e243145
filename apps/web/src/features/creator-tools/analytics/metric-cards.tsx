import type { AnalyticsFigures, CreatorAnalytics } from '@picks/contracts'
import { formatCents } from '@picks/contracts/client'
import { cx } from '../../../components/ui/cx.ts'
import { formatCount } from '../creator-words.ts'
import { countChange, formatRate, previousPhrase, rateChange, type Change, type Direction } from './analytics-words.ts'

interface Metric {
  label: string
  value: (figures: AnalyticsFigures) => string
  /** The figure's change against the previous period, or null when there is nothing to compare. */
  change: (current: AnalyticsFigures, previous: AnalyticsFigures, against: string) => Change | null
  /** A rise is bad news (churn, refunds): the tone follows, the words stay plain. */
  isLowerBetter?: boolean
  detail?: (figures: AnalyticsFigures) => string | null
}

type NumberKey = {
  [Key in keyof AnalyticsFigures]: AnalyticsFigures[Key] extends number ? Key : never
}[keyof AnalyticsFigures]

const money = (key: NumberKey): Pick<Metric, 'value' | 'change'> => ({
  value: (figures) => formatCents(figures[key]),
  change: (current, previous, against) => countChange(current[key], previous[key], against),
})
const count = (key: NumberKey): Pick<Metric, 'value' | 'change'> => ({
  value: (figures) => formatCount(figures[key]),
  change: (current, previous, against) => countChange(current[key], previous[key], against),
})
const rate = (key: 'churn_rate' | 'trial_conversion_rate'): Pick<Metric, 'value' | 'change'> => ({
  value: (figures) => formatRate(figures[key]),
  change: (current, previous, against) => rateChange(current[key], previous[key], against),
})

/**
 * Affiliates' commissions taken out of net earnings (decision 038), net of those returned with
 * refunds: said only when there are some, so a creator without affiliates reads what they always did.
 */
function affiliatesPart(cents: number): string {
  if (cents === 0) return ''
  return cents > 0 ? ` and ${formatCents(cents)} to affiliates` : ` and ${formatCents(-cents)} back from affiliates`
}

const metrics: Metric[] = [
  {
    label: 'Net earnings',
    ...money('net_earnings_cents'),
    detail: (f) => `After ${formatCents(f.platform_fees_cents)} in fees${affiliatesPart(f.affiliate_commission_cents)}`,
  },
  { label: 'Gross sales', ...money('gross_sales_cents') },
  { label: 'MRR', ...money('mrr_cents'), detail: () => 'Monthly recurring revenue' },
  { label: 'Active subscribers', ...count('active_subscribers') },
  { label: 'New subscribers', ...count('new_subscribers') },
  {
    label: 'Churn rate',
    ...rate('churn_rate'),
    isLowerBetter: true,
    detail: (f) => `${formatCount(f.cancellations)} ${f.cancellations === 1 ? 'cancellation' : 'cancellations'}`,
  },
  {
    label: 'Trial conversion',
    ...rate('trial_conversion_rate'),
    detail: (f) => (f.trial_starts > 0 ? `${f.trial_conversions} of ${f.trial_starts} trials` : 'No trials started'),
  },
  { label: 'Passes sold', ...count('passes_sold') },
  { label: 'Refunds', ...money('refunds_cents'), isLowerBetter: true },
]

function ArrowIcon({ direction }: { direction: Direction }) {
  const path =
    direction === 'up' ? 'M12 19V5M5 12l7-7 7 7' : direction === 'down' ? 'M12 5v14M5 12l7 7 7-7' : 'M5 12h14'
  return (
    <svg
      viewBox="0 0 24 24"
      width="14"
      height="14"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      aria-hidden="true"
    >
      <path d={path} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

function toneOf(change: Change, isLowerBetter: boolean): string {
  if (change.direction === 'same') return 'text-slate-700'
  const isGood = (change.direction === 'up') !== isLowerBetter
  return isGood ? 'text-emerald-800' : 'text-red-800'
}

/**
 * The period's headline figures, each with its change against the period before ("Up 12% vs
 * previous 30 days", in words and an arrow, not colour alone). All time has no period before.
 */
export function MetricCards({ analytics }: { analytics: CreatorAnalytics }) {
  const { current, previous, timeframe } = analytics
  const against = timeframe === 'all' ? null : previousPhrase(timeframe)
  return (
    <dl aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {metrics.map((metric) => {
        const change = previous && against ? metric.change(current, previous, against) : null
        const detail = metric.detail?.(current)
        return (
          <div key={metric.label} className="flex min-w-0 flex-col gap-1 rounded-lg border border-slate-200 p-3">
            <dt className="text-sm text-slate-700">{metric.label}</dt>
            <dd className="text-xl font-bold text-slate-900 tabular-nums">{metric.value(current)}</dd>
            {detail && <dd className="text-xs text-slate-600">{detail}</dd>}
            {change && (
              <dd
                className={cx(
                  'flex items-start gap-1 text-xs font-medium',
                  toneOf(change, metric.isLowerBetter ?? false),
                )}
              >
                <span className="mt-px shrink-0">
                  <ArrowIcon direction={change.direction} />
                </span>
                {change.text}
              </dd>
            )}
          </div>
        )
      })}
    </dl>
  )
}
