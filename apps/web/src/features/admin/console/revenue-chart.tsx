import type { AdminRevenuePeriod } from '@picks/contracts'
import { formatCents } from '@picks/contracts/client'
import { Bar, BarChart, CartesianGrid, Legend, XAxis, YAxis } from 'recharts'
import { useBoxWidth } from '../../../components/ui/use-box-width.ts'

const emerald600 = '#059669'
const red500 = '#ef4444'
const slate200 = '#e2e8f0'
const chartHeight = 192

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/**
 * The marketplace's net revenue and refunds per UTC day, as bars (Recharts). Its own chunk: the
 * overview loads it after its figures. The same numbers are in the table beside it, for readers
 * who cannot see the picture.
 */
export function RevenueChart({ periods }: { periods: AdminRevenuePeriod[] }) {
  const [box, width] = useBoxWidth()
  const data = periods.map((period) => ({
    day: dayLabel.format(new Date(`${period.start}T00:00:00Z`)),
    net: period.netCents,
    refunds: period.refundsCents,
  }))
  return (
    <div ref={box} className="h-full w-full">
      <BarChart
        width={width}
        height={chartHeight}
        data={data}
        margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke={slate200} />
        <XAxis dataKey="day" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={16} />
        <YAxis tick={{ fontSize: 11 }} width={56} tickFormatter={(cents: number) => formatCents(cents, 'usd')} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="net" name="Net" fill={emerald600} isAnimationActive={false} />
        <Bar dataKey="refunds" name="Refunds" fill={red500} isAnimationActive={false} />
      </BarChart>
    </div>
  )
}
