import type { AnalyticsFigures, CreatorAnalytics } from '@picks/contracts'
import { analyticsMessages, analyticsTimeframes, type AnalyticsTimeframe } from '@picks/contracts/client'
import { apiError, creatorUserId, json } from './fake-creator-api.ts'
import { stubFetch, type FakeCall } from './fake-fetch.ts'

/**
 * Test double of `GET /creator/analytics/{id}?timeframe`, installed at the fetch boundary. It
 * answers each timeframe with what the test set (a period with no sales otherwise), refuses an
 * unknown timeframe with the server's 400, can fail like a broken server, and can hold an answer
 * back so a test sees what stays on screen meanwhile.
 */

type Reply = Response | Promise<Response> | undefined

/** The figures of a period with nothing in it; `overrides` fills in what happened. */
export function someFigures(overrides: Partial<AnalyticsFigures> = {}): AnalyticsFigures {
  return {
    gross_sales_cents: 0,
    platform_fees_cents: 0,
    net_earnings_cents: 0,
    refunds_cents: 0,
    affiliate_commission_cents: 0,
    mrr_cents: 0,
    active_subscribers: 0,
    new_subscribers: 0,
    cancellations: 0,
    churn_rate: null,
    trial_starts: 0,
    trial_conversions: 0,
    trial_conversion_rate: null,
    passes_sold: 0,
    ...overrides,
  }
}

type SeriesPoint = CreatorAnalytics['series'][number]

export function aSeriesPoint(overrides: Partial<SeriesPoint> = {}): SeriesPoint {
  return {
    start: '2026-03-01T00:00:00.000Z',
    net_earnings_cents: 0,
    gross_sales_cents: 0,
    affiliate_commission_cents: 0,
    new_subscribers: 0,
    cancelled_subscribers: 0,
    active_subscribers: 0,
    ...overrides,
  }
}

const bucketOf: Record<AnalyticsTimeframe, CreatorAnalytics['bucket']> = {
  '7d': 'day',
  '30d': 'day',
  '90d': 'week',
  '1y': 'month',
  all: 'month',
}

/** An answer for `timeframe`: no sales, no record, no visits, unless `overrides` says otherwise. */
export function anAnalytics(
  timeframe: AnalyticsTimeframe,
  overrides: Partial<CreatorAnalytics> = {},
): CreatorAnalytics {
  const zeroRecord = { picks: 0, wins: 0, losses: 0, pushes: 0, net_units: 0, units_risked: 0, roi_pct: null }
  return {
    creator_id: creatorUserId,
    timeframe,
    from: timeframe === 'all' ? null : '2026-02-01T00:00:00.000Z',
    to: '2026-03-03T00:00:00.000Z',
    bucket: bucketOf[timeframe],
    current: someFigures(),
    previous: timeframe === 'all' ? null : someFigures(),
    by_plan: [],
    series: [],
    funnel: { visits: 0, signups: 0, first_purchases: 0 },
    promo: { redemptions: 0, discount_cents: 0, by_code: [] },
    record: { overall: zeroRecord, by_sport: [], by_bet_type: [] },
    deliveries: [],
    generated_at: '2026-03-03T00:00:00.000Z',
    ...overrides,
  }
}

export interface FakeAnalyticsState {
  answers: Partial<Record<AnalyticsTimeframe, CreatorAnalytics>>
  /** Answer every read with a 500, as a server that cannot read its figures. */
  isFailing: boolean
  /** Answers wait for these before they are sent (`holdAnswer`). */
  held: Partial<Record<AnalyticsTimeframe, Promise<void>>>
}

const analyticsPath = /^\/api\/creator\/analytics\/([^/]+)$/

/** The analytics route alone, to pass as another fake's override (`serveCreatorApi(…, analyticsAnswer(…))`). */
export function analyticsAnswer(state: FakeAnalyticsState): (call: FakeCall) => Reply {
  return (call) => {
    const match = analyticsPath.exec(call.path)
    if (!match || call.method !== 'GET') return undefined
    if (match[1] !== creatorUserId) return apiError(404, 'NOT_FOUND', 'Creator not found')
    const timeframe = analyticsTimeframes.find((option) => option === (call.search.get('timeframe') ?? 'all'))
    if (!timeframe) {
      return apiError(400, 'VALIDATION_FAILED', analyticsMessages.timeframe, {
        details: [{ field: 'timeframe', message: analyticsMessages.timeframe }],
      })
    }
    const reply = () =>
      state.isFailing
        ? apiError(500, 'INTERNAL', 'Something went wrong')
        : json(state.answers[timeframe] ?? anAnalytics(timeframe))
    const held = state.held[timeframe]
    return held ? held.then(reply) : reply()
  }
}

/** Holds `timeframe`'s answers until the returned function is called. */
export function holdAnswer(state: FakeAnalyticsState, timeframe: AnalyticsTimeframe): () => void {
  let release = () => {}
  state.held[timeframe] = new Promise<void>((resolve) => {
    release = resolve
  })
  return () => {
    delete state.held[timeframe]
    release()
  }
}

export function analyticsState(initial: Partial<FakeAnalyticsState> = {}): FakeAnalyticsState {
  return { answers: initial.answers ?? {}, isFailing: initial.isFailing ?? false, held: initial.held ?? {} }
}

/** Serves the analytics route alone; any other call is a 404. */
export function serveAnalyticsApi(initial: Partial<FakeAnalyticsState> = {}): {
  calls: FakeCall[]
  state: FakeAnalyticsState
} {
  const state = analyticsState(initial)
  const calls: FakeCall[] = []
  const answer = analyticsAnswer(state)
  stubFetch(calls, (call) => apiError(404, 'NOT_FOUND', `Route ${call.method} ${call.path} not found`), answer)
  return { calls, state }
}
