import type { BillingEmails } from '@picks/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { ownData } from '../../../lib/query-client.ts'

const path = encodeURIComponent

/**
 * The creator's billing e-mails (`GET, PUT /creators/{id}/billing-emails`): whether a new
 * subscriber's notice goes out. The creator's own setting (decision 023: own data, never saved).
 */
export const billingEmailsQuery = (creatorId: string) =>
  queryOptions({
    queryKey: ['creators', creatorId, 'billing-emails'] as const,
    queryFn: ({ signal }) => api.get<BillingEmails>(`/creators/${path(creatorId)}/billing-emails`, { signal }),
    ...ownData,
  })

export function saveBillingEmails(creatorId: string, on: boolean): Promise<BillingEmails> {
  return api.put<BillingEmails>(`/creators/${path(creatorId)}/billing-emails`, { new_subscriber_emails: on })
}
