import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { CopyLinkField } from '../../../components/ui/copy-link-field.tsx'
import { creatorDashboardQueries, shareLinkFailed } from '../api/index.ts'
import { formatCount } from '../creator-words.ts'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'

/** The creator's share link (with their referral code), a copy button and the visits it brought. */
export function ShareLinkCard({ creatorId }: { creatorId: string }) {
  const link = useQuery(creatorDashboardQueries.shareLink(creatorId))
  const headingId = useId()

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Your share link
      </h2>
      {link.isPending && <Loading label="Loading your share link…" className="h-11" />}
      {link.isError && <ReadFailed message={shareLinkFailed} onRetry={() => void link.refetch()} />}
      {link.isSuccess && (
        <>
          <p className="text-sm text-slate-700">
            Share it anywhere: it opens your purchase page, and visits through it count for you.
          </p>
          <CopyLinkField url={link.data.url} />
          <dl className="grid grid-cols-2 gap-3">
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">Visits, last 30 days</dt>
              <dd className="text-xl font-semibold text-slate-900">{formatCount(link.data.visits.last30Days)}</dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">Visits, all time</dt>
              <dd className="text-xl font-semibold text-slate-900">{formatCount(link.data.visits.total)}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  )
}
