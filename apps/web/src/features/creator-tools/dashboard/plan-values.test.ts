import { describe, expect, it } from 'vitest'
import { aPlan } from '../../../test/fake-creator-api.ts'
import {
  centsToDollarText,
  dollarsToCents,
  newPlanValues,
  planBody,
  planProblems,
  planProblemsFromServer,
  valuesFromPlan,
} from './plan-values.ts'

describe('dollar amounts', () => {
  it.each([
    ['19.99', 1999],
    ['19.9', 1990],
    ['19', 1900],
    ['$5', 500],
    [' 1,250.50 ', 125050],
    ['0.07', 7],
    ['10000', 1_000_000],
  ])('reads %j as %i cents, without floating point', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents)
  })

  it.each(['', 'abc', '19.999', '-5', '1,25', '5.', '1e3', '12,34.00'])('refuses %j', (text) => {
    expect(dollarsToCents(text)).toBeNull()
  })

  it('writes cents back as an amount to edit', () => {
    expect(centsToDollarText(1999)).toBe('19.99')
    expect(centsToDollarText(2000)).toBe('20')
    expect(centsToDollarText(1990)).toBe('19.90')
  })
})

describe('plan rules', () => {
  const valid = { ...newPlanValues, name: 'Monthly', price: '19.99' }

  it('accepts a valid subscription and a valid pass', () => {
    expect(planProblems(valid, 0)).toEqual({})
    expect(planProblems({ ...valid, kind: 'one_time', accessDays: '365' }, 4)).toEqual({})
  })

  it('holds prices to $1 through $10,000', () => {
    expect(planProblems({ ...valid, price: '0.99' }, 0).price).toBe('Prices are between $1 and $10,000')
    expect(planProblems({ ...valid, price: '10000.01' }, 0).price).toBe('Prices are between $1 and $10,000')
    expect(planProblems({ ...valid, price: '1' }, 0).price).toBeUndefined()
  })

  it('holds trials to 0–30 days, and ignores the trial of a pass', () => {
    expect(planProblems({ ...valid, trialDays: '31' }, 0).trialDays).toBe('Free trials are 0 to 30 days')
    expect(planProblems({ ...valid, trialDays: '' }, 0).trialDays).toBe('Free trials are 0 to 30 days')
    expect(planProblems({ ...valid, kind: 'one_time', trialDays: '99' }, 0).trialDays).toBeUndefined()
  })

  it('holds a pass to 1–365 days of access', () => {
    expect(planProblems({ ...valid, kind: 'one_time', accessDays: '0' }, 0).accessDays).toBe(
      'Choose how many days a one-time pass gives access (1 to 365)',
    )
    expect(planProblems({ ...valid, kind: 'one_time', accessDays: '1.5' }, 0).accessDays).toBe(
      'Choose how many days a one-time pass gives access (1 to 365)',
    )
  })

  it('refuses a sixth active plan but not a sixth inactive one', () => {
    expect(planProblems(valid, 5).active).toBe('A creator can have at most 5 active plans')
    expect(planProblems({ ...valid, active: false }, 5)).toEqual({})
  })

  it('limits names to 60 characters', () => {
    expect(planProblems({ ...valid, name: '   ' }, 0).name).toBe('Give the plan a name')
    expect(planProblems({ ...valid, name: 'x'.repeat(61) }, 0).name).toBe('Plan names are at most 60 characters')
  })
})

describe('plan bodies', () => {
  it('sends only the fields of the plan’s kind', () => {
    expect(planBody({ ...newPlanValues, name: ' Yearly ', price: '199', interval: 'year', trialDays: '14' })).toEqual({
      name: 'Yearly',
      kind: 'subscription',
      interval: 'year',
      price_cents: 19900,
      trial_days: 14,
      active: true,
    })
    expect(planBody({ ...newPlanValues, name: 'Week pass', kind: 'one_time', accessDays: '7', price: '9.5' })).toEqual({
      name: 'Week pass',
      kind: 'one_time',
      access_days: 7,
      price_cents: 950,
      trial_days: 0,
      active: true,
    })
  })

  it('round-trips a stored plan through the form', () => {
    const plan = aPlan({ kind: 'one_time', interval: null, access_days: 3, price_cents: 1250, active: false })
    expect(planBody(valuesFromPlan(plan))).toEqual({
      name: plan.name,
      kind: 'one_time',
      access_days: 3,
      price_cents: 1250,
      trial_days: 0,
      active: false,
    })
  })

  it('places server field problems on the form fields', () => {
    expect(
      planProblemsFromServer([
        { field: 'body.price_cents', message: 'Too small' },
        { field: 'body.access_days', message: 'Too long' },
        { field: 'body.unknown', message: 'Ignored' },
      ]),
    ).toEqual({ price: 'Too small', accessDays: 'Too long' })
  })
})
