/** Stored-user roles in ascending rank (spec §6). The server's `customer` has the rank of `user`. */
export const roleRanks = ['user', 'creator', 'moderator', 'admin'] as const
export type Role = (typeof roleRanks)[number]
export const serverRoles = ['customer', 'creator', 'moderator', 'admin'] as const
export type ServerRole = (typeof serverRoles)[number]

export const permissionNames = [
  'create_pick',
  'view_analytics',
  'moderate_content',
  'access_admin_panel',
  'manage_users',
  'manage_subscriptions',
] as const
export type Permission = (typeof permissionNames)[number]

export const defaultPermissions: Record<Role, readonly Permission[]> = {
  user: [],
  creator: ['create_pick', 'view_analytics'],
  moderator: ['moderate_content', 'view_analytics'],
  admin: [
    'create_pick',
    'moderate_content',
    'access_admin_panel',
    'manage_users',
    'view_analytics',
    'manage_subscriptions',
  ],
}

/** Maps a server role (or anything unknown) onto the rank vocabulary; absent means `user`. */
export function toRole(role: string | null | undefined): Role {
  if (role === 'customer' || role == null) return 'user'
  return (roleRanks as readonly string[]).includes(role) ? (role as Role) : 'user'
}

export interface RoleSubject {
  role: Role
  permissions: readonly string[]
}

export function hasRole(subject: RoleSubject | null, required: Role): boolean {
  if (!subject) return false
  return roleRanks.indexOf(subject.role) >= roleRanks.indexOf(required)
}

export function hasPermission(subject: RoleSubject | null, permission: Permission): boolean {
  if (!subject) return false
  return subject.permissions.includes(permission)
}

/** Passes for creator, moderator and admin (moderators pass though they lack create_pick). */
export function isCreatorOrHigher(subject: RoleSubject | null): boolean {
  return hasRole(subject, 'creator')
}
