import { describe, expect, it } from 'vitest'
import { anAnalytics, aSeriesPoint } from '../../../test/fake-analytics-api.ts'
import { analyticsCsv, centsAsDollars, toCsv } from './analytics-csv.ts'

describe('analytics CSV', () => {
  it('writes money in dollars with two decimals, without floating point', () => {
    expect(centsAsDollars(123_456)).toBe('1234.56')
    expect(centsAsDollars(1_999)).toBe('19.99')
    expect(centsAsDollars(5)).toBe('0.05')
    expect(centsAsDollars(0)).toBe('0.00')
    expect(centsAsDollars(-1_050)).toBe('-10.50')
  })

  it('quotes fields with commas, quotes or line breaks and ends every line with CRLF (RFC 4180)', () => {
    expect(toCsv([['plain', 'a,b', 'say "hi"', 'two\nlines', 3]])).toBe('plain,"a,b","say ""hi""","two\nlines",3\r\n')
  })

  it('lists the series by bucket under a header, dates as ISO days', () => {
    const analytics = anAnalytics('90d', {
      bucket: 'week',
      series: [
        aSeriesPoint({
          start: '2026-01-05T00:00:00.000Z',
          net_earnings_cents: 8_991,
          gross_sales_cents: 9_990,
          new_subscribers: 3,
          active_subscribers: 3,
        }),
        aSeriesPoint({
          start: '2026-01-12T00:00:00+00:00',
          net_earnings_cents: -1_999,
          cancelled_subscribers: 1,
          active_subscribers: 2,
        }),
      ],
    })

    const { fileName, text } = analyticsCsv(analytics)

    expect(fileName).toBe('analytics-90d.csv')
    expect(text.split('\r\n')).toEqual([
      'period_start,bucket,net_earnings_usd,gross_sales_usd,new_subscribers,cancelled_subscribers,active_subscribers',
      '2026-01-05,week,89.91,99.90,3,0,3',
      '2026-01-12,week,-19.99,0.00,0,1,2',
      '',
    ])
  })

  it('adds the affiliates’ commissions, last, when some bucket has one', () => {
    const analytics = anAnalytics('7d', {
      series: [
        aSeriesPoint({
          start: '2026-01-05T00:00:00.000Z',
          net_earnings_cents: 1_450,
          gross_sales_cents: 2_900,
          affiliate_commission_cents: 580,
        }),
        aSeriesPoint({ start: '2026-01-06T00:00:00.000Z' }),
        aSeriesPoint({
          start: '2026-01-07T00:00:00.000Z',
          net_earnings_cents: -1_015,
          affiliate_commission_cents: -290,
        }),
      ],
    })

    expect(analyticsCsv(analytics).text.split('\r\n')).toEqual([
      'period_start,bucket,net_earnings_usd,gross_sales_usd,new_subscribers,cancelled_subscribers,active_subscribers,affiliate_commissions_usd',
      '2026-01-05,day,14.50,29.00,0,0,0,5.80',
      '2026-01-06,day,0.00,0.00,0,0,0,0.00',
      '2026-01-07,day,-10.15,0.00,0,0,0,-2.90',
      '',
    ])
  })
})
