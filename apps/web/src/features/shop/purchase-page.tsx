import type { CreatorStats } from '@picks/contracts'
import { formatCents } from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { Button, ButtonLink } from '../../components/ui/button.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { pageTitle } from '../../lib/site.ts'
import { creatorQueries } from './api.ts'

const memberSinceFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** A malformed id (400) names no creator either, so both read as "not found". */
function isMissingCreator(error: Error): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400)
}

function CreatorFigures({ stats }: { stats: CreatorStats }) {
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <dt className="text-sm text-slate-600">Member since</dt>
        <dd className="text-lg font-semibold text-slate-900">
          {memberSinceFormat.format(new Date(stats.member_since))}
        </dd>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <dt className="text-sm text-slate-600">Plans from</dt>
        <dd className="text-lg font-semibold text-slate-900">
          {stats.lowest_price_cents === null ? 'No plans yet' : formatCents(stats.lowest_price_cents, stats.currency)}
        </dd>
      </div>
    </dl>
  )
}

function PurchaseContent({ creatorId }: { creatorId: string }) {
  const stats = useQuery(creatorQueries.stats(creatorId))

  if (stats.isPending) {
    return (
      <>
        <p role="status" className="sr-only">
          Loading creator…
        </p>
        <Skeleton className="h-9 w-64" />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      </>
    )
  }

  if (stats.isError) {
    if (isMissingCreator(stats.error)) {
      return (
        <>
          <title>{pageTitle('Creator not found')}</title>
          <h1 className="text-2xl font-bold text-slate-900">Creator not found</h1>
          <p className="text-slate-700">This creator doesn’t exist or is no longer selling picks.</p>
          <p>
            <ButtonLink to="/marketplace">Browse creators</ButtonLink>
          </p>
        </>
      )
    }
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <h1 className="text-2xl font-bold text-slate-900">We couldn’t load this creator</h1>
        <p className="text-slate-700">Check your connection and try again.</p>
        <Button onClick={() => void stats.refetch()}>Try again</Button>
      </div>
    )
  }

  return (
    <>
      <title>{pageTitle('Purchase options')}</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Purchase options</h1>
      <CreatorFigures stats={stats.data} />
      <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-slate-800">
        Plans and checkout are not available yet.
      </p>
      <p>
        <Link to="/shop-picks" className="font-medium text-slate-900 underline underline-offset-2">
          Back to the shop
        </Link>
      </p>
    </>
  )
}

export function Component() {
  const { creatorId = '' } = useParams()
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6">
      <PurchaseContent key={creatorId} creatorId={creatorId} />
    </div>
  )
}
