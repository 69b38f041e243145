import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { setAcceptingPayments } from '../creators/creators.service.ts'
import type { ProviderName } from '../payments/payments.service.ts'
import { payoutAccounts } from './payouts.table.ts'

/**
 * The one rule for "can this creator be paid through a charge now", which decides both what
 * checkout accepts and what is on sale (docs/decisions/025-plans-on-sale-only-when-payable.md).
 * Checkout asks `chargeableAccountOf`; the shop and the plan reads read the creators module's copy
 * of the answer, which `storeAcceptingPayments` writes in every transaction that changes an account.
 */

type Account = Pick<typeof payoutAccounts.$inferSelect, 'provider' | 'chargesEnabled'>

/**
 * A payout account takes charges when the configured provider made it and says it can. An account
 * made at the other provider (the server switched between sandbox and Stripe) counts as none.
 */
export function takesCharges(account: Account | null, provider: ProviderName): boolean {
  return account !== null && account.provider === provider && account.chargesEnabled
}

/** The creator's payout account when it can take a charge now (checkout's question); else null. */
export async function chargeableAccountOf(
  deps: { db: Db; provider: ProviderName },
  creatorId: string,
): Promise<typeof payoutAccounts.$inferSelect | null> {
  const [row] = await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, creatorId))
  return row && takesCharges(row, deps.provider) ? row : null
}

/**
 * Copies the rule's answer for each creator (all creators with an account when `creatorIds` is not
 * given) onto their storefront, putting their plans on sale or taking them off. Call in the
 * transaction that changed the account. True when the shop changed (its cache is then stale).
 */
export async function storeAcceptingPayments(
  deps: { db: Db; provider: ProviderName },
  creatorIds?: readonly string[],
): Promise<boolean> {
  const accounts = await deps.db
    .select({
      creatorId: payoutAccounts.creatorId,
      provider: payoutAccounts.provider,
      chargesEnabled: payoutAccounts.chargesEnabled,
    })
    .from(payoutAccounts)
    .where(creatorIds ? inArray(payoutAccounts.creatorId, [...creatorIds]) : undefined)
  let changed = false
  for (const accepting of [true, false]) {
    const group = accounts.filter((account) => takesCharges(account, deps.provider) === accepting)
    for (let i = 0; i < group.length; i += 1000) {
      const ids = group.slice(i, i + 1000).map((account) => account.creatorId)
      if (await setAcceptingPayments(deps, ids, accepting)) changed = true
    }
  }
  return changed
}
