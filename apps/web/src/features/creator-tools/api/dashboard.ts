import type {
  MeAnswer,
  CreatePlanBody,
  PickAnswer,
  PicksAnswer,
  PlanAnswer,
  PlansAnswer,
  RegisterCreatorAnswer,
  RegisterCreatorBody,
  ShareLink,
  UpdatePlanBody,
} from '@picks/contracts'
import { cachePolicy, creatorProfileMessages, planMessages } from '@picks/contracts/client'
import { queryOptions } from '@tanstack/react-query'
import { api, ApiError } from '../../../lib/api-client.ts'
import { ownData } from '../../../lib/query-client.ts'

// The creator's own calls: registering, plans and the share link. Apart from api.ts so that the
// profile link page, a visitor's first stop, loads none of this or the rules it uses.

/** The same 4xx will come back on a second try (not the owner, no such creator). */
function retryUnlessClientError(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false
  return failureCount < cachePolicy.maxReadRetries
}

/**
 * The creator's own data (`ownData`, decision 023): read again on every visit, never saved, so a
 * plan added on another device shows at once. Keys sit under the shop's `['creators']` so that one
 * invalidation after a change also refreshes the shop listing and the public purchase page.
 */
export const creatorDashboardQueries = {
  all: () => ['creators'] as const,

  /** Every plan, inactive ones too (owner or admin only). */
  plans: (creatorId: string) =>
    queryOptions({
      queryKey: ['creators', 'plans', creatorId, 'all'] as const,
      queryFn: ({ signal }) =>
        api.get<PlansAnswer>(`/subscription-pricing/${encodeURIComponent(creatorId)}`, {
          query: { all: true },
          signal,
        }),
      select: (answer) => answer.plans,
      retry: retryUnlessClientError,
      ...ownData,
    }),

  shareLink: (creatorId: string) =>
    queryOptions({
      queryKey: ['creators', 'share-link', creatorId] as const,
      queryFn: ({ signal }) => api.get<ShareLink>(`/creators/${encodeURIComponent(creatorId)}/share-link`, { signal }),
      retry: retryUnlessClientError,
      ...ownData,
    }),

  /** The creator's pending picks that wait for a person to grade them (`needsGrading` picks them out). */
  toGrade: (creatorId: string) =>
    queryOptions({
      queryKey: ['picks', 'to-grade', creatorId] as const,
      queryFn: ({ signal }) =>
        api.get<PicksAnswer>(`/picks/user/${encodeURIComponent(creatorId)}`, {
          query: { status: 'pending', limit: 100 },
          signal,
        }),
      ...ownData,
    }),
}

export type Grade = 'won' | 'lost' | 'push' | 'void'

/** `POST /picks/{id}/grade`: a pick graded by its creator, with the player's final figure when there is one. */
export function gradePick(pickId: string, body: { result: Grade; stat_value: number | null }): Promise<PickAnswer> {
  return api.post<PickAnswer>(`/picks/${encodeURIComponent(pickId)}/grade`, body)
}

export function registerCreator(userId: string, body: RegisterCreatorBody): Promise<RegisterCreatorAnswer> {
  return api.post<RegisterCreatorAnswer>(`/users/${encodeURIComponent(userId)}/register-creator`, body)
}

/** The signed-in person as the server has them now (`GET /me`), to catch this device's record up. */
export async function signedInUser(): Promise<MeAnswer['user']> {
  return (await api.get<MeAnswer>('/me')).user
}

export function createPlan(body: CreatePlanBody): Promise<PlanAnswer> {
  return api.post<PlanAnswer>('/subscription-pricing', body)
}

export function updatePlan(planId: string, body: UpdatePlanBody): Promise<PlanAnswer> {
  return api.put<PlanAnswer>(`/subscription-pricing/${encodeURIComponent(planId)}`, body)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/**
 * Spec §8 "Register creator failure": the server's error field, else "Failed to register as
 * creator" (a JSON answer without one, or no answer at all), else "Server error: {status}
 * {statusText}" (an answer that was not JSON).
 */
export function registerCreatorErrorMessage(error: unknown): string {
  const fallback = creatorProfileMessages.registerFailed
  if (!(error instanceof ApiError)) return fallback
  const field = isRecord(error.body) ? error.body.error : undefined
  if (typeof field === 'string' && field) return field
  if (isRecord(field) && typeof field.message === 'string' && field.message) return field.message
  if (isRecord(error.body)) return fallback
  const statusText = error.message === `HTTP ${error.status}` ? '' : error.message
  return creatorProfileMessages.serverError(error.status, statusText).trim()
}

/** Spec §8 "Failed to create pricing: {status} - {text}", the text being the server's message. */
export function createPlanErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return planMessages.createFailed(error.status, error.message)
  // No answer, so no status: the transport's own message (a timeout, a lost connection).
  return `Failed to create pricing: ${error instanceof Error ? error.message : String(error)}`
}

export const updatePlanFailed = planMessages.updateFailed
export const shareLinkFailed = creatorProfileMessages.shareLinkFailed
