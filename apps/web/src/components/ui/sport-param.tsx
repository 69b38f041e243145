import { sports, type SportSlug } from '@picks/contracts/client'
import { Link } from 'react-router'
import { pageTitle } from '../../lib/site.ts'

type SportInfo = (typeof sports)[number]

/** The supported sport for a URL segment (case-insensitive), or null. */
export function findSport(param: string | undefined): SportInfo | null {
  if (!param) return null
  const slug = param.toLowerCase()
  return sports.find((sport) => sport.slug === slug) ?? null
}

/** Shown when a URL names a sport we do not cover; links to every sport we do. */
export function UnknownSport({ param, linkTo }: { param: string; linkTo: (slug: SportSlug) => string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <title>{pageTitle('Unknown sport')}</title>
      <h1 className="text-2xl font-bold text-slate-900">Unknown sport</h1>
      <p className="mt-3 text-slate-700">We don’t cover “{param}”. Choose one of the sports we do:</p>
      <ul className="mt-4 flex flex-wrap gap-2">
        {sports.map((sport) => (
          <li key={sport.slug}>
            <Link
              to={linkTo(sport.slug)}
              className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:border-emerald-700 hover:text-emerald-800"
            >
              {sport.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
