import { isCreatorOrHigher } from '@picks/contracts/client'
import { PlaceholderPage } from '../../components/ui/placeholder-page.tsx'
import { useStoredUser } from '../../lib/stored-user.ts'

export function Component() {
  const user = useStoredUser()
  return <PlaceholderPage title={isCreatorOrHigher(user) ? 'Creator Dashboard' : 'Become a Creator'} />
}
