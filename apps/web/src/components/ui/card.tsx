import { useId, type ReactNode } from 'react'
import { cx } from './cx.ts'

const looks = {
  /** A page's main cards (notifications, the account page's width). */
  raised: 'rounded-2xl p-4 shadow-sm sm:p-6',
  /** Denser cards, several to a row (the payments page). */
  flat: 'rounded-xl p-4 sm:p-5',
} as const

/** A titled card: a region named by its heading, with an optional description and actions beside the title. */
export function Card({
  title,
  description,
  actions,
  look = 'raised',
  className,
  children,
}: {
  title: string
  description?: ReactNode
  actions?: ReactNode
  look?: keyof typeof looks
  className?: string
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className={cx('flex flex-col gap-4 border border-slate-200 bg-white', looks[look], className)}
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
