import { site } from '../../lib/site.ts'

/** The short responsible-gambling line and 18+ notice that pages showing picks carry (product-decisions.md). */
export function ResponsibleGamblingLine() {
  return (
    <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
      <strong className="font-semibold text-slate-900">{site.minimumAge}+ only.</strong> Picks are for entertainment and
      information only; past results do not guarantee future ones. Bet responsibly: if gambling stops being fun, call{' '}
      <a href="tel:+18004262537" className="font-semibold text-slate-900 underline underline-offset-2">
        {site.gamblingHelpline}
      </a>
      .
    </p>
  )
}
