import type { AdminUser } from '@picks/contracts'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import type { DataColumn } from '../../../components/ui/data-table.tsx'
import { StatusNote } from '../../../components/ui/status-note.tsx'
import { changeUserRole, consoleKeys, consoleQueries, setUserSuspended } from '../api.ts'
import { ConsoleList } from './console-list.tsx'
import { PersonalSwitch } from './personal-switch.tsx'
import { FilterSelect } from './filter-select.tsx'
import { useListParams } from './list-params.ts'
import { NoteDialog } from './note-dialog.tsx'
import { SearchBox } from './search-box.tsx'
import { accountStatusLabels, roleLabels } from './user-labels.ts'
import { UserRoleDialog } from './user-role-dialog.tsx'
import { WhenCell } from './when-cell.tsx'

type UserAction = { kind: 'role' | 'suspension'; user: AdminUser }

function columns(act: (action: UserAction) => void): DataColumn<AdminUser>[] {
  return [
    { header: 'Name', isRowHeader: true, cell: (user) => user.name },
    { header: 'E-mail', className: 'break-all', cell: (user) => user.email },
    { header: 'Role', cell: (user) => roleLabels[user.role] },
    {
      header: 'Status',
      cell: (user) => (
        <>
          {accountStatusLabels[user.status]}
          {user.suspended_reason && <span className="block text-xs text-slate-600">{user.suspended_reason}</span>}
        </>
      ),
    },
    { header: 'Joined', cell: (user) => <WhenCell iso={user.created_at} /> },
    {
      header: 'Actions',
      cell: (user) => (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-label={`Change role of ${user.name}`}
            onClick={() => act({ kind: 'role', user })}
          >
            Change role
          </Button>
          <Button
            variant="secondary"
            aria-label={`${user.status === 'suspended' ? 'Restore' : 'Suspend'} ${user.name}`}
            onClick={() => act({ kind: 'suspension', user })}
          >
            {user.status === 'suspended' ? 'Restore' : 'Suspend'}
          </Button>
        </div>
      ),
    },
  ]
}

/**
 * People (`GET /users`): search by name or e-mail, filter by role and status; e-mails masked unless
 * the operator shows personal data (an audited read). Each row changes a role or suspends/restores.
 */
export function UsersSection() {
  const list = useListParams<'search' | 'role' | 'status'>()
  const [personal, setPersonal] = useState(false)
  const query = {
    page: list.page,
    search: list.value('search'),
    role: list.value('role'),
    status: list.value('status'),
    includePersonal: personal,
  }
  const users = useQuery({ ...consoleQueries.users(query), placeholderData: keepPreviousData })
  const queryClient = useQueryClient()
  const [action, setAction] = useState<UserAction | null>(null)
  const [done, setDone] = useState('')

  async function finish(message: string) {
    setAction(null)
    setDone(message)
    await queryClient.invalidateQueries({ queryKey: consoleKeys.users })
  }

  const filtered = query.search || query.role || query.status

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          label="Search people"
          hint="A name or an e-mail"
          value={query.search}
          onSearch={(words) => list.setFilter('search', words)}
        />
        <FilterSelect
          label="Role"
          value={query.role}
          everything="Every role"
          options={Object.entries(roleLabels).map(([value, label]) => ({ value, label }))}
          onChange={(role) => list.setFilter('role', role)}
        />
        <FilterSelect
          label="Status"
          value={query.status}
          everything="Every status"
          options={Object.entries(accountStatusLabels).map(([value, label]) => ({ value, label }))}
          onChange={(status) => list.setFilter('status', status)}
        />
      </div>
      <PersonalSwitch checked={personal} onChange={setPersonal} what="Full e-mails" />
      <StatusNote message={done} />
      <ConsoleList
        read={users}
        pageOf={(answer) => ({ ...answer, rows: answer.items })}
        caption="People"
        columns={columns((next) => {
          setDone('')
          setAction(next)
        })}
        rowKey={(user) => user.id}
        loading="Loading the people…"
        failed="Failed to fetch the people"
        empty={filtered ? 'No one matches these filters.' : 'No accounts yet.'}
        onPage={list.setPage}
      />
      {action?.kind === 'role' && (
        <UserRoleDialog
          key={action.user.id}
          user={action.user}
          onClose={() => setAction(null)}
          onChange={async (role, reason) => {
            const { user } = await changeUserRole(action.user.id, role, reason)
            await finish(`${user.name} is now a ${roleLabels[user.role]}.`)
          }}
        />
      )}
      {action?.kind === 'suspension' && (
        <SuspensionDialog user={action.user} onClose={() => setAction(null)} onDone={finish} />
      )}
    </div>
  )
}

function SuspensionDialog({
  user,
  onClose,
  onDone,
}: {
  user: AdminUser
  onClose: () => void
  onDone: (message: string) => Promise<void>
}) {
  const suspend = user.status !== 'suspended'
  return (
    <NoteDialog
      key={user.id}
      label={suspend ? `Suspend ${user.name}` : `Restore ${user.name}`}
      fieldLabel="Reason"
      submitLabel={suspend ? 'Suspend' : 'Restore'}
      pendingLabel={suspend ? 'Suspending…' : 'Restoring…'}
      onClose={onClose}
      onSubmit={async (reason) => {
        const answer = await setUserSuspended(user.id, suspend, reason)
        await onDone(suspend ? `${answer.user.name} is suspended.` : `${answer.user.name} is restored.`)
      }}
    >
      <p className="text-sm text-slate-700">
        {suspend
          ? `${user.name}'s sessions end at once, they cannot sign in, and what they sell is hidden.`
          : `${user.name} may sign in again and their storefront is back.`}{' '}
        The reason goes into the audit log.
      </p>
    </NoteDialog>
  )
}
