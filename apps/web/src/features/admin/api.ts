import type {
  AdminChannelSubscribersPage,
  AdminCreatorsPage,
  AdminCustomersPage,
  AdminDashboard,
  AdminDeliveryDetails,
  AdminDeliveryStatusPage,
  AdminDeliveryVerification,
  AdminEmailLogsPage,
  AdminErrorGroupDetail,
  AdminErrorGroupPage,
  AdminMessageDetail,
  AdminPerformance,
  AdminPurchasesPage,
  AdminSmsLogsPage,
  AdminSubscribersPage,
  AdminSessionAnswer,
  AdminUserAnswer,
  AdminUsersPage,
  AuditLogPage,
  ContentReport,
  DepositsAnswer,
  DepositStats,
  ModerationAnswer,
  ModerationReportsPage,
  RefundAnswer,
  ReportTargetType,
  ServerRole,
  SystemStatus,
} from '@picks/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api-client.ts'
import { adminApi } from './admin-client.ts'

/** Where the signed-in account stands on the admin password (`GET /admin/status`). */
export interface AdminStatus {
  hasPassword: boolean
  verified: boolean
}

export const adminQueries = {
  /** Read fresh on every visit and never kept: it says whether the admin area is open now. */
  status: () =>
    queryOptions({
      queryKey: ['admin', 'status'] as const,
      queryFn: ({ signal }) => api.get<AdminStatus>('/admin/status', { signal }),
      staleTime: 0,
      gcTime: 0,
    }),
}

/** `POST /admin/set-password`: the admin password, chosen the first time. */
export function setAdminPassword(password: string): Promise<unknown> {
  return api.post('/admin/set-password', { password })
}

/** `POST /admin/verify-password`: opens the admin area for this session. */
export function verifyAdminPassword(password: string): Promise<unknown> {
  return api.post('/admin/verify-password', { password })
}

/**
 * How the console reads: never from or into local storage (admin lists hold other people's data),
 * read again on every visit, and no retries of the query's own (the admin client retries as spec
 * §7 says; a second layer would multiply them).
 */
export const adminRead = {
  staleTime: 0,
  refetchOnMount: 'always',
  retry: false,
  meta: { persist: false },
} as const

export const consoleQueries = {
  /** `GET /admin/dashboard`: the overview's figures, 30 days of revenue and what needs attention. */
  dashboard: () =>
    queryOptions({
      queryKey: ['admin', 'dashboard'] as const,
      queryFn: ({ signal }) => adminApi.get<AdminDashboard>('/admin/dashboard', undefined, signal),
      ...adminRead,
    }),
  /** `GET /admin/system-status`: the database, the job queues, the outboxes and the live providers. */
  systemStatus: () =>
    queryOptions({
      queryKey: ['admin', 'system-status'] as const,
      queryFn: ({ signal }) => adminApi.get<SystemStatus>('/admin/system-status', undefined, signal),
      ...adminRead,
    }),
  /** `GET /admin/audit-log`: every admin and moderator action, newest first. */
  auditLog: (query: { page: number; action: string; search: string }) =>
    queryOptions({
      queryKey: ['admin', 'audit-log', query] as const,
      queryFn: ({ signal }) => adminApi.get<AuditLogPage>('/admin/audit-log', query, signal),
      ...adminRead,
    }),
  /** `GET /deposits`: incoming payments, newest first. */
  deposits: (query: { page: number; status: string }) =>
    queryOptions({
      queryKey: ['admin', 'deposits', query] as const,
      queryFn: ({ signal }) => adminApi.get<DepositsAnswer>('/deposits', query, signal),
      ...adminRead,
    }),
  /** `GET /deposits/stats`: the totals of every incoming payment. */
  depositStats: () =>
    queryOptions({
      queryKey: ['admin', 'deposits', 'stats'] as const,
      queryFn: ({ signal }) => adminApi.get<DepositStats>('/deposits/stats', undefined, signal),
      ...adminRead,
    }),
  /** `GET /users`: people, newest first; e-mails and phones masked unless `includePersonal` (audited). */
  users: (query: { page: number; search: string; role: string; status: string; includePersonal: boolean }) =>
    queryOptions({
      queryKey: ['admin', 'users', query] as const,
      queryFn: ({ signal }) => adminApi.get<AdminUsersPage>('/users', query, signal),
      ...adminRead,
    }),
  /** `GET /moderation/reports`: the moderation queue (open reports unless another status is asked). */
  moderationReports: (query: { page: number; status: string; targetType: string; search: string }) =>
    queryOptions({
      queryKey: ['admin', 'moderation-reports', query] as const,
      queryFn: ({ signal }) => adminApi.get<ModerationReportsPage>('/moderation/reports', query, signal),
      ...adminRead,
    }),
  /** `GET /admin/session`: whether this session holds admin powers (entered the admin password). */
  session: () =>
    queryOptions({
      queryKey: ['admin', 'session'] as const,
      queryFn: ({ signal }) => adminApi.get<AdminSessionAnswer>('/admin/session', undefined, signal),
      ...adminRead,
    }),
}

/** What a message log or the subscribers list is read for: e-mail or text messages. */
export type MessageChannel = 'email' | 'sms'

/** The delivery checks and message logs (spec §7 "SMS and e-mail"): fan-outs, checks, logs, subscribers. */
export const deliveryQueries = {
  /** `GET /admin/delivery/status`: the newest pick fan-outs with their deliveries by channel and status. */
  fanouts: (query: { page: number; limit: number }) =>
    queryOptions({
      queryKey: ['admin', 'delivery-status', query] as const,
      queryFn: ({ signal }) => adminApi.get<AdminDeliveryStatusPage>('/admin/delivery/status', query, signal),
      ...adminRead,
    }),
  /** `GET /admin/delivery/verify/{id}`: whether a pick (or a purchase) reached everyone once per channel. */
  verify: (id: string, includePersonal: boolean) =>
    queryOptions({
      queryKey: ['admin', 'delivery-verify', id, includePersonal] as const,
      queryFn: ({ signal }) =>
        adminApi.get<AdminDeliveryVerification>(`/admin/delivery/verify/${id}`, { includePersonal }, signal),
      ...adminRead,
    }),
  /** `GET /admin/email-logs` or `/admin/sms-logs`: alert deliveries and the outbox side by side, newest first. */
  messageLogs: (channel: MessageChannel, { type, ...query }: MessageLogQuery) =>
    queryOptions({
      queryKey: ['admin', `${channel}-logs`, type, query] as const,
      queryFn: ({ signal }): Promise<AdminEmailLogsPage | AdminSmsLogsPage> =>
        channel === 'email'
          ? adminApi.get<AdminEmailLogsPage>('/admin/email-logs', { ...query, emailType: type }, signal)
          : adminApi.get<AdminSmsLogsPage>('/admin/sms-logs', { ...query, smsType: type }, signal),
      ...adminRead,
    }),
  /** `GET /admin/email-logs/{id}` or `/admin/sms-logs/{id}`: the message as sent and its statuses. */
  message: (channel: MessageChannel, id: string, includePersonal: boolean) =>
    queryOptions({
      queryKey: ['admin', `${channel}-log`, id, includePersonal] as const,
      queryFn: ({ signal }) =>
        adminApi.get<AdminMessageDetail>(`/admin/${channel}-logs/${id}`, { includePersonal }, signal),
      ...adminRead,
    }),
  /** `GET /admin/email-subscribers` or `/admin/sms-subscribers`: who may get alerts by that channel. */
  subscribers: (
    channel: MessageChannel,
    query: { page: number; status: string; search: string; searchCreator: string; includePersonal: boolean },
  ) =>
    queryOptions({
      queryKey: ['admin', `${channel}-subscribers`, query] as const,
      queryFn: ({ signal }) =>
        adminApi.get<AdminChannelSubscribersPage>(`/admin/${channel}-subscribers`, query, signal),
      ...adminRead,
    }),
}

/** A list query as the sales sections send it: the page, the sort, the filters and `includePersonal`. */
type SalesQuery = Record<string, string | number | boolean>

/** The sales sections' reads (spec §7 "Admin"): creators, customers, purchases and their details. */
export const salesQueries = {
  /** `GET /admin/creators`: creators with sales, fees, subscribers, record and payout account. */
  creators: (query: SalesQuery) =>
    queryOptions({
      queryKey: ['admin', 'creators', query] as const,
      queryFn: ({ signal }) => adminApi.get<AdminCreatorsPage>('/admin/creators', query, signal),
      ...adminRead,
    }),
  /** `GET /admin/creators/performance`: the top creators by net units. */
  creatorPerformance: () =>
    queryOptions({
      queryKey: ['admin', 'creators', 'performance'] as const,
      queryFn: ({ signal }) => adminApi.get<AdminCreatorsPage>('/admin/creators/performance', { limit: 20 }, signal),
      ...adminRead,
    }),
  /** `GET /admin/creators/{id}/subscribers`: one creator's buyers, newest first. */
  creatorSubscribers: (id: string, query: { page: number; includePersonal: boolean }) =>
    queryOptions({
      queryKey: ['admin', 'creators', id, 'subscribers', query] as const,
      queryFn: ({ signal }) => adminApi.get<AdminSubscribersPage>(`/admin/creators/${id}/subscribers`, query, signal),
      ...adminRead,
    }),
  /** `GET /admin/customers`: buyers, biggest spenders first unless asked. */
  customers: (query: SalesQuery) =>
    queryOptions({
      queryKey: ['admin', 'customers', query] as const,
      queryFn: ({ signal }) => adminApi.get<AdminCustomersPage>('/admin/customers', query, signal),
      ...adminRead,
    }),
  /** `GET /admin/purchases`: every purchase, newest first unless asked. */
  purchases: (query: SalesQuery) =>
    queryOptions({
      queryKey: ['admin', 'purchases', query] as const,
      queryFn: ({ signal }) => adminApi.get<AdminPurchasesPage>('/admin/purchases', query, signal),
      ...adminRead,
    }),
  /** `GET /admin/purchases/{id}/delivery-details`: the picks a purchase gave access to and their deliveries. */
  deliveryDetails: (id: string, includePersonal: boolean) =>
    queryOptions({
      queryKey: ['admin', 'purchases', id, 'delivery-details', includePersonal] as const,
      queryFn: ({ signal }) =>
        adminApi.get<AdminDeliveryDetails>(`/admin/purchases/${id}/delivery-details`, { includePersonal }, signal),
      ...adminRead,
    }),
}

/** The error list's page, search, filters and order, as the Errors section sends them ('' for unset). */
export interface ErrorGroupQuery {
  page: number
  search: string
  route: string
  environment: string
  sortBy: string
  sortOrder: string
}

/**
 * What the browsers report (issue 18, decision 041): error groups with their stack mapped back to
 * the source, and how fast pages are per route. None of it is personal data shown in full: an
 * occurrence says whether it came from a signed-in session, never whose.
 */
export const reportQueries = {
  /** `GET /admin/errors`: error groups, the most recently seen first unless asked. */
  errorGroups: (query: ErrorGroupQuery) =>
    queryOptions({
      queryKey: ['admin', 'errors', query] as const,
      queryFn: ({ signal }) => adminApi.get<AdminErrorGroupPage>('/admin/errors', { ...query }, signal),
      ...adminRead,
    }),
  /** `GET /admin/errors/{fingerprint}`: one group, its latest stack symbolicated and its recent reports. */
  errorGroup: (fingerprint: string) =>
    queryOptions({
      queryKey: ['admin', 'errors', fingerprint] as const,
      queryFn: ({ signal }) => adminApi.get<AdminErrorGroupDetail>(`/admin/errors/${fingerprint}`, undefined, signal),
      ...adminRead,
    }),
  /** `GET /admin/performance`: per route and metric, the p75 over the last 24 hours and 7 days. */
  performance: () =>
    queryOptions({
      queryKey: ['admin', 'performance'] as const,
      queryFn: ({ signal }) => adminApi.get<AdminPerformance>('/admin/performance', undefined, signal),
      ...adminRead,
    }),
}

/** The filters both message logs take; `type` is sent as `emailType` or `smsType`. */
export interface MessageLogQuery {
  page: number
  type: string
  status: string
  search: string
  sortOrder: string
  includePersonal: boolean
}

/**
 * `POST /admin/purchases/{id}/refund`: the purchase's latest charge back, in full (no amount) or in
 * part, with a reason. `idempotencyKey` is one per refund meant: sent again, it refunds nothing more.
 */
export function refundPurchase(
  id: string,
  body: { amountCents?: number; reason: string },
  idempotencyKey: string,
): Promise<RefundAnswer> {
  return adminApi.post<RefundAnswer>(`/admin/purchases/${id}/refund`, body, { 'Idempotency-Key': idempotencyKey })
}

/** The query keys a change reads again: every page and filter of the list. */
export const consoleKeys = {
  users: ['admin', 'users'] as const,
  moderationReports: ['admin', 'moderation-reports'] as const,
  purchases: ['admin', 'purchases'] as const,
}

/** `PUT /admin/users/{id}/role`: a new role, with the reason the audit log keeps. */
export function changeUserRole(id: string, role: ServerRole, reason: string): Promise<AdminUserAnswer> {
  return adminApi.put<AdminUserAnswer>(`/admin/users/${id}/role`, { role, reason })
}

/** `POST /admin/users/{id}/suspend` or `/restore`, with the reason the audit log keeps. */
export function setUserSuspended(id: string, suspend: boolean, reason: string): Promise<AdminUserAnswer> {
  return adminApi.post<AdminUserAnswer>(`/admin/users/${id}/${suspend ? 'suspend' : 'restore'}`, { reason })
}

const moderationPaths: Record<ReportTargetType, string> = { pick: 'picks', creator: 'creators' }

/** `POST /moderation/{picks|creators}/{id}/hide` or `/restore`, with the moderator's note. */
export function setTargetHidden(
  target: { type: ReportTargetType; id: string },
  hide: boolean,
  note: string,
): Promise<ModerationAnswer> {
  const action = hide ? 'hide' : 'restore'
  return adminApi.post<ModerationAnswer>(`/moderation/${moderationPaths[target.type]}/${target.id}/${action}`, { note })
}

/** `POST /moderation/reports/{id}/dismiss`: the report is closed, the content stays as it is. */
export function dismissReport(id: string, note: string): Promise<{ report: ContentReport }> {
  return adminApi.post<{ report: ContentReport }>(`/moderation/reports/${id}/dismiss`, { note })
}
