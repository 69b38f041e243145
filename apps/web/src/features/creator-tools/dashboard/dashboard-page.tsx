import { isCreatorOrHigher } from '@picks/contracts/client'
import { useState } from 'react'
import { pageTitle } from '../../../lib/site.ts'
import { useStoredUser } from '../../../auth/stored-user.ts'
import { BecomeCreatorForm } from './become-creator-form.tsx'
import { CreatorDashboard } from './creator-dashboard.tsx'

/** `/dashboard` (spec §2): the creator dashboard, or Become a Creator for everyone else. */
export function Component() {
  const user = useStoredUser()
  // Set when this visit registered the creator, for a welcome on the dashboard that replaces the form.
  const [justRegistered, setJustRegistered] = useState(false)

  // The route's guard lets only signed-in visitors in; a sign-out elsewhere empties the record.
  if (!user) return null
  if (isCreatorOrHigher(user)) return <CreatorDashboard user={user} justRegistered={justRegistered} />
  return (
    <>
      <title>{pageTitle('Become a Creator')}</title>
      <BecomeCreatorForm user={user} onRegistered={() => setJustRegistered(true)} />
    </>
  )
}
