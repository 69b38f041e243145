import { Link } from 'react-router'
import { useStoredUser } from '../../../auth/stored-user.ts'
import { pageTitle } from '../../../lib/site.ts'
import { PromoCodesSection } from './promo-codes-section.tsx'
import { ShareLinkSection } from './share-link-section.tsx'
import { TrialsSection } from './trials-section.tsx'

/**
 * `/creator-promotions` (spec §2, creator only; issue 17): promo codes, free trials and the share
 * link with what it brought. Each section reads and fails on its own; a section is one line here.
 */
export function Component() {
  const user = useStoredUser()
  // The route's guard lets only creators in; a sign-out elsewhere empties the record.
  if (!user) return null
  return (
    <div key={user.id} className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-10">
      <title>{pageTitle('Creator Promotions')}</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Creator Promotions</h1>
          <p className="text-slate-700">Promo codes, free trials and your link’s results.</p>
        </div>
        <Link to="/dashboard" className="font-semibold text-emerald-800 underline underline-offset-4">
          Back to the dashboard
        </Link>
      </header>
      <PromoCodesSection creatorId={user.id} />
      <TrialsSection creatorId={user.id} />
      <ShareLinkSection creatorId={user.id} />
    </div>
  )
}
