import { cx } from './cx.ts'

/** A pulsing placeholder block; hidden from assistive technology (the page announces loading itself). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx('animate-pulse rounded-md bg-slate-200', className)} />
}
