import { useLayoutEffect, useRef, useState } from 'react'

/**
 * A box's width in pixels, kept up to date, for a chart drawn at a fixed width. Recharts'
 * ResponsiveContainer draws nothing while it measures zero (a DOM without layout, as in the
 * component tests); this keeps `firstWidth` until a real width comes.
 */
export function useBoxWidth(firstWidth = 320) {
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
