import type { RevenueAnswer } from '@picks/contracts'
import { formatCents } from '@picks/contracts/client'
import { Bar, BarChart, ReferenceLine, XAxis, YAxis, type BarShapeProps } from 'recharts'
import { useBoxWidth } from '../../../components/ui/use-box-width.ts'
import { bucketLabel } from '../creator-words.ts'

const emerald600 = '#059669'
const red500 = '#ef4444'
const slate400 = '#94a3b8'
const chartHeight = 160

/**
 * Net revenue per bucket as bars on Recharts. Its own chunk (`React.lazy` in revenue-section.tsx):
 * Recharts loads only when a creator opens the payments page. The accessible name and the table of
 * the same numbers stay in revenue-section.tsx; this draws the picture.
 */
export function RevenueBars({ revenue }: { revenue: RevenueAnswer }) {
  const { points, bucket, currency } = revenue
  const [box, width] = useBoxWidth()
  return (
    <div ref={box} className="h-full w-full">
      <BarChart
        width={width}
        height={chartHeight}
        data={points}
        margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
        accessibilityLayer={false}
      >
        <XAxis dataKey="date" hide />
        <YAxis hide domain={[(min: number) => Math.min(0, min), (max: number) => Math.max(0, max)]} />
        <ReferenceLine y={0} stroke={slate400} />
        <Bar
          dataKey="net_cents"
          isAnimationActive={false}
          // Every bucket gets a bar, a zero one too, titled with its day or month and its amount.
          shape={(bar: BarShapeProps) => {
            const point = points[bar.originalDataIndex]
            const cents = point?.net_cents ?? 0
            return (
              <rect
                x={bar.x}
                y={Math.min(bar.y, bar.y + bar.height)}
                width={bar.width}
                height={Math.abs(bar.height)}
                fill={cents >= 0 ? emerald600 : red500}
              >
                <title>{`${bucketLabel(point?.date ?? '', bucket)}: ${formatCents(cents, currency)}`}</title>
              </rect>
            )
          }}
        />
      </BarChart>
    </div>
  )
}
