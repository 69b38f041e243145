import { Button } from './button.tsx'
import { cx } from './cx.ts'
import { Skeleton } from './skeleton.tsx'

/**
 * A read in progress: announced once (a polite status), drawn as `count` placeholder blocks of
 * `className`'s size; `stacked` puts the blocks in a column of their own.
 */
export function Loading({
  label,
  className = 'h-16',
  count = 1,
  stacked = false,
}: {
  label: string
  className?: string
  count?: number
  stacked?: boolean
}) {
  const content = (
    <>
      <p role="status" className="sr-only">
        {label}
      </p>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className={className} />
      ))}
    </>
  )
  return stacked ? <div className="flex flex-col gap-2">{content}</div> : content
}

/**
 * A read that failed: its spec §8 message, verbatim, and a way to ask again. With `detail` (the
 * server's reason, when it gave one) the message is the headline and the reason sits beneath it.
 * `polite` makes it a status instead of an alert, for a section of a page that otherwise works:
 * on a page that sells, a checkout error must stay the one alert.
 */
export function ReadFailed({
  message,
  detail,
  onRetry,
  polite = false,
}: {
  message: string
  detail?: string | null
  onRetry: () => void
  polite?: boolean
}) {
  return (
    <div
      role={polite ? 'status' : 'alert'}
      className={cx('flex flex-col items-start gap-2', polite && 'rounded-lg border border-slate-200 bg-slate-50 p-3')}
    >
      <p className="text-slate-800">
        {detail === undefined ? (
          message
        ) : (
          <>
            <span className="block font-medium">{message}</span>
            {detail && <span className="block text-sm text-slate-700">{detail}</span>}
          </>
        )}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}
