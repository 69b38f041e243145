import { isChunkLoadError } from './chunk-errors.ts'
import type { ReportQueueDeps } from './report-queue.ts'
import type { CapturedError, ErrorDetails, ErrorKind, MeasuredValue, Reporter, ReporterModule } from './report-types.ts'
import { routePattern, watchRouteChanges, type RouterLike } from './route-timing.ts'

/**
 * The browser's reporter (spec §7 "Client reporting", issue 18, decision 041), the part in the entry:
 * it catches uncaught errors, unhandled rejections, what the route error boundary shows, API answers
 * of 500 and above and route changes, with the page as it was, and hands them to reporter.ts, a
 * chunk loaded once the page is up (or at the first error) that builds, queues and sends the
 * reports and observes the Core Web Vitals. Until it has loaded, what is caught waits in memory.
 * Every entry point swallows its own failures.
 */

export interface ReportingOptions extends ReportQueueDeps {
  router: RouterLike
  /** The signed-in person's id, or null. */
  getUserId: () => string | null
  /** Epoch milliseconds, for the reports' timestamps. */
  now?: () => number
  /** Runs `load` once the page is up; by default after the `load` event, when the browser is idle. */
  whenIdle?: (load: () => void) => void
  loadReporter?: () => Promise<ReporterModule>
}

/** What waits for reporter.ts at most: the first errors and timings of a page matter most. */
const maxWaiting = 20

let active: { capture(value: unknown, kind: ErrorKind, details?: ErrorDetails): void; stop(): void } | undefined

/** Reports an error (a no-op until `installReporting` has run). Never throws. */
export function reportError(value: unknown, kind: ErrorKind, details?: ErrorDetails): void {
  active?.capture(value, kind, details)
}

/** What a route's error boundary shows. An answer under 500 (a 404 address, a refused call) is not a fault. */
export function reportBoundaryError(error: unknown): void {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined
  if (typeof status === 'number' && status < 500) return
  reportError(error, isChunkLoadError(error) ? 'chunk' : 'boundary')
}

export interface FailedCall {
  method: string
  path: string
  status: number
  code: string
  requestId: string | undefined
}

/** The address without its query or fragment, which may hold tokens. */
function withoutQuery(address: string): string {
  return address.split(/[?#]/)[0] ?? ''
}

/**
 * An API answer of 500 or more, once per call (after its retries). `thrown` is what the caller got
 * (and its cause), so that a boundary or an unhandled rejection showing it later is not reported again.
 */
export function reportApiFailure(call: FailedCall, ...thrown: unknown[]): void {
  try {
    const path = withoutQuery(call.path).replace(/[^/]*(@|%40)[^/]*/g, ':email')
    // The reports' own endpoints: a failed report is kept and retried, never reported.
    if (path.startsWith('/errors')) return
    reportError(thrown[0], 'api', {
      message: `API ${call.method} ${path} answered ${call.status}`,
      withoutStack: true,
      context: { status: call.status, method: call.method, path, code: call.code, requestId: call.requestId },
      alsoSeen: thrown.slice(1),
    })
  } catch {
    // never disturbs the call
  }
}

function afterLoadWhenIdle(load: () => void): void {
  const idle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 5_000 })
    else setTimeout(load, 1_000)
  }
  if (document.readyState === 'complete') idle()
  else addEventListener('load', idle, { once: true })
}

/** Installs the reporter on this window (again: the previous one stops). Returns the function that stops it. */
export function installReporting(options: ReportingOptions): () => void {
  try {
    active?.stop()
    const now = options.now ?? Date.now
    const seen = new WeakSet<object>()
    const waiting: ((reporter: Reporter) => void)[] = []
    let reporter: Reporter | undefined
    let loading = false
    let stopped = false

    const userId = () => {
      try {
        return options.getUserId()
      } catch {
        return null
      }
    }
    const route = () => {
      try {
        return routePattern(options.router.state)
      } catch {
        return location.pathname
      }
    }
    const landingRoute = route()

    function load() {
      if (loading || stopped) return
      loading = true
      ;(options.loadReporter ?? (() => import('./reporter.ts')))()
        .then((module) => {
          if (stopped) return
          reporter = module.startReporter({ ...options, route, userId, now, landingRoute })
          for (const hand of waiting.splice(0)) hand(reporter)
        })
        .catch(() => {
          // offline, or a new deployment: the next error, or the connection coming back, tries again
          loading = false
          addEventListener('online', load, { once: true })
        })
    }

    function handOver(hand: (reporter: Reporter) => void) {
      if (reporter) hand(reporter)
      else if (waiting.length < maxWaiting) waiting.push(hand)
    }

    function capture(value: unknown, kind: ErrorKind, details: ErrorDetails = {}) {
      try {
        if (stopped) return
        for (const item of [value, ...(details.alsoSeen ?? [])]) {
          if (typeof item !== 'object' || item === null) continue
          if (item === value && seen.has(item)) return
          seen.add(item)
        }
        const page = {
          at: now(),
          url: withoutQuery(location.href),
          route: route(),
          userId: userId(),
          userAgent: navigator.userAgent,
        }
        const captured: CapturedError = { value, kind, details, page }
        handOver((to) => to.error(captured))
        load()
      } catch {
        // a report that cannot be made is not worth an error of its own
      }
    }

    function measured(value: MeasuredValue) {
      if (!stopped) handOver((to) => to.measured(value))
    }

    const onError = (event: ErrorEvent) => {
      // A script of another origin says only "Script error.": nothing to learn from it.
      if (event.error == null && /^(script error\.?)?$/i.test(event.message ?? '')) return
      capture(event.error ?? event.message, 'error', {
        lineNumber: event.lineno,
        columnNumber: event.colno,
        context: { source: event.filename ? withoutQuery(event.filename) : undefined },
      })
    }
    const onRejection = (event: PromiseRejectionEvent) =>
      capture(event.reason, isChunkLoadError(event.reason) ? 'chunk' : 'rejection')

    addEventListener('error', onError)
    addEventListener('unhandledrejection', onRejection)
    const stopRouteTimings = watchRouteChanges(options.router, (ms, from, to) =>
      measured({ metric: 'route-change', value: ms, route: to, userId: userId(), at: now(), data: { from } }),
    )
    ;(options.whenIdle ?? afterLoadWhenIdle)(load)

    const installed = {
      capture,
      stop() {
        stopped = true
        removeEventListener('error', onError)
        removeEventListener('unhandledrejection', onRejection)
        removeEventListener('online', load)
        stopRouteTimings()
        reporter?.stop()
        if (active === installed) active = undefined
      },
    }
    active = installed
    return () => installed.stop()
  } catch {
    return () => undefined
  }
}
