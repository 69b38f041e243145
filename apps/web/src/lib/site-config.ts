import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from './api-client.ts'

/** What this server offers the client (`GET /config`), as far as the web app reads it. */
export interface SiteConfig {
  auth: { google: boolean; emailDelivery: 'smtp' | 'outbox' }
  /** The configured `SUPPORT_EMAIL`; null when the server does not say. */
  support: { email: string | null }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

const emailShape = /^[^\s@]+@[^\s@]+$/

/** Reads the answer field by field: anything unreadable means no Google and no support address. */
export function readSiteConfig(answer: unknown): SiteConfig {
  const auth = isRecord(answer) && isRecord(answer.auth) ? answer.auth : {}
  const support = isRecord(answer) && isRecord(answer.support) ? answer.support : {}
  return {
    auth: { google: auth.google === true, emailDelivery: auth.emailDelivery === 'smtp' ? 'smtp' : 'outbox' },
    support: { email: typeof support.email === 'string' && emailShape.test(support.email) ? support.email : null },
  }
}

/** The one query of `GET /config`: the sign-in page reads Google's switch, Support and the legal pages the address. */
export const siteConfigQuery = () =>
  queryOptions({
    // Not ['config']: a cache persisted before the support address was read holds the older shape.
    queryKey: ['site-config'] as const,
    queryFn: async ({ signal }) => readSiteConfig(await api.get<unknown>('/config', { signal })),
  })

/** The support address, or null until the server has said it (the page then names the team instead). */
export function useSupportEmail(): string | null {
  return useQuery(siteConfigQuery()).data?.support.email ?? null
}
