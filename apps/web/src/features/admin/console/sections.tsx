import type { ComponentType } from 'react'
import { AuditLogSection } from './audit-log-section.tsx'
import { CreatorsSection } from './creators-section.tsx'
import { CustomersSection } from './customers-section.tsx'
import { PurchasesSection } from './purchases-section.tsx'
import { DeliveriesSection } from './deliveries-section.tsx'
import { DepositsSection } from './deposits-section.tsx'
import { EmailLogsSection, SmsLogsSection } from './message-logs-section.tsx'
import { ModerationSection } from './moderation-section.tsx'
import { SubscribersSection } from './subscribers-section.tsx'
import { UsersSection } from './users-section.tsx'
import { OverviewSection } from './overview-section.tsx'
import { SystemStatusSection } from './system-status-section.tsx'

/** One part of the admin console: its address (`/admin/dashboard/{slug}`), its name and what it shows. */
export interface ConsoleSection {
  slug: string
  label: string
  description: string
  Component: ComponentType
}

/** The console's sections, in the order the menu lists them; the first is where the console opens. */
export const consoleSections: readonly ConsoleSection[] = [
  {
    slug: 'overview',
    label: 'Overview',
    description: 'The marketplace in figures: people, subscriptions, sales, payouts, picks and deliveries.',
    Component: OverviewSection,
  },
  {
    slug: 'deposits',
    label: 'Deposits',
    description: 'Every incoming payment, with the platform fee and what was refunded.',
    Component: DepositsSection,
  },
  {
    slug: 'creators',
    label: 'Creators',
    description: 'Every creator: sales, fees, subscribers, record and payout account; the top by net units.',
    Component: CreatorsSection,
  },
  {
    slug: 'customers',
    label: 'Customers',
    description: 'Every buyer: what they spent, their live subscriptions and their last purchase.',
    Component: CustomersSection,
  },
  {
    slug: 'purchases',
    label: 'Purchases',
    description: 'Every purchase: who bought which plan from whom; its deliveries, and refunds.',
    Component: PurchasesSection,
  },
  {
    slug: 'users',
    label: 'Users',
    description: 'Every account: change a role, suspend or restore, with a reason the audit log keeps.',
    Component: UsersSection,
  },
  {
    slug: 'moderation',
    label: 'Moderation',
    description: 'Reported picks and creator profiles: hide, restore or dismiss, with a note.',
    Component: ModerationSection,
  },
  {
    slug: 'deliveries',
    label: 'Deliveries',
    description: 'Recent pick alerts by channel and status, and a check that a pick or purchase reached everyone once.',
    Component: DeliveriesSection,
  },
  {
    slug: 'email-logs',
    label: 'E-mail logs',
    description: 'Every e-mail: alert deliveries with their statuses, and the outbox of account and billing e-mails.',
    Component: EmailLogsSection,
  },
  {
    slug: 'sms-logs',
    label: 'SMS logs',
    description: 'Every text: alert deliveries with their statuses, and the outbox of codes and replies.',
    Component: SmsLogsSection,
  },
  {
    slug: 'subscribers',
    label: 'Subscribers',
    description: 'Who may get each creator’s alerts by e-mail or text, and whether that channel reaches them now.',
    Component: SubscribersSection,
  },
  {
    slug: 'audit-log',
    label: 'Audit log',
    description: 'Every admin and moderator action: who, what, to which target, before and after.',
    Component: AuditLogSection,
  },
  {
    slug: 'system-status',
    label: 'System status',
    description: 'The database, the job queues, the outboxes and which providers are live.',
    Component: SystemStatusSection,
  },
]
