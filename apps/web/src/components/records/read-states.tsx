import { Button } from '../ui/button.tsx'
import { Skeleton } from '../ui/skeleton.tsx'

/** A section's read in progress: announced once, drawn as placeholder blocks. */
export function SectionLoading({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="sr-only">
        {label}
      </p>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-16" />
      ))}
    </div>
  )
}

/**
 * A section whose read failed. Polite (a status, not an alert): the rest of the page works, and
 * on a page that sells, a checkout error must stay the one alert.
 */
export function SectionReadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="status" className="flex flex-col items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <p className="text-slate-800">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}
