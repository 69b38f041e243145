import { promoMessages } from '@picks/contracts/client'
import { describe, expect, it } from 'vitest'
import { aPromoCode } from '../../../test/fake-promotions-api.ts'
import {
  dayOf,
  endOfDay,
  newPromoCodeValues,
  promoCodeCreateBody,
  promoCodeProblems,
  promoFormMessages,
  promoProblemsFromServer,
  valuesFromPromoCode,
  type PromoCodeFormValues,
} from './promo-code-values.ts'

const now = new Date(2026, 10, 28, 12, 0, 0)
const valid: PromoCodeFormValues = { ...newPromoCodeValues, code: 'SAVE50', percentOff: '50' }

function problemsOf(change: Partial<PromoCodeFormValues>, isNew = true) {
  return promoCodeProblems({ ...valid, ...change }, isNew, now)
}

describe('promo code rules in the form', () => {
  it('accepts a valid new code', () => {
    expect(problemsOf({})).toEqual({})
  })

  it.each(['ab', 'x'.repeat(33), 'SAVE 50', 'SAVE50!', '  '])('refuses the code %j', (code) => {
    expect(problemsOf({ code }).code).toBe(promoMessages.codeFormat)
  })

  it.each(['0', '101', '12.5', ''])('refuses %j percent off', (percentOff) => {
    expect(problemsOf({ percentOff }).percentOff).toBe(promoMessages.percentRange)
  })

  it('reads an amount off in dollars and says how to type one', () => {
    expect(problemsOf({ discountKind: 'amount', amountOff: '4.99' })).toEqual({})
    expect(problemsOf({ discountKind: 'amount', amountOff: 'five' }).amountOff).toBe(promoFormMessages.amountShape)
    expect(problemsOf({ discountKind: 'amount', amountOff: '0' }).amountOff).toBe(promoMessages.amountRange)
    expect(problemsOf({ discountKind: 'amount', amountOff: '10000.01' }).amountOff).toBe(promoMessages.amountRange)
  })

  it('asks for 1 to 36 months only when the discount lasts some months', () => {
    expect(problemsOf({ duration: 'repeating', durationMonths: '37' }).durationMonths).toBe(
      promoMessages.durationMonthsRequired,
    )
    expect(problemsOf({ duration: 'forever', durationMonths: '' })).toEqual({})
  })

  it('needs a plan when the code is for chosen plans, a future expiry and a limit of at least 1', () => {
    expect(problemsOf({ scope: 'chosen', planIds: [] }).planIds).toBe(promoMessages.choosePlans)
    expect(problemsOf({ expiresOn: '2026-11-27' }).expiresOn).toBe(promoMessages.expiryInPast)
    // The day itself still counts: the code works to its end.
    expect(problemsOf({ expiresOn: '2026-11-28' })).toEqual({})
    expect(problemsOf({ expiresOn: '2026-02-30' }).expiresOn).toBe(promoFormMessages.dateShape)
    expect(problemsOf({ maxRedemptions: '0' }).maxRedemptions).toBe(promoMessages.maxRedemptionsRange)
  })

  it('checks only what may change when editing', () => {
    expect(problemsOf({ code: '!', percentOff: '' }, false)).toEqual({})
  })
})

describe('bodies and values', () => {
  it('sends a repeating amount off on chosen plans, ending at the end of the chosen day here', () => {
    const body = promoCodeCreateBody({
      ...valid,
      code: ' fiveoff ',
      discountKind: 'amount',
      amountOff: '5',
      duration: 'repeating',
      durationMonths: '3',
      scope: 'chosen',
      planIds: ['p1'],
      expiresOn: '2026-12-31',
      maxRedemptions: '100',
    })
    expect(body).toEqual({
      code: 'fiveoff',
      discount_kind: 'amount',
      percent_off: null,
      amount_off_cents: 500,
      duration: 'repeating',
      duration_months: 3,
      active: true,
      plan_ids: ['p1'],
      expires_at: new Date(2026, 11, 31, 23, 59, 59, 999).toISOString(),
      max_redemptions: 100,
      one_per_customer: true,
    })
  })

  it('opens a saved code with its values, the expiry as the day here', () => {
    const expiresAt = endOfDay('2026-12-31')?.toISOString() ?? ''
    const values = valuesFromPromoCode(
      aPromoCode({ plan_ids: ['p1'], expires_at: expiresAt, max_redemptions: 10, one_per_customer: false }),
    )
    expect(values).toMatchObject({
      code: 'SAVE50',
      percentOff: '50',
      scope: 'chosen',
      planIds: ['p1'],
      expiresOn: '2026-12-31',
      maxRedemptions: '10',
      onePerCustomer: false,
    })
    expect(dayOf(expiresAt)).toBe('2026-12-31')
  })

  it("puts the server's problems at the form's fields", () => {
    expect(
      promoProblemsFromServer([
        { field: 'body.code', message: promoMessages.codeTaken },
        { field: 'body.plan_ids.0', message: promoMessages.planNotYours },
        { field: 'body.amount_off_cents', message: promoMessages.amountRange },
      ]),
    ).toEqual({
      code: promoMessages.codeTaken,
      planIds: promoMessages.planNotYours,
      amountOff: promoMessages.amountRange,
    })
  })
})
