/**
 * The query keys of a buyer's purchases, shared by the account's subscriptions page and the payment
 * pages, so that a payment confirmed on one invalidates what the other reads.
 */
export const purchaseKeys = {
  all: ['purchases'] as const,
  /** Every buyer's list of subscriptions and passes (`/manage-subscriptions`). */
  buyerLists: ['purchases', 'manage'] as const,
  buyer: (userId: string) => ['purchases', 'manage', userId] as const,
  detail: (purchaseId: string) => ['purchases', 'detail', purchaseId] as const,
}
