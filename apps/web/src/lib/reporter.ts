import type { ErrorReport, PerformanceMetric, PerformanceReport } from '@picks/contracts'
import { clientReportLimits as limits } from '@picks/contracts/client'
import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricType } from 'web-vitals'
import { clip, reportContext, reportRoute, userIdOrNull } from './report-fields.ts'
import { byteLength, createReportQueue } from './report-queue.ts'
import type { CapturedError, MeasuredValue, Reporter, ReporterContext } from './report-types.ts'

/**
 * The part of the reporter that is loaded once the page is up, or at the first error (a chunk of its
 * own, with `web-vitals`; report-error.ts is the part in the entry): it turns what was captured into
 * spec §3's reports within the server's limits, queues and sends them, and observes the Core Web
 * Vitals. Decision 041.
 */

/** Distinct error reports one page load sends at most: a render loop must not flood the endpoint. */
const maxErrorReportsPerPage = 20
/** These are measured once, on the page the visitor landed on; CLS and INP run for the page's whole life. */
const landingMetrics: ReadonlySet<PerformanceMetric> = new Set(['LCP', 'FCP', 'TTFB'])
/** The first `file:line:column` of a stack (V8's `at f (file:1:2)`, Firefox's and Safari's `f@file:1:2`). */
const framePosition = /:(\d+):(\d+)\)?$/m

function describe(value: unknown): { message: string; stack: string | null; name: string | undefined } {
  if (value instanceof Error)
    return { message: value.message || value.name, stack: value.stack ?? null, name: value.name }
  if (typeof value === 'string') return { message: value, stack: null, name: undefined }
  let json: string | undefined
  try {
    json = JSON.stringify(value)
  } catch {
    // a cycle: String() below
  }
  return { message: json ?? String(value), stack: null, name: undefined }
}

function lineOrNull(value: number | undefined): number | null {
  return value !== undefined && Number.isInteger(value) && value > 0 && value <= limits.lineNumberMax ? value : null
}

/** Spec §3's error report, exactly, within the server's limits; its JSON always fits one request. */
export function errorReport({ value, kind, details, page }: CapturedError): ErrorReport {
  const described = describe(value)
  const stack = details.withoutStack ? null : described.stack
  const position = stack ? framePosition.exec(stack) : null
  const report: ErrorReport = {
    message: clip((details.message ?? described.message).trim(), limits.messageMaxLength).trim() || 'Unknown error',
    stack: stack ? clip(stack, limits.stackMaxLength) : null,
    url: clip(page.url, limits.urlMaxLength),
    lineNumber: lineOrNull(details.lineNumber || Number(position?.[1])),
    columnNumber: lineOrNull(details.columnNumber || Number(position?.[2])),
    userAgent: clip(page.userAgent, limits.userAgentMaxLength),
    timestamp: new Date(page.at).toISOString(),
    userId: userIdOrNull(page.userId),
    route: reportRoute(page.route),
    additionalContext: reportContext({ kind, name: described.name, ...details.context }),
  }
  // Escaped, a stack of the longest kind can pass the body limit: shorten it until the report fits.
  while (report.stack && byteLength(JSON.stringify(report)) > limits.maxBodyBytes - 2) {
    report.stack = clip(report.stack, Math.floor(report.stack.length / 2)) || null
  }
  return report
}

/** Milliseconds to the millisecond; CLS (no unit) to four places. Null for a value the server refuses. */
export function performanceReport(measured: MeasuredValue): PerformanceReport | null {
  const { metric, value } = measured
  if (!Number.isFinite(value) || value < 0) return null
  return {
    metric,
    value: metric === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value),
    timestamp: new Date(measured.at).toISOString(),
    route: reportRoute(measured.route),
    userId: userIdOrNull(measured.userId),
    additionalData: reportContext(measured.data),
  }
}

export function startReporter(context: ReporterContext): Reporter {
  const queue = createReportQueue(context)
  const seen = new Set<string>()
  let stopped = false
  const onOnline = () => void queue.retryStored()
  // On the window, bubbling: after web-vitals' own (capturing) listeners have handed over the final values.
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') void queue.flush(true)
  }
  const onPageHide = () => void queue.flush(true)

  const reporter: Reporter = {
    error(captured) {
      try {
        if (stopped) return
        const report = errorReport(captured)
        const key = `${report.message}\n${report.stack ?? ''}`
        if (seen.has(key) || seen.size >= maxErrorReportsPerPage) return
        seen.add(key)
        queue.add('errors', report)
      } catch {
        // a report that cannot be made is not worth an error of its own
      }
    },
    measured(value) {
      try {
        const report = stopped ? null : performanceReport(value)
        if (report) queue.add('performance', report)
      } catch {
        // as above
      }
    },
    stop() {
      stopped = true
      removeEventListener('online', onOnline)
      removeEventListener('visibilitychange', onVisibility)
      removeEventListener('pagehide', onPageHide)
      queue.stop()
    },
  }

  addEventListener('online', onOnline)
  addEventListener('visibilitychange', onVisibility)
  addEventListener('pagehide', onPageHide)

  void queue.retryStored()

  const onMetric = (metric: MetricType) =>
    reporter.measured({
      metric: metric.name,
      value: metric.value,
      route: landingMetrics.has(metric.name) ? context.landingRoute : context.route(),
      userId: context.userId(),
      at: context.now(),
      data: { rating: metric.rating, navigationType: metric.navigationType, id: metric.id },
    })
  try {
    // Buffered observers: what happened before this chunk loaded is still seen (INP's early inputs aside).
    onCLS(onMetric)
    onFCP(onMetric)
    onINP(onMetric)
    onLCP(onMetric)
    onTTFB(onMetric)
  } catch {
    // a browser without PerformanceObserver goes unmeasured
  }

  return reporter
}
