import type { StoredUser } from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { CreatorRecordDetails } from '../../../components/records/record-figures.tsx'
import { ProfilePicture } from '../../../components/ui/profile-picture.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { creatorProfileQueries } from '../../../components/creator-profile/creator-queries.ts'
import { pickRecordQueries } from '../../../components/records/pick-record-queries.ts'
import { pageTitle } from '../../../lib/site.ts'
import { AnalyticsSection } from '../analytics/analytics-section.tsx'
import { GradePicksSection } from './grade-picks-section.tsx'
import { PlansEditor } from './plans-editor.tsx'
import { SetupSteps } from './setup-steps.tsx'
import { ShareLinkCard } from './share-link-card.tsx'

/** The creator pages of spec §2, reachable from the dashboard's home. */
const creatorTools = [
  { to: '/create-pick', label: 'Create a pick', description: 'Post a pick for an upcoming game.' },
  { to: '/creator-promotions', label: 'Promotions', description: 'Promo codes, free trials and your link’s results.' },
  { to: '/creator/payments', label: 'Payments', description: 'Payout setup, earnings and payouts.' },
  { to: '/creator/notifications', label: 'Notifications', description: 'E-mail and SMS to your subscribers.' },
  { to: '/creator/clients', label: 'Clients', description: 'The people you serve, to name on your picks.' },
  { to: '/edit-profile', label: 'Edit profile', description: 'Bio, picture, sports and links.' },
] as const

function CreatorTools() {
  return (
    <nav aria-label="Creator tools">
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {creatorTools.map((tool) => (
          <li key={tool.to}>
            <Link
              to={tool.to}
              className="flex h-full flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 hover:border-slate-400 focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:outline-none"
            >
              <span className="font-semibold text-slate-900">{tool.label}</span>
              <span className="text-sm text-slate-700">{tool.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The creator's record as customers see it on the shop and their purchase page. */
function YourRecordCard({ creatorId }: { creatorId: string }) {
  const record = useQuery(pickRecordQueries.creatorRecord(creatorId))
  return (
    <section
      aria-labelledby="your-record-title"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="your-record-title" className="text-lg font-semibold text-slate-900">
            Your record
          </h2>
          <p className="text-sm text-slate-700">
            From graded picks only, as customers see it. Picks are graded from final scores once games end.
          </p>
        </div>
        <Link to="/create-pick" className="font-semibold text-emerald-800 underline underline-offset-4">
          Post a pick
        </Link>
      </div>
      {record.isPending && <Loading label="Loading your record…" stacked />}
      {record.isError && (
        <ReadFailed polite message="We couldn’t load your record." onRetry={() => void record.refetch()} />
      )}
      {record.isSuccess && <CreatorRecordDetails record={record.data} />}
    </section>
  )
}

/**
 * The creator dashboard shell (spec §2 `/dashboard` for creators): who they are, the steps to a
 * first sale (until they are done), the creator pages, their analytics, their record, their plans and their share link.
 */
export function CreatorDashboard({ user, justRegistered }: { user: StoredUser; justRegistered: boolean }) {
  const profile = useQuery(creatorProfileQueries.own(user.id))
  const creator = profile.data?.creator
  const noProfile = profile.error instanceof ApiError && profile.error.status === 404

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-10">
      <title>{pageTitle('Creator Dashboard')}</title>
      <header className="flex flex-wrap items-center gap-4">
        <ProfilePicture picture={creator?.profile_picture ?? user.profile_picture} name={user.name || user.email} />
        <div className="min-w-48 flex-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Creator Dashboard</h1>
          {creator && <p className="text-slate-700">@{creator.username}</p>}
          {profile.isPending && <Skeleton className="mt-1 h-5 w-32" />}
        </div>
        {creator && (
          <Link
            to={`/shop-picks/purchase/${creator.id}`}
            className="font-semibold text-emerald-800 underline underline-offset-4"
          >
            View your purchase page
          </Link>
        )}
      </header>

      {justRegistered && creator && (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900">
          Welcome, @{creator.username}: you are a creator now. Set up payouts and add a plan, and customers can buy
          access.
        </p>
      )}

      {noProfile && (
        <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-slate-800">
          This account has no creator profile, so it has no plans or share link.
        </p>
      )}
      {profile.isError && !noProfile && (
        <ReadFailed message="We couldn’t load your creator profile." onRetry={() => void profile.refetch()} />
      )}

      {creator && <SetupSteps creatorId={creator.id} />}

      <CreatorTools />

      {creator && <AnalyticsSection creatorId={creator.id} />}

      {creator && <YourRecordCard creatorId={creator.id} />}
      {creator && <GradePicksSection creatorId={creator.id} />}

      {creator && (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_20rem]">
          <div id="your-plans" className="scroll-mt-6">
            <PlansEditor creatorId={creator.id} />
          </div>
          <ShareLinkCard creatorId={creator.id} />
        </div>
      )}
    </div>
  )
}
