import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { pageTitle } from '../../lib/site.ts'

/** A page whose feature ships in a later release: its title, a plain notice and a way back to the shop. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6 lg:py-16">
      <title>{pageTitle(title)}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <div className="mt-4 space-y-3 text-slate-700">
        <p>This page is not available yet.</p>
        {children}
      </div>
      <p className="mt-8">
        <Link to="/shop-picks" className="font-semibold text-emerald-700 underline-offset-4 hover:underline">
          Back to the shop
        </Link>
      </p>
    </section>
  )
}
