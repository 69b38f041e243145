/**
 * The query keys of the signed-in person's account reads (`features/account/api.ts` builds the
 * queries). Here, beside the auth client, so that any page that changes the account (Become a
 * Creator changes the role) invalidates the very keys the account pages read.
 */
export const accountKeys = {
  /** Everything read about one account: `me`, its second factors, whether it has a password. */
  all: (userId: string) => ['account', userId] as const,
  me: (userId: string) => ['account', userId, 'me'] as const,
}
