import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api-client.ts'

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
