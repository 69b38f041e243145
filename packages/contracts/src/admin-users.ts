import { z } from 'zod'
import { adminListQuery, adminPage } from './admin.ts'
import { serverRoles } from './roles.ts'
import { text } from './text.ts'

const Timestamp = z.iso.datetime({ offset: true })

/** Whether an account may sign in: `suspended` ends its sessions and hides what it sells (issue 16). */
export const accountStatuses = ['active', 'suspended'] as const
export type AccountStatus = (typeof accountStatuses)[number]

export const adminUserSortKeys = ['created_at', 'name', 'email'] as const

/** `GET /users`: the admin user list, newest first; search by name or e-mail, filter by role and status. */
export const AdminUsersQuery = adminListQuery({ sortKeys: adminUserSortKeys, sortBy: 'created_at' }).extend({
  role: z.enum(serverRoles, `must be one of ${serverRoles.join(', ')}`).optional(),
  status: z.enum(accountStatuses, `must be one of ${accountStatuses.join(', ')}`).optional(),
})
export type AdminUsersQuery = z.input<typeof AdminUsersQuery>
export type ParsedAdminUsersQuery = z.output<typeof AdminUsersQuery>

/** One person in the admin user list; e-mail and phone masked unless personal data was asked for. */
export const AdminUser = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(serverRoles),
  phone: z.string().nullable(),
  verified: z.boolean(),
  status: z.enum(accountStatuses),
  suspended_at: Timestamp.nullable(),
  suspended_reason: z.string().nullable(),
  created_at: Timestamp,
})
export type AdminUser = z.infer<typeof AdminUser>

export const AdminUsersPage = adminPage(AdminUser)
export type AdminUsersPage = z.infer<typeof AdminUsersPage>

/** Why an administrator acted: kept in the audit log. */
export const ActionReason = text().trim().min(1, 'must not be empty').max(500)

export const RoleChangeBody = z.object({ role: z.enum(serverRoles), reason: ActionReason })
export type RoleChangeBody = z.infer<typeof RoleChangeBody>

export const SuspensionBody = z.object({ reason: ActionReason })
export type SuspensionBody = z.infer<typeof SuspensionBody>

/** The person after an administrator's change, unmasked (the administrator just named them). */
export const AdminUserAnswer = z.object({ user: AdminUser })
export type AdminUserAnswer = z.infer<typeof AdminUserAnswer>
