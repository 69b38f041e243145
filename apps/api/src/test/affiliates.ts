import { AffiliateArrangementAnswer, AffiliateClickAnswer, CreatorAffiliateAnswer } from '@picks/contracts'
import { and, eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { emailOutbox } from '../modules/notifications/notifications.table.ts'
import type { TestApp } from './build-test-app.ts'
import { person, request, type Person } from './people.ts'

/** Affiliate fixtures (decision 038), through the real endpoints. */

/** The token in the latest invitation e-mailed to `email`. */
export async function invitationToken(t: TestApp, email: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'affiliate_invite')))
    .orderBy(sql`${emailOutbox.createdAt} desc`)
  const token = mail?.textBody.match(/\/affiliate\?invite=([A-Za-z0-9_-]+)/)?.[1]
  if (!token) throw new Error(`no invitation for ${email}`)
  return token
}

/** `creator` invites `email` on `terms`, who signs up and accepts: the affiliate, the arrangement's id and link code. */
export async function affiliateJoins(
  t: TestApp,
  creator: Person,
  email: string,
  terms: Record<string, unknown>,
): Promise<{ affiliate: Person; id: string; code: string }> {
  const invited = await request(t, 'POST', '/affiliates', creator, { email, ...terms })
  expect(invited.statusCode, invited.body).toBe(201)
  const affiliate = await person(t, email)
  const res = await request(t, 'POST', '/affiliates/accept', affiliate, { token: await invitationToken(t, email) })
  expect(res.statusCode, res.body).toBe(200)
  const { arrangement } = AffiliateArrangementAnswer.parse(res.json())
  const code = new URL(arrangement.link).searchParams.get('aff') ?? ''
  return { affiliate, id: CreatorAffiliateAnswer.parse(invited.json()).affiliate.id, code }
}

/** A visitor follows the affiliate's link: the click token the web sends with the purchase. */
export async function affiliateClick(t: TestApp, code: string): Promise<string> {
  const res = await request(t, 'POST', `/affiliate-links/${code}/clicks`, null)
  expect(res.statusCode, res.body).toBe(200)
  return AffiliateClickAnswer.parse(res.json()).click
}
