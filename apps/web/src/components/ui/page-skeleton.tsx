import { Skeleton } from './skeleton.tsx'

/** A generic page placeholder while a page's code or data loads; `label` says what is awaited. */
export function PageSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6" role="status" aria-label={label}>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="mt-3 h-4 w-72 max-w-full" />
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-40" />
        ))}
      </div>
    </div>
  )
}
