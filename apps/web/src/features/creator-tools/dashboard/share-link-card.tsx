import { useQuery } from '@tanstack/react-query'
import { useId, useRef } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { inputClasses } from '../../../components/ui/form-field.tsx'
import { useCopy } from '../../../components/ui/use-copy.ts'
import { creatorDashboardQueries, shareLinkFailed } from '../api/index.ts'
import { formatCount } from '../creator-words.ts'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'

/** The share link in a box to select, a Copy link button and what became of the copy. */
export function ShareLinkField({ url }: { url: string }) {
  const inputRef = useRef<HTMLInputElement>(null)
  const { state, copy } = useCopy(inputRef)
  const inputId = useId()
  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          Share link
        </label>
        <input
          ref={inputRef}
          id={inputId}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className={`${inputClasses} font-mono text-sm`}
        />
        <Button onClick={() => void copy(url)} className="shrink-0">
          Copy link
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {state === 'copied' && 'Link copied.'}
        {state === 'manual' && 'Copying is blocked here: the link is selected, copy it from the box.'}
      </p>
    </>
  )
}

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
          <ShareLinkField url={link.data.url} />
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
