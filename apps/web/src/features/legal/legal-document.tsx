import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { pageTitle, site } from '../../lib/site.ts'
import { SupportEmailLink } from './support-email-link.tsx'

/** The frame of a legal text: title, effective date, a short summary and the numbered sections. */
export function LegalDocument({
  title,
  summary,
  children,
}: {
  title: string
  summary: ReactNode
  children: ReactNode
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:py-12">
      <title>{pageTitle(title)}</title>
      <header className="border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">
          Effective and last updated: <time dateTime="2024-12-15">{site.legalEffectiveDate}</time>
        </p>
        <div className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950">
          {summary}
        </div>
      </header>
      <div className="legal-text mt-8 space-y-8 text-[0.9375rem] leading-7 text-slate-700">{children}</div>
      <footer className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-600">
        Questions? Write to <SupportEmailLink className="font-semibold text-emerald-700 underline underline-offset-2" />{' '}
        or visit{' '}
        <Link to="/support" className="font-semibold text-emerald-700 underline underline-offset-2">
          Support
        </Link>
        .
      </footer>
    </article>
  )
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="mb-3 text-xl font-semibold text-slate-900">{title}</h2>
      <div className="space-y-3">{children}</div>
    </section>
  )
}

/** The points every legal text repeats (spec §1). */
export function KeyTerms() {
  return (
    <ul className="list-disc space-y-1 pl-5">
      <li>
        {site.name} is for <strong>entertainment and information only</strong>. Picks are opinions, not financial
        advice, and no result is guaranteed.
      </li>
      <li>
        You must be <strong>{site.minimumAge} or older</strong> (or the legal betting age where you live, if higher).
      </li>
      <li>
        Subscription fees are <strong>taken in advance</strong> and are <strong>non-refundable</strong>, except as
        required by law.
      </li>
      <li>
        You can <strong>cancel a subscription at any time</strong>; your access continues until the end of the billing
        period you have paid for.
      </li>
    </ul>
  )
}
