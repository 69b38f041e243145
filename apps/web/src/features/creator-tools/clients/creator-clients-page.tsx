import { useStoredUser } from '../../../auth/stored-user.ts'
import { CreatorToolsPage } from '../creator-tools-page.tsx'
import { AddClientForm } from './add-client-form.tsx'
import { ClientsListSection } from './clients-list-section.tsx'

/**
 * `/creator/clients` (creator only; decision 009, issue 18): the creator's own client records, and a
 * form to add one. A pick can then name one of them (the create-pick form's Client select). The API
 * has no edit or delete for a record, so neither does this page.
 */
export function Component() {
  const user = useStoredUser()
  // The guard lets only creators in.
  if (!user) return null
  return (
    <CreatorToolsPage title="Clients" description="The people you serve, kept for you alone.">
      <AddClientForm creatorId={user.id} />
      <ClientsListSection creatorId={user.id} />
    </CreatorToolsPage>
  )
}
