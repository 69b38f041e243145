import { randomUUID } from 'node:crypto'
import type { Sport } from '@picks/contracts'
import type { Db } from '../db/client.ts'
import { creatorProfiles, subscriptionPlans } from '../modules/creators/creators.table.ts'
import { refreshLowestPrice } from '../modules/creators/creators.service.ts'
import { sandboxAccounts } from '../modules/payments/sandbox.table.ts'
import { storeAcceptingPayments } from '../modules/payouts/payouts.service.ts'
import { payoutAccounts } from '../modules/payouts/payouts.table.ts'
import { users } from '../modules/users/users.table.ts'

export interface CreatorSpec {
  name?: string
  username?: string
  bio?: string
  specialtySport?: Sport
  otherSports?: Sport[]
  profilePicture?: string | null
  /** Monthly plan prices in cents; each becomes an active plan. */
  planPricesCents?: number[]
  inactivePlanPricesCents?: number[]
  /**
   * Whether the creator has a sandbox payout account that takes charges, so their active plans are
   * on sale (default true); false leaves them without one, as a creator who has not set up payouts.
   */
  takesPayments?: boolean
  createdAt?: Date
}

export async function createCreator(db: Db, spec: CreatorSpec = {}): Promise<{ id: string; username: string }> {
  const username = spec.username ?? `creator_${randomUUID().slice(0, 8)}`
  const name = spec.name ?? `Creator ${username}`
  const specialty = spec.specialtySport ?? 'nba'
  const [user] = await db
    .insert(users)
    .values({ email: `${username.toLowerCase()}@test.example`, name, role: 'creator' })
    .returning({ id: users.id })
  const id = user!.id
  await db.insert(creatorProfiles).values({
    userId: id,
    username,
    displayName: name,
    bio: spec.bio ?? '',
    profilePicture: spec.profilePicture ?? null,
    specialtySport: specialty,
    otherSports: spec.otherSports ?? [],
    sports: [specialty, ...(spec.otherSports ?? [])],
    ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
  })
  const plans = [
    ...(spec.planPricesCents ?? []).map((priceCents) => ({ priceCents, active: true })),
    ...(spec.inactivePlanPricesCents ?? []).map((priceCents) => ({ priceCents, active: false })),
  ]
  if (plans.length) {
    await db.insert(subscriptionPlans).values(
      plans.map((p) => ({
        creatorId: id,
        name: 'Monthly',
        kind: 'subscription' as const,
        interval: 'month' as const,
        ...p,
      })),
    )
  }
  await refreshLowestPrice({ db }, id)
  if (spec.takesPayments ?? true) {
    // The sandbox provider's own record of the account too, so a checkout for these plans starts.
    const accountId = `acct_sbx_${randomUUID()}`
    await db.insert(sandboxAccounts).values({
      id: accountId,
      creatorId: id,
      email: `${username.toLowerCase()}@test.example`,
      name,
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      idempotencyKey: `factory-${accountId}`,
    })
    await db.insert(payoutAccounts).values({ creatorId: id, provider: 'sandbox', accountId, chargesEnabled: true })
    await storeAcceptingPayments({ db, provider: 'sandbox' }, [id])
  }
  return { id, username }
}
