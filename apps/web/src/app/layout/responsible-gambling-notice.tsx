import { Link } from 'react-router'
import { site } from '../../lib/site.ts'

/** Shown on every page that sells picks: the 18+ notice and where to get help. */
export function ResponsibleGamblingNotice() {
  return (
    <footer className="border-t border-slate-200 bg-white px-4 py-5 text-xs text-slate-600 sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p>
          <strong className="font-semibold text-slate-800">{site.minimumAge}+ only.</strong> Picks are for entertainment
          and information only; no result is guaranteed. Bet responsibly. Gambling problem? Call{' '}
          <a href="tel:+18004262537" className="font-semibold text-slate-800 underline underline-offset-2">
            {site.gamblingHelpline}
          </a>
          .
        </p>
        <ul className="flex shrink-0 gap-4">
          <li>
            <Link to="/terms-of-service" className="underline-offset-2 hover:underline">
              Terms
            </Link>
          </li>
          <li>
            <Link to="/privacy-policy" className="underline-offset-2 hover:underline">
              Privacy
            </Link>
          </li>
          <li>
            <Link to="/creator-terms" className="underline-offset-2 hover:underline">
              Creator Terms
            </Link>
          </li>
          <li>
            <Link to="/support" className="underline-offset-2 hover:underline">
              Support
            </Link>
          </li>
        </ul>
      </div>
    </footer>
  )
}
