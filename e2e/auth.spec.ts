import { expect, test } from '@playwright/test'
import { readFromMail } from './support/mailbox.ts'

// The sign-in pages come with the rest of issue 3; until then this checks the production server's
// account flow end to end over real SMTP: the code reaches a mailbox and signs the person in.
test('signing up e-mails a code over SMTP, and the code signs the person in', async ({ page }) => {
  const email = `newcomer-${Date.now()}@example.com`
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Casey Newcomer', email, password: 'Winning1!Picks' },
  })
  expect(signUp.status(), await signUp.text()).toBe(200)

  const otp = await readFromMail(page.request, email, /\b(\d{6})\b/)
  const verify = await page.request.post('/api/auth/email-otp/verify-email', { data: { email, otp } })
  expect(verify.status(), await verify.text()).toBe(200)

  const me = await page.request.get('/api/me')
  expect(me.status()).toBe(200)
  expect(await me.json()).toMatchObject({ user: { email, role: 'customer', verified: true } })
})
