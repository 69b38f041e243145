import type { ClientCreated, ClientRecord, ClientsPage } from '@picks/contracts'
import { clientLimits, type NewClientValues, newClientBody } from '@picks/contracts/client'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api-client.ts'
import { ownData } from '../../lib/query-client.ts'

/**
 * The creator's client list (`GET, POST /clients`, decision 009), read by the Clients page and by
 * the create-pick form's Client select. Own data (decision 023): never saved, read on every visit.
 * Keys sit under `['clients', creatorId]`, so adding a client refreshes both at once.
 */
export const clientKeys = {
  all: (creatorId: string) => ['clients', creatorId] as const,
}

/** The next page's offset, or undefined when this page reached the end. */
function nextOffset(offset: number, received: number, total: number): number | undefined {
  const next = offset + received
  return received > 0 && next < total ? next : undefined
}

export const clientQueries = {
  /** The Clients page: newest first, 20 at a time. */
  list: (creatorId: string) =>
    infiniteQueryOptions({
      queryKey: [...clientKeys.all(creatorId), 'list'] as const,
      queryFn: ({ pageParam, signal }) =>
        api
          .get<ClientsPage>('/clients', { query: { limit: clientLimits.pageDefault, offset: pageParam }, signal })
          .then((page) => ({ ...page, offset: pageParam })),
      initialPageParam: 0,
      getNextPageParam: (last: ClientsPage & { offset: number }) =>
        nextOffset(last.offset, last.clients.length, last.total),
      ...ownData,
    }),

  /** The pick form's choices: the newest clients, as many as one page holds (100). */
  choices: (creatorId: string) =>
    queryOptions({
      queryKey: [...clientKeys.all(creatorId), 'choices'] as const,
      queryFn: ({ signal }) => api.get<ClientsPage>('/clients', { query: { limit: clientLimits.pageMax }, signal }),
      ...ownData,
    }),
}

/** `POST /clients`: adds a person to the caller's list (tidied as the server would). */
export function addClient(values: NewClientValues): Promise<ClientRecord> {
  return api.post<ClientCreated>('/clients', newClientBody(values)).then((answer) => answer.client)
}
