/**
 * The admin console's rules shared by the browser and the API (spec §7 "Admin", issue 16): list
 * defaults, how personal data is masked in admin lists, and the actions the audit log records.
 * Zod-free.
 */

/** Admin list paging (spec §7): page 1 of 20 unless asked; delivery status 50, creator performance 20. */
export const adminPaging = {
  defaultPage: 1,
  defaultLimit: 20,
  maxLimit: 100,
  maxPage: 100_000,
  deliveryStatusLimit: 50,
  creatorPerformanceLimit: 20,
  searchMax: 100,
} as const

export const sortOrders = ['asc', 'desc'] as const
export type SortOrder = (typeof sortOrders)[number]

/** The mask's dots: one character, so a masked value never reads as real text. */
const dots = '•••'

/**
 * An e-mail address as an admin list shows it by default: the first character of the local part
 * and the whole domain (`j•••@example.com`). The domain stays: it tells an operator a provider
 * (a bounce wave at one host) without naming the person.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return dots
  return `${email.slice(0, 1)}${dots}${email.slice(at)}`
}

/** A phone number as an admin list shows it by default: its last 4 digits only (`•••4567`). */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  return digits.length <= 4 ? dots : `${dots}${digits.slice(-4)}`
}

/**
 * Every action the audit log records (issue 16, point 5): each is one append-only row naming who,
 * what, the target, before and after, when and the request.
 */
export const auditActions = [
  'admin_password.set',
  'personal_data.read',
  'fixture_clock.advanced',
  'pick.graded',
  'user.created',
  'user.role_changed',
  'user.suspended',
  'user.restored',
  'purchase.refunded',
  'pick.hidden',
  'pick.restored',
  'creator.hidden',
  'creator.restored',
  'report.dismissed',
] as const
export type AuditAction = (typeof auditActions)[number]

/** What an audit entry acts on. */
export const auditTargets = ['user', 'purchase', 'pick', 'creator', 'report', 'admin_list', 'fixture_clock'] as const
export type AuditTarget = (typeof auditTargets)[number]

/** The audit log's words for each action, for the console and its filter. */
export const auditActionLabels: Record<AuditAction, string> = {
  'admin_password.set': 'Admin password set',
  'personal_data.read': 'Personal data shown',
  'fixture_clock.advanced': 'Fixture clock moved',
  'pick.graded': 'Pick graded by hand',
  'user.created': 'User added',
  'user.role_changed': 'Role changed',
  'user.suspended': 'Account suspended',
  'user.restored': 'Account restored',
  'purchase.refunded': 'Purchase refunded',
  'pick.hidden': 'Pick hidden',
  'pick.restored': 'Pick restored',
  'creator.hidden': 'Creator profile hidden',
  'creator.restored': 'Creator profile restored',
  'report.dismissed': 'Report dismissed',
}
