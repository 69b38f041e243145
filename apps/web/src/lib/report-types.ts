import type { PerformanceMetric } from '@picks/contracts'
import type { ReportQueueDeps } from './report-queue.ts'

/**
 * What the entry's part of the reporter (report-error.ts: listeners, route timings, a buffer) hands
 * to the part loaded later (reporter.ts: the reports, the queue, `web-vitals`). Decision 041.
 */

export type ErrorKind = 'error' | 'rejection' | 'boundary' | 'chunk' | 'api'

/** A value of `additionalContext` / `additionalData` (flat: the server refuses nesting). */
export type ContextValue = string | number | boolean | null

export interface ErrorDetails {
  /** Instead of the error's own message (an API failure says which call failed). */
  message?: string
  withoutStack?: boolean
  lineNumber?: number | undefined
  columnNumber?: number | undefined
  context?: Record<string, ContextValue | undefined>
  /** Other objects standing for the same failure, never to be reported again (a wrapped cause). */
  alsoSeen?: readonly unknown[]
}

/** The page as it was when the error happened (the report is built later). */
export interface PageSnapshot {
  /** Epoch milliseconds. */
  at: number
  /** The page's address without query or fragment. */
  url: string
  route: string
  userId: string | null
  userAgent: string
}

export interface CapturedError {
  value: unknown
  kind: ErrorKind
  details: ErrorDetails
  page: PageSnapshot
}

export interface MeasuredValue {
  metric: PerformanceMetric
  value: number
  route: string
  userId: string | null
  /** Epoch milliseconds. */
  at: number
  data: Record<string, ContextValue | undefined>
}

export interface ReporterContext extends ReportQueueDeps {
  route(): string
  userId(): string | null
  /** Epoch milliseconds. */
  now(): number
  /** The route the visitor landed on, which LCP, FCP and TTFB are about. */
  landingRoute: string
}

export interface Reporter {
  error(captured: CapturedError): void
  measured(value: MeasuredValue): void
  stop(): void
}

export interface ReporterModule {
  startReporter(context: ReporterContext): Reporter
}
