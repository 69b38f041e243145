import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { creatorUserId } from '../../../test/fake-creator-api.ts'
import {
  anAnalytics,
  aSeriesPoint,
  holdAnswer,
  serveAnalyticsApi,
  someFigures,
} from '../../../test/fake-analytics-api.ts'
import { callsTo } from '../../../test/fake-fetch.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { tableRows } from '../../../test/table-rows.ts'
import { analyticsQueries } from '../api/index.ts'
import { AnalyticsSection } from './analytics-section.tsx'

const analyticsPath = `/api/creator/analytics/${creatorUserId}`

const thirtyDays = anAnalytics('30d', {
  current: someFigures({
    gross_sales_cents: 150_000,
    platform_fees_cents: 15_000,
    net_earnings_cents: 120_000,
    refunds_cents: 15_000,
    mrr_cents: 89_900,
    active_subscribers: 45,
    new_subscribers: 12,
    cancellations: 3,
    churn_rate: 0.125,
    trial_starts: 5,
    trial_conversions: 3,
    trial_conversion_rate: 0.6,
    passes_sold: 7,
  }),
  previous: someFigures({
    gross_sales_cents: 125_000,
    net_earnings_cents: 100_000,
    refunds_cents: 20_000,
    mrr_cents: 89_900,
    active_subscribers: 40,
    new_subscribers: 0,
    churn_rate: 0.1,
    trial_conversion_rate: null,
    passes_sold: 10,
  }),
  series: [
    aSeriesPoint({
      start: '2026-02-01T00:00:00.000Z',
      net_earnings_cents: 50_000,
      gross_sales_cents: 60_000,
      new_subscribers: 5,
      active_subscribers: 43,
    }),
    aSeriesPoint({
      start: '2026-02-02T00:00:00.000Z',
      net_earnings_cents: 70_000,
      gross_sales_cents: 90_000,
      new_subscribers: 7,
      cancelled_subscribers: 3,
      active_subscribers: 45,
    }),
  ],
  funnel: { visits: 200, signups: 40, first_purchases: 10 },
  promo: {
    redemptions: 4,
    discount_cents: 2_000,
    by_code: [{ code: 'SPRING20', redemptions: 4, discount_cents: 2_000 }],
  },
  by_plan: [
    {
      plan_id: '00000000-0000-4000-9000-000000000001',
      plan_name: 'Monthly',
      kind: 'subscription',
      gross_sales_cents: 120_000,
      net_earnings_cents: 96_000,
      new_subscribers: 12,
      passes_sold: 0,
      active_subscribers: 45,
    },
  ],
  record: {
    overall: { picks: 20, wins: 11, losses: 8, pushes: 1, net_units: 2.4, units_risked: 20, roi_pct: 12 },
    by_sport: [
      { sport: 'nba', picks: 20, wins: 11, losses: 8, pushes: 1, net_units: 2.4, units_risked: 20, roi_pct: 12 },
    ],
    by_bet_type: [
      { bet_type: 'spread', picks: 12, wins: 7, losses: 5, pushes: 0, net_units: 1.5, units_risked: 12, roi_pct: 12.5 },
      {
        bet_type: 'player_prop',
        picks: 8,
        wins: 4,
        losses: 3,
        pushes: 1,
        net_units: -0.6,
        units_risked: 8,
        roi_pct: -7.5,
      },
    ],
  },
  deliveries: [
    { channel: 'email', sent: 320, failed: 2 },
    { channel: 'sms', sent: 45, failed: 0 },
  ],
})

function renderSection() {
  return renderWithProviders(<AnalyticsSection creatorId={creatorUserId} />)
}

/** A metric card's parts as shown: its value and the lines under it. */
function metric(label: string): string[] {
  const term = within(screen.getByLabelText('Key figures')).getByText(label, { selector: 'dt' })
  return [...(term.parentElement?.querySelectorAll('dd') ?? [])].map((value) => value.textContent ?? '')
}

/** Waits until the net earnings card shows `value`. */
async function netEarningsShown(value: string) {
  await waitFor(() => expect(metric('Net earnings')[0]).toBe(value))
}

function isBusy(): boolean {
  return screen.getByLabelText('Key figures').closest('[aria-busy]')?.getAttribute('aria-busy') === 'true'
}

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('creator analytics', () => {
  it('shows the last 30 days’ figures, each against the 30 days before, in words', async () => {
    const { calls } = serveAnalyticsApi({ answers: { '30d': thirtyDays } })
    const { queryClient } = renderSection()

    await netEarningsShown('$1,200')
    expect(callsTo(calls, 'GET', analyticsPath).map((call) => call.search.get('timeframe'))).toEqual(['30d'])
    // Own data (decision 023): never saved to local storage, read again on every visit.
    expect(
      queryClient.getQueryCache().find({ queryKey: analyticsQueries.figures(creatorUserId, '30d').queryKey })?.meta,
    ).toEqual({
      owner: true,
    })
    expect(screen.getByRole('tab', { name: '30 days' }).getAttribute('aria-selected')).toBe('true')

    expect(metric('Net earnings')).toEqual(['$1,200', 'After $150 in fees', 'Up 20% vs previous 30 days'])
    expect(metric('Gross sales')).toEqual(['$1,500', 'Up 20% vs previous 30 days'])
    expect(metric('MRR')).toEqual(['$899', 'Monthly recurring revenue', 'No change vs previous 30 days'])
    expect(metric('Active subscribers')).toEqual(['45', 'Up 13% vs previous 30 days'])
    expect(metric('New subscribers')).toEqual(['12', 'Up from 0 vs previous 30 days'])
    expect(metric('Churn rate')).toEqual(['12.5%', '3 cancellations', 'Up 2.5 points vs previous 30 days'])
    // No rate the period before: nothing to compare.
    expect(metric('Trial conversion')).toEqual(['60.0%', '3 of 5 trials'])
    expect(metric('Passes sold')).toEqual(['7', 'Down 30% vs previous 30 days'])
    expect(metric('Refunds')).toEqual(['$150', 'Down 25% vs previous 30 days'])
  })

  it('says under net earnings what went to affiliates, or came back from them, only when something did', async () => {
    serveAnalyticsApi({
      answers: {
        '30d': anAnalytics('30d', {
          current: someFigures({
            gross_sales_cents: 5_800,
            platform_fees_cents: 580,
            affiliate_commission_cents: 1_160,
            net_earnings_cents: 4_060,
          }),
          previous: someFigures({ gross_sales_cents: 2_900, platform_fees_cents: 290, net_earnings_cents: 2_610 }),
        }),
        // A refund this week of a sale an affiliate brought before: part of the commission came back.
        '7d': anAnalytics('7d', {
          current: someFigures({ refunds_cents: 1_450, affiliate_commission_cents: -290, net_earnings_cents: -1_015 }),
        }),
      },
    })
    const { user } = renderSection()
    await netEarningsShown('$40.60')
    expect(metric('Net earnings')).toEqual([
      '$40.60',
      'After $5.80 in fees and $11.60 to affiliates',
      'Up 56% vs previous 30 days',
    ])

    await user.click(screen.getByRole('tab', { name: '7 days' }))
    await netEarningsShown('-$10.15')
    expect(metric('Net earnings')[1]).toBe('After $0 in fees and $2.90 back from affiliates')
  })

  it('asks again when another timeframe is chosen, keeping the last figures until the new ones come', async () => {
    const { calls, state } = serveAnalyticsApi({
      answers: {
        '30d': thirtyDays,
        '90d': anAnalytics('90d', {
          current: someFigures({ gross_sales_cents: 400_000, net_earnings_cents: 360_000, active_subscribers: 45 }),
          previous: someFigures({ gross_sales_cents: 200_000, net_earnings_cents: 180_000, active_subscribers: 30 }),
        }),
        all: anAnalytics('all', { current: someFigures({ gross_sales_cents: 900_000, net_earnings_cents: 810_000 }) }),
      },
    })
    const { user } = renderSection()
    await netEarningsShown('$1,200')

    const release = holdAnswer(state, '90d')
    await user.click(screen.getByRole('tab', { name: '90 days' }))

    await waitFor(() => expect(callsTo(calls, 'GET', analyticsPath).at(-1)?.search.get('timeframe')).toBe('90d'))
    expect(metric('Net earnings')[0]).toBe('$1,200')
    expect(isBusy()).toBe(true)

    release()
    await netEarningsShown('$3,600')
    expect(metric('Net earnings')).toEqual(['$3,600', 'After $0 in fees', 'Up 100% vs previous 90 days'])
    expect(isBusy()).toBe(false)

    // All time has no period before it: no change lines.
    await user.click(screen.getByRole('tab', { name: 'All time' }))
    await netEarningsShown('$8,100')
    expect(metric('Net earnings')).toEqual(['$8,100', 'After $0 in fees'])
    expect(screen.queryByText(/vs previous/)).toBeNull()
  })

  it('moves between timeframes with the arrow keys', async () => {
    const { calls } = serveAnalyticsApi({ answers: { '30d': thirtyDays } })
    const { user } = renderSection()
    await netEarningsShown('$1,200')

    screen.getByRole('tab', { name: '30 days' }).focus()
    await user.keyboard('{ArrowRight}')

    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '90 days' }))
    await waitFor(() => expect(callsTo(calls, 'GET', analyticsPath).at(-1)?.search.get('timeframe')).toBe('90d'))
    expect(screen.getByRole('tab', { name: '90 days' }).getAttribute('aria-selected')).toBe('true')
  })

  it('gives every chart a title and a table of the same numbers, which can be shown', async () => {
    serveAnalyticsApi({ answers: { '30d': thirtyDays } })
    const { user } = renderSection()

    const earnings = await screen.findByRole('figure', { name: 'Earnings over time' })
    expect(within(earnings).getByRole('img').getAttribute('aria-label')).toBe(
      'Net earnings by day: $1,200 in all, from $1,500 of gross sales',
    )
    // The drawing comes with its own chunk: net and gross as two lines.
    await waitFor(() => expect(within(earnings).getByRole('img').querySelectorAll('.recharts-line')).toHaveLength(2))
    expect(tableRows(within(earnings).getByRole('table', { name: 'Earnings over time' }))).toEqual([
      { Day: 'Feb 1', 'Net earnings': '$500', 'Gross sales': '$600' },
      { Day: 'Feb 2', 'Net earnings': '$700', 'Gross sales': '$900' },
    ])

    const subscribers = screen.getByRole('figure', { name: 'Subscribers over time' })
    expect(tableRows(within(subscribers).getByRole('table', { name: 'Subscribers over time' }))).toEqual([
      { Day: 'Feb 1', New: '5', Cancelled: '0', Active: '43' },
      { Day: 'Feb 2', New: '7', Cancelled: '3', Active: '45' },
    ])

    const funnel = screen.getByRole('figure', { name: 'Share link funnel' })
    expect(tableRows(within(funnel).getByRole('table', { name: 'Share link funnel' }))).toEqual([
      { Step: 'Visits', People: '200', 'Of the step before': '—' },
      { Step: 'Sign-ups', People: '40', 'Of the step before': '20.0%' },
      { Step: 'First purchases', People: '10', 'Of the step before': '25.0%' },
    ])

    const hiddenTable = within(funnel).getByRole('table').closest('.sr-only')
    expect(hiddenTable).not.toBeNull()
    const toggle = within(funnel).getByRole('button', { name: 'Show as table' })
    await user.click(toggle)
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    expect(within(funnel).getByRole('table').closest('.sr-only')).toBeNull()
  })

  it('lists the record by sport and bet type, earnings by plan, promo codes and alert deliveries', async () => {
    serveAnalyticsApi({ answers: { '30d': thirtyDays } })
    renderSection()

    expect(tableRows(await screen.findByRole('table', { name: 'Record by sport in this period' }))).toEqual([
      { Sport: 'NBA', Picks: '20', 'W-L-P': '11-8-1', Units: '+2.4u', ROI: '+12.0%' },
    ])
    expect(tableRows(screen.getByRole('table', { name: 'Record by bet type in this period' }))).toEqual([
      { 'Bet type': 'Spread', Picks: '12', 'W-L-P': '7-5-0', Units: '+1.5u', ROI: '+12.5%' },
      { 'Bet type': 'Player prop', Picks: '8', 'W-L-P': '4-3-1', Units: '-0.6u', ROI: '-7.5%' },
    ])
    expect(tableRows(screen.getByRole('table', { name: 'Earnings by plan' }))).toEqual([
      {
        Plan: 'Monthly',
        Kind: 'Subscription',
        'Gross sales': '$1,200',
        'Net earnings': '$960',
        Sold: '12',
        Active: '45',
      },
    ])
    expect(screen.getByText('4 redemptions, $20 in discounts given.')).toBeTruthy()
    expect(tableRows(screen.getByRole('table', { name: 'Redemptions by promo code' }))).toEqual([
      { Code: 'SPRING20', Redemptions: '4', 'Discount given': '$20' },
    ])
    expect(tableRows(screen.getByRole('table', { name: 'Pick alerts by channel' }))).toEqual([
      { Channel: 'E-mail', Sent: '320', Failed: '2' },
      { Channel: 'Text messages', Sent: '45', Failed: '0' },
    ])
  })

  it('downloads the series as analytics-<timeframe>.csv', async () => {
    serveAnalyticsApi({ answers: { '30d': thirtyDays } })
    const files: Blob[] = []
    const names: string[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob)
      return 'blob:analytics'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    const { user } = renderSection()

    await user.click(await screen.findByRole('button', { name: 'Download CSV' }))

    expect(names).toEqual(['analytics-30d.csv'])
    expect(files[0]?.type).toBe('text/csv;charset=utf-8')
    expect((await files[0]?.text())?.split('\r\n')).toEqual([
      'period_start,bucket,net_earnings_usd,gross_sales_usd,new_subscribers,cancelled_subscribers,active_subscribers',
      '2026-02-01,day,500.00,600.00,5,0,43',
      '2026-02-02,day,700.00,900.00,7,3,45',
      '',
    ])
  })

  it('tells a creator with no sales what to do next', async () => {
    serveAnalyticsApi({
      answers: { '30d': anAnalytics('30d', { funnel: { visits: 12, signups: 0, first_purchases: 0 } }) },
    })
    renderSection()

    expect(await screen.findByText('No sales yet in this period')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Create a promo code' }).getAttribute('href')).toBe('/creator-promotions')
    expect(screen.queryByLabelText('Key figures')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull()
    // The share link's visits still count.
    expect(tableRows(screen.getByRole('table', { name: 'Share link funnel' }))[0]).toEqual({
      Step: 'Visits',
      People: '12',
      'Of the step before': '—',
    })
  })

  it('says "Failed to fetch creator analytics" when the read fails, and asks again on Try again', async () => {
    const { calls, state } = serveAnalyticsApi({ answers: { '30d': thirtyDays }, isFailing: true })
    const { user } = renderSection()

    expect(await screen.findByText('Failed to fetch creator analytics')).toBeTruthy()
    expect(screen.queryByLabelText('Key figures')).toBeNull()

    state.isFailing = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))

    await netEarningsShown('$1,200')
    expect(screen.queryByText('Failed to fetch creator analytics')).toBeNull()
    expect(callsTo(calls, 'GET', analyticsPath)).toHaveLength(2)
  })
})
