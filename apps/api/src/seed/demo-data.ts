import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { creatorProfiles, subscriptionPlans } from '../modules/creators/creators.table.ts'
import type { SandboxProvider } from '../modules/payments/sandbox-provider.ts'
import { storeAcceptingPayments } from '../modules/payouts/payouts.service.ts'
import { payoutAccounts } from '../modules/payouts/payouts.table.ts'
import { users } from '../modules/users/users.table.ts'
import type { Db } from '../db/client.ts'
import { demoCreator } from './demo-creators.ts'

export const demoCreatorCount = 48

/**
 * Inserts creators `from` .. `from + total - 1` of the demo generator; rows that exist are left alone.
 * Their plans are not on sale until `connectDemoCreators` gives them payout accounts; benchmarks,
 * which measure the shop and have no provider, pass `onSale` to store them as accepting payments.
 */
export async function insertDemoCreators(
  db: Db,
  total: number,
  { from = 0, batchSize = 500, onSale = false }: { from?: number; batchSize?: number; onSale?: boolean } = {},
): Promise<number> {
  let inserted = 0
  for (let start = from; start < from + total; start += batchSize) {
    const batch = Array.from({ length: Math.min(batchSize, from + total - start) }, (_, i) => demoCreator(start + i))
    inserted += await db.transaction(async (tx) => {
      const now = Date.now()
      const created = await tx
        .insert(users)
        .values(
          batch.map((c) => ({
            email: c.email,
            name: c.name,
            role: 'creator' as const,
            profilePicture: c.profilePicture,
            specialtySport: c.specialtySport,
            createdAt: new Date(now - c.joinedDaysAgo * 86_400_000),
          })),
        )
        .onConflictDoNothing()
        .returning({ id: users.id, email: users.email })
      if (!created.length) return 0
      const byEmail = new Map(batch.map((c) => [c.email, c]))
      const rows = created.map(({ id, email }) => ({ id, creator: byEmail.get(email)! }))
      await tx.insert(creatorProfiles).values(
        rows.map(({ id, creator: c }) => ({
          userId: id,
          username: c.username,
          displayName: c.name,
          bio: c.bio,
          profilePicture: c.profilePicture,
          specialtySport: c.specialtySport,
          otherSports: c.otherSports,
          sports: [c.specialtySport, ...c.otherSports],
          socialLinks: c.socialLinks,
          country: c.country,
          acceptingPayments: onSale,
          lowestPriceCents: onSale ? Math.min(...c.plans.map((p) => p.priceCents)) : null,
          createdAt: new Date(now - c.joinedDaysAgo * 86_400_000),
        })),
      )
      await tx.insert(subscriptionPlans).values(
        rows.flatMap(({ id, creator: c }) =>
          c.plans.map((p) => ({
            creatorId: id,
            name: p.name,
            kind: p.kind,
            interval: p.interval,
            accessDays: p.accessDays,
            priceCents: p.priceCents,
            trialDays: p.trialDays,
          })),
        ),
      )
      return created.length
    })
  }
  return inserted
}

/**
 * Loads the demo marketplace on the first start of an empty database (outside production).
 * Idempotent: a database that already has users is left as it is. Administrators do not count:
 * an operator may run `npm run admin:create` before the first start.
 */
export async function seedDemoData(db: Db): Promise<{ created: boolean; creators: number }> {
  const [existing] = await db.select({ n: count() }).from(users).where(ne(users.role, 'admin'))
  if (Number(existing?.n ?? 0) > 0) return { created: false, creators: 0 }
  const creators = await insertDemoCreators(db, demoCreatorCount)
  return { created: creators > 0, creators }
}

/**
 * Demo creators sell through the sandbox provider: each gets a test payout account with onboarding
 * finished, as if they had gone through it, so a newcomer can buy a plan on the first start.
 * Returns how many were connected. Creators who already have an account are left alone.
 */
export async function connectDemoCreators(db: Db, sandbox: SandboxProvider): Promise<number> {
  const demo = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .leftJoin(payoutAccounts, eq(payoutAccounts.creatorId, users.id))
    .where(and(sql`${users.email} like 'demo+%@picks.example'`, isNull(payoutAccounts.creatorId)))
  if (!demo.length) return 0
  // All at once: one creator at a time through the onboarding link took 2 s of a first start.
  const accounts = await sandbox.createOnboardedAccounts(
    demo.map((creator) => ({
      creatorId: creator.id,
      email: creator.email,
      name: creator.name,
      idempotencyKey: `account:${creator.id}`,
    })),
  )
  await db
    .insert(payoutAccounts)
    .values(accounts.map((account) => ({ ...account, provider: 'sandbox' as const })))
    .onConflictDoNothing()
  // Their plans go on sale by the rule checkout applies (payouts' takesCharges).
  await storeAcceptingPayments(
    { db, provider: sandbox.name },
    demo.map((creator) => creator.id),
  )
  return demo.length
}

/** For tests and benchmarks: removes every demo creator (by their reserved e-mail domain). */
export async function removeDemoCreators(db: Db): Promise<void> {
  const demo = db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} like 'demo+%@picks.example'`)
  await db.delete(payoutAccounts).where(inArray(payoutAccounts.creatorId, demo))
  await db.delete(users).where(inArray(users.id, demo))
}
