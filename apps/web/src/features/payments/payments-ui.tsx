import { useId, type ReactNode } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { cx } from '../../components/ui/cx.ts'
import { Skeleton } from '../../components/ui/skeleton.tsx'

/** One titled card of the payments page. */
export function PaymentsSection({
  title,
  description,
  actions,
  className,
  children,
}: {
  title: string
  description?: ReactNode
  actions?: ReactNode
  className?: string
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className={cx('flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5', className)}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="text-sm text-slate-700">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  )
}

/** A read that failed: its spec §8 message, verbatim, and a way to ask again. */
export function ReadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2">
      <p className="text-slate-800">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}

/** A read in progress: announced once, drawn as a placeholder block. */
export function Loading({ label, className }: { label: string; className?: string }) {
  return (
    <>
      <p role="status" className="sr-only">
        {label}
      </p>
      <Skeleton className={className ?? 'h-20'} />
    </>
  )
}

/** Marks the sandbox provider wherever its money or accounts are shown. */
export function TestModeBadge() {
  return <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Test mode</span>
}
