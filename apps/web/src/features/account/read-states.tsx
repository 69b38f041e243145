import { Button } from '../../components/ui/button.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'

/** A section's read in progress: announced once, drawn as a placeholder block. */
export function Loading({ label, className = 'h-16' }: { label: string; className?: string }) {
  return (
    <>
      <p role="status" className="sr-only">
        {label}
      </p>
      <Skeleton className={className} />
    </>
  )
}

/** A section whose read failed: the spec's message, the server's reason beneath, and a retry. */
export function ReadFailed({
  message,
  detail,
  onRetry,
}: {
  message: string
  detail?: string | null
  onRetry: () => void
}) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2">
      <p className="text-slate-800">
        <span className="block font-medium">{message}</span>
        {detail && <span className="block text-sm text-slate-700">{detail}</span>}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}
