import type { MeAnswer } from '@picks/contracts'
import type { StoredUser } from '@picks/contracts/client'
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query'
import { api } from '../lib/api-client.ts'
import { useStoredUser } from './stored-user.ts'

/**
 * Two things about the signed-in account that its stored role cannot tell: whether it is the
 * configured `ADMIN_EMAIL` account (the sidebar's Admin Dashboard entry, spec §2) and whether it
 * has a creator profile. The cache keeps these two yes-or-nos alone, per user id, so a persisted
 * cache holds nothing else from `/me`.
 */
export interface AccountFacts {
  adminEntry: boolean
  hasCreatorProfile: boolean
}

export const accountFactsQuery = (userId: string | null) =>
  queryOptions({
    queryKey: ['me', 'facts', userId] as const,
    queryFn: async ({ signal }): Promise<AccountFacts> => {
      const me = await api.get<MeAnswer>('/me', { signal })
      return { adminEntry: me.admin_entry === true, hasCreatorProfile: Boolean(me.user.username) }
    },
    enabled: userId !== null,
    // The person's own standing: shown at once from the cache, checked again on every page load.
    staleTime: 0,
  })

export function useAccountFacts(): UseQueryResult<AccountFacts> {
  const user = useStoredUser()
  return useQuery(accountFactsQuery(user?.id ?? null))
}

/**
 * Whether `user` has a creator profile, so creator menus and pages work for them: a creator
 * always has one and a customer never does. An administrator or a moderator ranks above creator
 * (spec §6) but has one only if they registered it; for them the server says, and until it has
 * (or when it cannot) the answer is `undefined`.
 */
export function creatorProfileOf(user: StoredUser | null, facts: AccountFacts | undefined): boolean | undefined {
  if (user === null || user.role === 'user') return false
  if (user.role === 'creator') return true
  return facts?.hasCreatorProfile
}

/** `creatorProfileOf` for the signed-in user, with the read behind it (to wait for or retry). */
export function useCreatorProfile(): { hasCreatorProfile: boolean | undefined; facts: UseQueryResult<AccountFacts> } {
  const user = useStoredUser()
  const facts = useAccountFacts()
  return { hasCreatorProfile: creatorProfileOf(user, facts.data), facts }
}
