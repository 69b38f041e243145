import type { ChargeAnswer, ChargesAnswer } from '@picks/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api-client.ts'
import { ownData } from '../../lib/query-client.ts'

const path = encodeURIComponent

/**
 * The customer's billing history (`/manage-subscriptions`) and one receipt (`/receipts/:id`). Own data
 * (decision 023): read again on each visit, never saved: renewals and refunds add to them without the page
 * knowing, and a person's payments have no place in the saved cache.
 */
export const billingQueries = {
  charges: (userId: string) =>
    queryOptions({
      queryKey: ['purchases', 'charges', userId] as const,
      queryFn: ({ signal }) => api.get<ChargesAnswer>(`/users/${path(userId)}/charges`, { signal }),
      select: (answer) => answer.charges,
      ...ownData,
    }),

  charge: (userId: string, chargeId: string) =>
    queryOptions({
      queryKey: ['purchases', 'charges', userId, chargeId] as const,
      queryFn: ({ signal }) => api.get<ChargeAnswer>(`/users/${path(userId)}/charges/${path(chargeId)}`, { signal }),
      select: (answer) => answer.charge,
      ...ownData,
    }),
}
