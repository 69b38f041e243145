import { ErrorBody, PurchaseAnswer, SandboxCheckout } from '@picks/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addPlan, creator, monthlyPlan, onboard, startCheckout } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
})

function errorOf(res: { body: string }) {
  return ErrorBody.parse(JSON.parse(res.body)).error
}

/** An open sandbox checkout of Pat's for Dana's monthly plan. */
async function openCheckout(): Promise<{ pat: Person; purchaseId: string; sessionId: string }> {
  const dana = await creator(t, 'dana@example.com', 'SharpDana')
  await onboard(t, dana)
  const plan = await addPlan(t, dana, monthlyPlan)
  const pat = await person(t, 'pat@example.com')
  const { purchase, sessionId } = await startCheckout(t, pat, plan.id)
  return { pat, purchaseId: purchase.id, sessionId }
}

async function statusOf(who: Person, purchaseId: string): Promise<string> {
  const res = await request(t, 'GET', `/purchases/${purchaseId}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return PurchaseAnswer.parse(res.json()).purchase.status
}

describe('the sandbox checkout pages', () => {
  it('ask a visitor to sign in before looking at what they sent', async () => {
    const { pat, purchaseId, sessionId } = await openCheckout()
    const invalid = await request(t, 'POST', `/sandbox/checkout/${sessionId}/pay`, null, { card_number: 42 })
    expect(invalid.statusCode).toBe(401)
    expect(errorOf(invalid)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'NOT_SIGNED_IN' })
    expect((await request(t, 'POST', '/sandbox/checkout/not-a-session/pay', null, {})).statusCode).toBe(401)
    expect((await request(t, 'GET', '/sandbox/onboarding/not-a-link', null)).statusCode).toBe(401)
    expect(await statusOf(pat, purchaseId)).toBe('pending')
  })

  it("keep a checkout to its buyer: anyone else's, an admin's too, answers like an unknown one", async () => {
    const { pat, purchaseId, sessionId } = await openCheckout()
    const admin = await person(t, 'admin@example.com', 'admin')
    const page = await request(t, 'GET', `/sandbox/checkout/${sessionId}`, admin)
    expect(page.statusCode).toBe(404)
    expect(errorOf(page).message).toBe('Checkout not found')
    const paid = await request(t, 'POST', `/sandbox/checkout/${sessionId}/pay`, admin, {
      card_number: '4242 4242 4242 4242',
      expiry: '12 / 30',
      cvc: '123',
    })
    expect(paid.statusCode).toBe(404)
    expect(await statusOf(pat, purchaseId)).toBe('pending')
    const own = await request(t, 'GET', `/sandbox/checkout/${sessionId}`, pat)
    expect(SandboxCheckout.parse(own.json()).status).toBe('open')
  })
})
