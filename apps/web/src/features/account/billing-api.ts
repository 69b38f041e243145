import type { ChargeAnswer, ChargesAnswer } from '@picks/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api-client.ts'

const path = encodeURIComponent

/**
 * The customer's billing history (`/manage-subscriptions`) and one receipt (`/receipts/:id`). Kept
 * in memory only and read again on each visit: renewals and refunds add to them without the page
 * knowing, and a person's payments have no place in the saved cache.
 */
export const billingQueries = {
  charges: (userId: string) =>
    queryOptions({
      queryKey: ['purchases', 'charges', userId] as const,
      queryFn: ({ signal }) => api.get<ChargesAnswer>(`/users/${path(userId)}/charges`, { signal }),
      select: (answer) => answer.charges,
      staleTime: 0,
      meta: { persist: false },
    }),

  charge: (userId: string, chargeId: string) =>
    queryOptions({
      queryKey: ['purchases', 'charges', userId, chargeId] as const,
      queryFn: ({ signal }) => api.get<ChargeAnswer>(`/users/${path(userId)}/charges/${path(chargeId)}`, { signal }),
      select: (answer) => answer.charge,
      staleTime: 0,
      meta: { persist: false },
    }),
}
