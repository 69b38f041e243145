import type { CreatorSummary } from '@picks/contracts'
import { formatCents, sportLabel } from '@picks/contracts/client'
import { useState } from 'react'
import { Link } from 'react-router'
import { RecordLine } from '../../components/picks/record-line.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'

const avatarSizePx = 56

function isImageUrl(picture: string): boolean {
  return /^(https?:)?\/\//i.test(picture) || picture.startsWith('/') || picture.startsWith('data:image/')
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words
  return letters.map((word) => word?.[0]?.toUpperCase() ?? '').join('') || '?'
}

/** The name sits beside the avatar, so the avatar is decorative for assistive technology. */
function CreatorAvatar({ name, picture }: { name: string; picture: string | null }) {
  const [imageFailed, setImageFailed] = useState(false)
  const box = 'flex size-14 shrink-0 items-center justify-center rounded-full bg-slate-100'
  const trimmed = picture?.trim() ?? ''

  if (trimmed && isImageUrl(trimmed) && !imageFailed) {
    return (
      <img
        src={trimmed}
        alt=""
        width={avatarSizePx}
        height={avatarSizePx}
        loading="lazy"
        decoding="async"
        onError={() => setImageFailed(true)}
        className="size-14 shrink-0 rounded-full bg-slate-100 object-cover"
      />
    )
  }
  // A short non-URL picture is an emoji the creator chose.
  if (trimmed && !isImageUrl(trimmed) && [...trimmed].length <= 4) {
    return (
      <span aria-hidden="true" className={`${box} text-3xl`}>
        {trimmed}
      </span>
    )
  }
  return (
    <span aria-hidden="true" className={`${box} text-lg font-semibold text-slate-700`}>
      {initialsOf(name)}
    </span>
  )
}

function creatorSports(creator: CreatorSummary): string[] {
  const all = creator.specialty_sport ? [creator.specialty_sport, ...creator.sports] : creator.sports
  return [...new Set(all)]
}

export function CreatorCard({ creator }: { creator: CreatorSummary }) {
  const sportSlugs = creatorSports(creator)
  return (
    <article className="relative flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-slate-400 hover:shadow-md focus-within:ring-2 focus-within:ring-slate-900 focus-within:ring-offset-2">
      <div className="flex items-center gap-3">
        <CreatorAvatar name={creator.name} picture={creator.profile_picture} />
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900">
            {/* The stretched link makes the whole card clickable while its accessible name stays the creator's name. */}
            <Link
              to={`/shop-picks/purchase/${creator.id}`}
              className="after:absolute after:inset-0 after:rounded-xl focus:outline-none"
            >
              {creator.name}
            </Link>
          </h2>
          <p className="truncate text-sm text-slate-600">@{creator.username}</p>
        </div>
      </div>

      {sportSlugs.length > 0 && (
        <ul aria-label="Sports" className="flex flex-wrap gap-1.5">
          {sportSlugs.map((slug) => (
            <li key={slug} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              {sportLabel(slug)}
            </li>
          ))}
        </ul>
      )}

      {creator.bio && <p className="line-clamp-2 text-sm text-slate-700">{creator.bio}</p>}

      <div className="mt-auto flex flex-col gap-1">
        {/* Null before the first graded pick (and absent from a cache saved before records existed). */}
        {creator.record && (
          <p>
            <span className="sr-only">Record: </span>
            <RecordLine record={creator.record} />
          </p>
        )}
        <p className="text-sm font-semibold text-slate-900">
          {creator.price_cents === null ? (
            <span className="font-normal text-slate-600">No plans yet</span>
          ) : (
            <>From {formatCents(creator.price_cents, creator.currency)}</>
          )}
        </p>
      </div>
    </article>
  )
}

export function CreatorCardSkeleton() {
  return (
    <div className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-center gap-3">
        <Skeleton className="size-14 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-5 w-24" />
      <Skeleton className="h-8 w-full" />
      <Skeleton className="h-4 w-20" />
    </div>
  )
}
