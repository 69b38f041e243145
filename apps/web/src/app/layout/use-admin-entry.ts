import { useAccountFacts } from '../../auth/account-facts.ts'
import { useStoredUser } from '../../auth/stored-user.ts'

/**
 * Whether the sidebar shows the Admin Dashboard entry: only when the server says the signed-in
 * account is the configured `ADMIN_EMAIL` (spec §2, §6). Signed out, or until the server has
 * answered (or when it cannot), there is no entry.
 */
export function useAdminEntry(): boolean {
  const user = useStoredUser()
  const facts = useAccountFacts()
  return user !== null && facts.data?.adminEntry === true
}
