import { sports, type SportSlug } from '@picks/contracts/client'
import { Link, useLocation } from 'react-router'
import { cx } from '../../components/ui/cx.ts'

const pill =
  'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:ring-offset-2 focus-visible:outline-none'

/** All sports, then each one, as links: the sport lives in the path (`/locker-room/nba`), the sort stays. */
export function SportFilter({ current }: { current: SportSlug | null }) {
  const { search } = useLocation()
  const options = [{ slug: null, label: 'All sports' }, ...sports]
  return (
    <nav aria-label="Sports">
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => {
          const active = option.slug === current
          return (
            <li key={option.slug ?? 'all'}>
              <Link
                to={{ pathname: option.slug ? `/locker-room/${option.slug}` : '/locker-room', search }}
                aria-current={active ? 'page' : undefined}
                className={cx(
                  pill,
                  active
                    ? 'border-slate-900 bg-slate-900 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-emerald-700 hover:text-emerald-800',
                )}
              >
                {option.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
