import type {
  AdminDashboard,
  AdminSessionAnswer,
  AuditLogPage,
  DepositsAnswer,
  DepositStats,
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
  /** `GET /admin/session`: whether this session holds admin powers (entered the admin password). */
  session: () =>
    queryOptions({
      queryKey: ['admin', 'session'] as const,
      queryFn: ({ signal }) => adminApi.get<AdminSessionAnswer>('/admin/session', undefined, signal),
      ...adminRead,
    }),
}
