import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { pageTitle } from '../../lib/site.ts'

/**
 * The frame of a creator tools page (payments, notifications, promotions): its title (the tab's
 * too), what it holds, a way back to the dashboard, and its sections beneath.
 */
export function CreatorToolsPage({
  title,
  description,
  children,
}: {
  title: string
  description: string
  children: ReactNode
}) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-10">
      <title>{pageTitle(title)}</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="text-slate-700">{description}</p>
        </div>
        <Link to="/dashboard" className="font-semibold text-emerald-800 underline underline-offset-4">
          Back to the dashboard
        </Link>
      </header>
      {children}
    </div>
  )
}
