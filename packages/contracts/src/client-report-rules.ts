/**
 * Client error and performance reports (spec §3, §7 "Client reporting", §9; issue 18): the limits
 * and metric names shared by the browser's reporter and the API, which enforces them again through
 * the zod schemas in reports.ts. Zod-free (decision 021).
 */

/** Core Web Vitals (measured with `web-vitals`) and the app's own route-change timing. */
export const performanceMetrics = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB', 'route-change'] as const
export type PerformanceMetric = (typeof performanceMetrics)[number]

export const vitalRatings = ['good', 'needs-improvement', 'poor'] as const
export type VitalRating = (typeof vitalRatings)[number]

/**
 * The "good" and "poor" thresholds of each Web Vital (web.dev): at or under `good` is good, over
 * `poor` is poor. Route changes are our own timing and have none.
 */
export const vitalThresholds = {
  LCP: { good: 2_500, poor: 4_000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1_800, poor: 3_000 },
  TTFB: { good: 800, poor: 1_800 },
} as const

/** The rating of a value of a metric with thresholds (null for route changes). */
export function rateVital(metric: PerformanceMetric, value: number): VitalRating | null {
  if (metric === 'route-change') return null
  const { good, poor } = vitalThresholds[metric]
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor'
}

export const clientReportLimits = {
  messageMaxLength: 2_000,
  stackMaxLength: 16_000,
  urlMaxLength: 2_048,
  userAgentMaxLength: 512,
  routeMaxLength: 512,
  /** The largest integer PostgreSQL's `integer` holds: a line or column number beyond it is refused. */
  lineNumberMax: 2_147_483_647,
  /** `additionalContext` / `additionalData`: a flat object of at most this many keys. */
  contextMaxKeys: 20,
  contextKeyMaxLength: 64,
  /** A text value of the context; numbers, booleans and null are the other values allowed. */
  contextValueMaxLength: 500,
  /** `release` and `environment`, read from the context, are kept when they are this short. */
  releaseMaxLength: 32,
  /** Reports in one request (a body is one report or an array of 1 to this many). */
  maxBatch: 20,
  /**
   * A request body's bytes at most (413 beyond): the browsers' own cap on what `sendBeacon` and a
   * `keepalive` fetch may carry at once, so a batch that leaves the page also fits here.
   */
  maxBodyBytes: 64 * 1024,
  /** Reports one address, and one signed-in person, may send per minute, of each kind (429 beyond). */
  perMinute: 60,
  /** Reports the browser keeps to send later when sending fails (spec §9: the last 10). */
  storedMax: 10,
} as const

/** Spec §9: what the client's reports carry as their release (in `additionalContext.release`). */
export const reportingRelease = '1.0.0'

export const clientReportMessages = {
  message: `message is required, at most ${clientReportLimits.messageMaxLength} characters`,
  stack: `stack is at most ${clientReportLimits.stackMaxLength} characters`,
  url: `url is at most ${clientReportLimits.urlMaxLength} characters`,
  lineNumber: 'lineNumber is a whole number of at least 0',
  columnNumber: 'columnNumber is a whole number of at least 0',
  userAgent: `userAgent is at most ${clientReportLimits.userAgentMaxLength} characters`,
  timestamp: 'timestamp is an ISO date and time, such as 2026-12-01T10:00:00.000Z',
  userId: 'userId is a user id',
  route: `route is at most ${clientReportLimits.routeMaxLength} characters`,
  performanceRoute: `route is required, at most ${clientReportLimits.routeMaxLength} characters`,
  context: `at most ${clientReportLimits.contextMaxKeys} keys of at most ${clientReportLimits.contextKeyMaxLength} characters`,
  contextValue: `a value is text of at most ${clientReportLimits.contextValueMaxLength} characters, a number, true, false or null (no nested objects or lists)`,
  metric: `metric is one of ${performanceMetrics.join(', ')}`,
  value: 'value is a finite number of at least 0',
  batch: `send one report, or a list of 1 to ${clientReportLimits.maxBatch}`,
  tooMany: 'Too many reports. Try again in a minute.',
} as const
