import type { AccountStatus, ServerRole } from '@picks/contracts'

export const roleLabels: Record<ServerRole, string> = {
  customer: 'Customer',
  creator: 'Creator',
  moderator: 'Moderator',
  admin: 'Administrator',
}

export const accountStatusLabels: Record<AccountStatus, string> = {
  active: 'Active',
  suspended: 'Suspended',
}
