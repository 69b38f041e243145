import { useState } from 'react'
import { CreatorOnly } from '../../../components/creator-profile/creator-only.tsx'
import { pageTitle } from '../../../lib/site.ts'
import { useStoredUser } from '../../../auth/stored-user.ts'
import { BecomeCreatorForm } from './become-creator-form.tsx'
import { CreatorDashboard } from './creator-dashboard.tsx'

/**
 * `/dashboard` (spec §2): Become a Creator for a customer, the creator dashboard for someone with a
 * creator profile, and a short note for an administrator or moderator without one.
 */
export function Component() {
  const user = useStoredUser()
  // Set when this visit registered the creator, for a welcome on the dashboard that replaces the form.
  const [justRegistered, setJustRegistered] = useState(false)

  // The route's guard lets only signed-in visitors in; a sign-out elsewhere empties the record.
  if (!user) return null
  if (user.role === 'user') {
    return (
      <>
        <title>{pageTitle('Become a Creator')}</title>
        <BecomeCreatorForm user={user} onRegistered={() => setJustRegistered(true)} />
      </>
    )
  }
  return (
    <CreatorOnly user={user} heading="Dashboard">
      <CreatorDashboard user={user} justRegistered={justRegistered} />
    </CreatorOnly>
  )
}
