import type { RevenueAnswer } from '@picks/contracts'
import { formatCents } from '@picks/contracts/client'
import { useLayoutEffect, useRef, useState } from 'react'
import { Bar, BarChart, ReferenceLine, XAxis, YAxis, type BarShapeProps } from 'recharts'
import { bucketLabel } from './payout-words.ts'

const emerald600 = '#059669'
const red500 = '#ef4444'
const slate400 = '#94a3b8'
const chartHeight = 160
const firstWidth = 320

/**
 * The box's width, kept up to date. Recharts' ResponsiveContainer draws nothing while it measures
 * zero (a DOM without layout, as in the component tests); this keeps the first width until a real one comes.
 */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(firstWidth)
  useLayoutEffect(() => {
    const box = ref.current
    if (!box || typeof ResizeObserver === 'undefined') return
    const measure = (measured: number) => {
      if (measured > 0) setWidth(Math.round(measured))
    }
    measure(box.getBoundingClientRect().width)
    const observer = new ResizeObserver(([entry]) => measure(entry?.contentRect.width ?? 0))
    observer.observe(box)
    return () => observer.disconnect()
  }, [])
  return [ref, width] as const
}

/**
 * Net revenue per bucket as bars on Recharts. Its own chunk (`React.lazy` in revenue-section.tsx):
 * Recharts loads only when a creator opens the payments page. The accessible name and the table of
 * the same numbers stay in revenue-section.tsx; this draws the picture.
 */
export function RevenueBars({ revenue }: { revenue: RevenueAnswer }) {
  const { points, bucket, currency } = revenue
  const [box, width] = useWidth()
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
