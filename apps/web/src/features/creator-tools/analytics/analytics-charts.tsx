import type { CreatorAnalytics } from '@picks/contracts'
import { formatCents } from '@picks/contracts/client'
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  LabelList,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { useBoxWidth } from '../../../components/ui/use-box-width.ts'
import { bucketLabel, formatCount } from '../creator-words.ts'
import { axisTicks, bucketTick } from './analytics-words.ts'
import { funnelSteps } from './funnel-steps.ts'

// Recharts drawings of the analytics, in their own chunk (`React.lazy` in analytics-figures.tsx), so
// the dashboard's first load carries no chart library. Titles, accessible names and the tables of
// the same numbers stay outside, in analytics-figures.tsx; these only draw.

const colours = {
  net: '#047857',
  gross: '#64748b',
  added: '#059669',
  cancelled: '#dc2626',
  active: '#1d4ed8',
  funnel: '#0f766e',
  grid: '#e2e8f0',
}
const chartHeight = 224
const phoneWidth = 480
const axisTick = { fontSize: 12, fill: '#475569' }

const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
})

type Series = CreatorAnalytics['series']
type Bucket = CreatorAnalytics['bucket']

/** The time axis: the first and last buckets labelled, evenly spaced ones between, fewer on a phone. */
function timeAxis(bucket: Bucket, width: number, series: Series) {
  const starts = series.map((point) => point.start)
  return (
    <XAxis
      dataKey="start"
      tickFormatter={(start: string) => bucketTick(start, bucket)}
      ticks={axisTicks(starts, width, width < phoneWidth ? 90 : 80)}
      interval={0}
      tick={axisTick}
      tickLine={false}
    />
  )
}

/** The value axis: plain numbers, fewer of them on a phone. */
function valueAxis(width: number) {
  return { tick: axisTick, tickLine: false, axisLine: false, tickCount: width < phoneWidth ? 4 : 5 } as const
}

/** Both time charts: the box's width, a fixed height, and a margin that leaves the axis labels room (the last one sits centred on the last bucket). */
function timeChart(width: number, series: Series) {
  return { width, height: chartHeight, data: series, margin: { top: 8, right: 20, bottom: 0, left: 0 } }
}

const labelOf = (bucket: Bucket) => (start: unknown) => bucketLabel(String(start), bucket)

export function EarningsChart({ series, bucket }: { series: Series; bucket: Bucket }) {
  const [box, width] = useBoxWidth()
  return (
    <div ref={box} className="h-full w-full">
      <LineChart {...timeChart(width, series)}>
        <CartesianGrid stroke={colours.grid} vertical={false} />
        {timeAxis(bucket, width, series)}
        <YAxis width={56} {...valueAxis(width)} tickFormatter={(cents: number) => compactDollars.format(cents / 100)} />
        <Tooltip labelFormatter={labelOf(bucket)} formatter={(cents) => formatCents(Number(cents))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Line
          type="monotone"
          dataKey="net_earnings_cents"
          name="Net earnings"
          stroke={colours.net}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="gross_sales_cents"
          name="Gross sales"
          stroke={colours.gross}
          strokeDasharray="4 3"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </div>
  )
}

export function SubscribersChart({ series, bucket }: { series: Series; bucket: Bucket }) {
  const [box, width] = useBoxWidth()
  return (
    <div ref={box} className="h-full w-full">
      <ComposedChart {...timeChart(width, series)}>
        <CartesianGrid stroke={colours.grid} vertical={false} />
        {timeAxis(bucket, width, series)}
        <YAxis width={40} allowDecimals={false} {...valueAxis(width)} />
        <Tooltip labelFormatter={labelOf(bucket)} formatter={(value) => formatCount(Number(value))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="new_subscribers" name="New" fill={colours.added} isAnimationActive={false} />
        <Bar dataKey="cancelled_subscribers" name="Cancelled" fill={colours.cancelled} isAnimationActive={false} />
        <Line
          type="monotone"
          dataKey="active_subscribers"
          name="Active"
          stroke={colours.active}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </div>
  )
}

export function FunnelChart({ funnel }: { funnel: CreatorAnalytics['funnel'] }) {
  const [box, width] = useBoxWidth()
  const steps = funnelSteps(funnel)
  return (
    <div ref={box} className="h-full w-full">
      <BarChart
        width={width}
        height={152}
        data={steps}
        layout="vertical"
        margin={{ top: 4, right: 48, bottom: 4, left: 0 }}
        barCategoryGap={10}
      >
        <XAxis type="number" hide allowDecimals={false} />
        <YAxis type="category" dataKey="label" width={112} tick={axisTick} tickLine={false} axisLine={false} />
        <Bar dataKey="count" fill={colours.funnel} isAnimationActive={false}>
          <LabelList dataKey="count" position="right" formatter={(value) => formatCount(Number(value))} fontSize={12} />
        </Bar>
      </BarChart>
    </div>
  )
}
