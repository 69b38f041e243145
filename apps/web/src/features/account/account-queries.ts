import { queryOptions } from '@tanstack/react-query'
import { auth } from '../../auth/auth.ts'

/**
 * The reads of the account settings page, per signed-in user. Kept in memory only (`persist:
 * false`): the phone number and the second factors have no place in the saved cache.
 */
export const accountQueries = {
  me: (userId: string) =>
    queryOptions({
      queryKey: ['account', userId, 'me'] as const,
      queryFn: ({ signal }) => auth.me(signal),
      meta: { persist: false },
    }),

  factors: (userId: string) =>
    queryOptions({
      queryKey: ['account', userId, 'factors'] as const,
      queryFn: ({ signal }) => auth.listFactors(signal),
      meta: { persist: false },
    }),

  hasPassword: (userId: string) =>
    queryOptions({
      queryKey: ['account', userId, 'has-password'] as const,
      queryFn: ({ signal }) => auth.hasPassword(signal),
      meta: { persist: false },
    }),
}
