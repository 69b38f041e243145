import { z } from 'zod'
import { adminListQuery, adminPage } from './admin.ts'
import { adminPaging } from './admin-rules.ts'
import { purchaseStatuses } from './payment-rules.ts'
import { text } from './text.ts'

/**
 * The admin console's people and money lists (spec §7 "Admin", issue 16): creators, their
 * performance and subscribers, customers and purchases. Every list takes the admin list query
 * (`adminListQuery`) plus its own filters and answers one `adminPage`; e-mail addresses and phone
 * numbers are masked unless `includePersonal=true` (which is audited).
 */

const Timestamp = z.iso.datetime({ offset: true })

/** Whom a row is about: name, and e-mail and phone masked unless the page is `personal`. */
export const AdminPerson = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
})
export type AdminPerson = z.infer<typeof AdminPerson>

/**
 * Where a creator's payout account stands: `none` (never started), `onboarding` (details not
 * submitted), `pending` (submitted, the provider has not enabled charges), `active` (takes charges).
 */
export const payoutAccountStates = ['none', 'onboarding', 'pending', 'active'] as const
export type PayoutAccountState = (typeof payoutAccountStates)[number]

/** The record in short: W-L-P, picks, net units and ROI (null before any decided pick). */
export const AdminCreatorRecord = z.object({
  picks: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  pushes: z.number().int(),
  netUnits: z.number(),
  roiPct: z.number().nullable(),
})

export const AdminCreatorRow = z.object({
  id: z.uuid(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: Timestamp,
  /** Charges less refunds, in cents, before the platform's fee. */
  salesCents: z.number().int(),
  /** The platform's fees on those sales, in cents (a positive number). */
  feesCents: z.number().int(),
  /** Distinct buyers with a live purchase (trialing, active or past due). */
  activeSubscribers: z.number().int(),
  record: AdminCreatorRecord,
  lastPickAt: Timestamp.nullable(),
  payoutAccount: z.enum(payoutAccountStates),
})
export type AdminCreatorRow = z.infer<typeof AdminCreatorRow>

export const creatorSortKeys = ['created_at', 'name', 'sales', 'subscribers', 'net_units', 'roi'] as const
const payoutStateFilter = z.enum(payoutAccountStates, `must be one of ${payoutAccountStates.join(', ')}`)

/** `GET /admin/creators`: newest first unless asked; `status` is the payout account's state. */
export const AdminCreatorsQuery = adminListQuery({ sortKeys: creatorSortKeys, sortBy: 'created_at' }).extend({
  status: payoutStateFilter.optional(),
})
export type AdminCreatorsQuery = z.input<typeof AdminCreatorsQuery>
export type ParsedAdminCreatorsQuery = z.output<typeof AdminCreatorsQuery>
export const AdminCreatorsPage = adminPage(AdminCreatorRow)
export type AdminCreatorsPage = z.infer<typeof AdminCreatorsPage>

export const performanceSortKeys = ['net_units', 'roi', 'sales', 'subscribers'] as const

/** `GET /admin/creators/performance`: the top 20 by net units unless asked otherwise. */
export const AdminCreatorPerformanceQuery = adminListQuery({
  sortKeys: performanceSortKeys,
  sortBy: 'net_units',
  limit: adminPaging.creatorPerformanceLimit,
}).extend({ status: payoutStateFilter.optional() })
export type ParsedAdminCreatorPerformanceQuery = z.output<typeof AdminCreatorPerformanceQuery>

/** One purchase of a creator's, as the creator's subscriber list shows it. */
export const AdminSubscriberRow = z.object({
  purchaseId: z.uuid(),
  buyer: AdminPerson,
  plan: z.string(),
  kind: z.enum(['subscription', 'one_time']),
  status: z.enum(purchaseStatuses),
  since: Timestamp,
  /** When an auto-renewing subscription renews next; null otherwise. */
  renewsAt: Timestamp.nullable(),
  /** When access ends (or ended) when it will not renew; null while it renews. */
  endsAt: Timestamp.nullable(),
  /** Charges less refunds on this purchase, in cents. */
  totalPaidCents: z.number().int(),
})
export type AdminSubscriberRow = z.infer<typeof AdminSubscriberRow>

const purchaseStatusFilter = z.enum(purchaseStatuses, `must be one of ${purchaseStatuses.join(', ')}`)

/** `GET /admin/creators/{id}/subscribers`: newest first; pending and incomplete checkouts only when asked by `status`. */
export const AdminSubscribersQuery = adminListQuery({
  sortKeys: ['since', 'total_paid', 'ends'],
  sortBy: 'since',
}).extend({ status: purchaseStatusFilter.optional() })
export type ParsedAdminSubscribersQuery = z.output<typeof AdminSubscribersQuery>
export const AdminSubscribersPage = adminPage(AdminSubscriberRow).extend({
  creator: z.object({ id: z.uuid(), username: z.string(), name: z.string() }),
})
export type AdminSubscribersPage = z.infer<typeof AdminSubscribersPage>

export const AdminCustomerRow = AdminPerson.extend({
  createdAt: Timestamp,
  /** Charges less refunds over every purchase, in cents. */
  totalSpentCents: z.number().int(),
  activeSubscriptions: z.number().int(),
  lastPurchaseAt: Timestamp.nullable(),
})
export type AdminCustomerRow = z.infer<typeof AdminCustomerRow>

export const customerStatuses = ['subscribed', 'not_subscribed'] as const

/** `GET /admin/customers`: biggest spenders first unless asked; `status` is whether they hold a live purchase. */
export const AdminCustomersQuery = adminListQuery({
  sortKeys: ['total_spent', 'created_at', 'name', 'last_purchase', 'active_subscriptions'],
  sortBy: 'total_spent',
}).extend({ status: z.enum(customerStatuses, `must be one of ${customerStatuses.join(', ')}`).optional() })
export type ParsedAdminCustomersQuery = z.output<typeof AdminCustomersQuery>
export const AdminCustomersPage = adminPage(AdminCustomerRow)
export type AdminCustomersPage = z.infer<typeof AdminCustomersPage>

export const AdminPurchaseRow = z.object({
  id: z.uuid(),
  createdAt: Timestamp,
  status: z.enum(purchaseStatuses),
  kind: z.enum(['subscription', 'one_time']),
  plan: z.string(),
  /** The price of the plan as bought, in cents. */
  amountCents: z.number().int(),
  currency: z.string(),
  customer: AdminPerson,
  creator: z.object({ id: z.uuid(), username: z.string(), name: z.string() }),
  currentPeriodEnd: Timestamp.nullable(),
  autoRenewal: z.boolean(),
})
export type AdminPurchaseRow = z.infer<typeof AdminPurchaseRow>

const nameSearch = text().trim().max(adminPaging.searchMax).optional()

/**
 * `GET /admin/purchases`: newest first unless asked. `searchCustomer` looks in the buyer's name and
 * e-mail, `searchCreator` in the creator's name and username, `search` in all of them and the plan.
 */
export const AdminPurchasesQuery = adminListQuery({ sortKeys: ['created_at', 'amount'], sortBy: 'created_at' }).extend({
  status: purchaseStatusFilter.optional(),
  searchCustomer: nameSearch,
  searchCreator: nameSearch,
})
export type ParsedAdminPurchasesQuery = z.output<typeof AdminPurchasesQuery>
export const AdminPurchasesPage = adminPage(AdminPurchaseRow)
export type AdminPurchasesPage = z.infer<typeof AdminPurchasesPage>

/** A path `{id}` of the admin lists. */
export const AdminIdParams = z.object({ id: z.uuid('must be an id') })
