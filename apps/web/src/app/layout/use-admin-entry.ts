import type { MeAnswer } from '@picks/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../lib/api-client.ts'
import { useStoredUser } from '../../auth/stored-user.ts'

/**
 * Whether the sidebar shows the Admin Dashboard entry: only when the server says the signed-in
 * account is the configured `ADMIN_EMAIL` (spec §2, §6). The cache keeps the yes or no alone, per
 * user id, so a persisted cache holds nothing else from `/me`. Signed out, or until the server has
 * answered (or when it cannot), there is no entry.
 */
export function useAdminEntry(): boolean {
  const user = useStoredUser()
  const answer = useQuery({
    queryKey: ['me', 'admin-entry', user?.id ?? null],
    queryFn: async ({ signal }) => (await api.get<MeAnswer>('/me', { signal })).admin_entry === true,
    enabled: user !== null,
  })
  return user !== null && answer.data === true
}
