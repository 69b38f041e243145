import { hasPermission, hasRole, type Permission, type StoredUser } from '@picks/contracts/client'
import type { ComponentType } from 'react'
import { AuditLogSection } from './audit-log-section.tsx'
import { CreatorsSection } from './creators-section.tsx'
import { CustomersSection } from './customers-section.tsx'
import { PurchasesSection } from './purchases-section.tsx'
import { DeliveriesSection } from './deliveries-section.tsx'
import { DepositsSection } from './deposits-section.tsx'
import { EmailLogsSection, SmsLogsSection } from './message-logs-section.tsx'
import { ErrorsSection } from './errors-section.tsx'
import { PerformanceSection } from './performance-section.tsx'
import { ModerationSection } from './moderation-section.tsx'
import { SubscribersSection } from './subscribers-section.tsx'
import { UsersSection } from './users-section.tsx'
import { OverviewSection } from './overview-section.tsx'
import { SystemStatusSection } from './system-status-section.tsx'

/**
 * One part of the admin console: its address (`/admin/dashboard/{slug}`), its name, what it shows,
 * and the permission (spec §6) its calls need, so the menu offers someone only what the API lets
 * them do.
 */
export interface ConsoleSection {
  slug: string
  label: string
  description: string
  permission: Permission
  Component: ComponentType
}

/** The console's sections, in the order the menu lists them; the first is where the console opens. */
export const consoleSections: readonly ConsoleSection[] = [
  {
    slug: 'overview',
    label: 'Overview',
    description: 'The marketplace in figures: people, subscriptions, sales, payouts, picks and deliveries.',
    permission: 'access_admin_panel',
    Component: OverviewSection,
  },
  {
    slug: 'deposits',
    label: 'Deposits',
    description: 'Every incoming payment, with the platform fee and what was refunded.',
    permission: 'access_admin_panel',
    Component: DepositsSection,
  },
  {
    slug: 'creators',
    label: 'Creators',
    description: 'Every creator: sales, fees, subscribers, record and payout account; the top by net units.',
    permission: 'access_admin_panel',
    Component: CreatorsSection,
  },
  {
    slug: 'customers',
    label: 'Customers',
    description: 'Every buyer: what they spent, their live subscriptions and their last purchase.',
    permission: 'access_admin_panel',
    Component: CustomersSection,
  },
  {
    slug: 'purchases',
    label: 'Purchases',
    description: 'Every purchase: who bought which plan from whom; its deliveries, and refunds.',
    permission: 'access_admin_panel',
    Component: PurchasesSection,
  },
  {
    slug: 'users',
    label: 'Users',
    description: 'Every account: change a role, suspend or restore, with a reason the audit log keeps.',
    permission: 'access_admin_panel',
    Component: UsersSection,
  },
  {
    slug: 'moderation',
    label: 'Moderation',
    description: 'Reported picks and creator profiles: hide, restore or dismiss, with a note.',
    permission: 'moderate_content',
    Component: ModerationSection,
  },
  {
    slug: 'deliveries',
    label: 'Deliveries',
    description: 'Recent pick alerts by channel and status, and a check that a pick or purchase reached everyone once.',
    permission: 'access_admin_panel',
    Component: DeliveriesSection,
  },
  {
    slug: 'email-logs',
    label: 'E-mail logs',
    description: 'Every e-mail: alert deliveries with their statuses, and the outbox of account and billing e-mails.',
    permission: 'access_admin_panel',
    Component: EmailLogsSection,
  },
  {
    slug: 'sms-logs',
    label: 'SMS logs',
    description: 'Every text: alert deliveries with their statuses, and the outbox of codes and replies.',
    permission: 'access_admin_panel',
    Component: SmsLogsSection,
  },
  {
    slug: 'subscribers',
    label: 'Subscribers',
    description: 'Who may get each creator’s alerts by e-mail or text, and whether that channel reaches them now.',
    permission: 'access_admin_panel',
    Component: SubscribersSection,
  },
  {
    slug: 'audit-log',
    label: 'Audit log',
    description: 'Every admin and moderator action: who, what, to which target, before and after.',
    permission: 'access_admin_panel',
    Component: AuditLogSection,
  },
  {
    slug: 'system-status',
    label: 'System status',
    description: 'The database, the job queues, the outboxes and which providers are live.',
    permission: 'access_admin_panel',
    Component: SystemStatusSection,
  },
  {
    slug: 'errors',
    label: 'Errors',
    description:
      'What breaks in people’s browsers, grouped by fault: where in the source, how often, for how many; each with its stack and recent reports.',
    permission: 'access_admin_panel',
    Component: ErrorsSection,
  },
  {
    slug: 'performance',
    label: 'Performance',
    description:
      'How fast pages are in people’s browsers: per route, the 75th percentile of each Web Vital against its thresholds, over 24 hours and 7 days.',
    permission: 'access_admin_panel',
    Component: PerformanceSection,
  },
]

/**
 * Whether the console treats `user` as an administrator: every section, once the server says the
 * session entered the admin password. Without a local record the server decides the same way.
 */
export function opensAsAdmin(user: StoredUser | null): boolean {
  return user === null || hasRole(user, 'admin')
}

/**
 * The sections `user` may open: every one for an administrator, and for anyone else those their
 * permissions allow: a moderator's is the Moderation section, which the API opens to
 * `moderate_content` without an admin password.
 */
export function consoleSectionsFor(user: StoredUser | null): readonly ConsoleSection[] {
  if (opensAsAdmin(user)) return consoleSections
  return consoleSections.filter((section) => hasPermission(user, section.permission))
}
