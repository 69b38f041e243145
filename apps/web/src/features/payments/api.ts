import type { PurchaseAnswer, SandboxCheckout } from '@picks/contracts'
import { queryOptions } from '@tanstack/react-query'
import { purchaseKeys } from '../../components/plans/purchase-keys.ts'
import { api, ApiError } from '../../lib/api-client.ts'
import { ownData } from '../../lib/query-client.ts'

// The buyer's side of payments: the sandbox's test checkout page and the purchase the success page
// waits for. Own data (`ownData`, decision 023): a payment's state changes elsewhere (the
// provider), so a saved copy would only ever be out of date.

/** The sandbox's card form as the API takes it (`SandboxPayBody`). */
export interface SandboxPayBody {
  card_number: string
  /** `MM/YY` */
  expiry: string
  cvc: string
  name: string
}

export interface SandboxRedirect {
  redirect_url: string
}

/** How the success page waits for the provider to confirm: once a second, for about 30 seconds. */
export const confirmationPolling = { intervalMs: 1_000, maxReads: 30 } as const

/** Not the buyer, no such purchase or checkout: asking again will not change the answer. */
function retryUnlessClientError(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false
  return failureCount < 2
}

const paymentRead = { ...ownData, retry: retryUnlessClientError } as const

export const checkoutQueries = {
  purchase: (purchaseId: string) =>
    queryOptions({
      queryKey: purchaseKeys.detail(purchaseId),
      queryFn: ({ signal }) => api.get<PurchaseAnswer>(`/purchases/${encodeURIComponent(purchaseId)}`, { signal }),
      ...paymentRead,
    }),

  sandboxCheckout: (sessionId: string) =>
    queryOptions({
      queryKey: ['sandbox', 'checkout', sessionId] as const,
      queryFn: ({ signal }) =>
        api.get<SandboxCheckout>(`/sandbox/checkout/${encodeURIComponent(sessionId)}`, { signal }),
      ...paymentRead,
    }),
}

/** Never retried: paying twice is the buyer's own second click, not the client's. */
export function paySandboxCheckout(sessionId: string, body: SandboxPayBody): Promise<SandboxRedirect> {
  return api.post<SandboxRedirect>(`/sandbox/checkout/${encodeURIComponent(sessionId)}/pay`, body)
}

export function cancelSandboxCheckout(sessionId: string): Promise<SandboxRedirect> {
  return api.post<SandboxRedirect>(`/sandbox/checkout/${encodeURIComponent(sessionId)}/cancel`)
}
