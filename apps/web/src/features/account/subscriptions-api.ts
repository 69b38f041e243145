import type { PurchaseAnswer, PurchasesAnswer } from '@picks/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api-client.ts'

/**
 * The buyer's subscriptions and passes (`/manage-subscriptions`). Kept in memory only and refetched
 * on every visit: renewals, failed payments and expiry change them without this page knowing.
 */
export const subscriptionQueries = {
  manage: (userId: string) =>
    queryOptions({
      queryKey: ['purchases', 'manage', userId] as const,
      queryFn: ({ signal }) =>
        api.get<PurchasesAnswer>(`/subscriptions/manage/${encodeURIComponent(userId)}`, { signal }),
      select: (answer) => answer.purchases,
      staleTime: 0,
      meta: { persist: false },
    }),
}

/** Off is the same as cancelling at the end of the period; on again before then resumes it. */
export function setAutoRenewal(purchaseId: string, autoRenewal: boolean): Promise<PurchaseAnswer> {
  return api.put<PurchaseAnswer>(`/subscriptions/${encodeURIComponent(purchaseId)}/auto-renewal`, {
    auto_renewal: autoRenewal,
  })
}

/** Cancels at the end of the paid period: access continues until then. */
export function cancelSubscription(purchaseId: string): Promise<PurchaseAnswer> {
  return api.delete<PurchaseAnswer>(`/purchases/${encodeURIComponent(purchaseId)}`)
}
