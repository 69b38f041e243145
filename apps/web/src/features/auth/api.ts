import { queryOptions } from '@tanstack/react-query'
import { auth } from '../../auth/auth.ts'

/** The auth page's reads: which sign-in methods the server offers (`GET /config`). Public, cached per spec §9. */
export const authQueries = {
  config: () =>
    queryOptions({
      queryKey: ['config'] as const,
      queryFn: ({ signal }) => auth.config(signal),
    }),
}
