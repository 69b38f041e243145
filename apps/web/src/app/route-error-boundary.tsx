import { useEffect } from 'react'
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router'
import { Button, ButtonLink } from '../components/ui/button.tsx'
import { isChunkLoadError } from '../lib/chunk-errors.ts'
import { reportBoundaryError } from '../lib/report-error.ts'
import { pageTitle } from '../lib/site.ts'

/** A page's code could not be downloaded (after the automatic retries). */
export function ChunkErrorScreen({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <section role="alert" className="mx-auto max-w-lg px-4 py-16 text-center">
      <title>{pageTitle('Loading Error')}</title>
      <h1 className="text-2xl font-bold text-slate-900">Loading Error</h1>
      <p className="mt-3 text-slate-700">
        This page could not be loaded. Check your connection, then try again. If it keeps failing, reload the page to
        get the latest version of the app.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Button onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying again…' : 'Try Again'}
        </Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
      </div>
    </section>
  )
}

function NotFoundScreen() {
  return (
    <section className="mx-auto max-w-lg px-4 py-16 text-center">
      <title>{pageTitle('Page Not Found')}</title>
      <h1 className="text-2xl font-bold text-slate-900">Page Not Found</h1>
      <p className="mt-3 text-slate-700">There is nothing at this address.</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/marketplace">Browse Creators</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Return Home
        </ButtonLink>
      </div>
    </section>
  )
}

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim()
  if (error instanceof Error) return error.message
  return typeof error === 'string' ? error : 'Something went wrong.'
}

/**
 * The errorElement of every route: chunk failures get Loading Error, the rest the router-style screen.
 * What it shows is reported (a 404 or another answer under 500 is not).
 */
export function RouteErrorBoundary() {
  const error = useRouteError()
  const revalidator = useRevalidator()
  // A chunk error reaches this boundary only after lazy-route's automatic retries: its final failure.
  useEffect(() => reportBoundaryError(error), [error])

  if (isChunkLoadError(error)) {
    return <ChunkErrorScreen onRetry={() => void revalidator.revalidate()} retrying={revalidator.state === 'loading'} />
  }
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />

  return (
    <section role="alert" className="mx-auto max-w-2xl px-4 py-16">
      <title>{pageTitle('Error')}</title>
      <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
      <p className="mt-3 font-mono text-base break-words text-slate-700 italic">{describe(error)}</p>
      {import.meta.env.DEV && error instanceof Error && error.stack && (
        <pre className="mt-4 overflow-x-auto rounded-lg bg-slate-100 p-4 text-xs text-slate-800">{error.stack}</pre>
      )}
      <p className="mt-6">
        <Link to="/shop-picks" className="font-semibold text-emerald-700 underline-offset-4 hover:underline">
          Back to the shop
        </Link>
      </p>
    </section>
  )
}
