import autocannon from 'autocannon'
import { toLoadResult, type LoadOptions, type LoadResult } from './load.ts'

/** What the mixed public workload reads about: one creator of the seeded shop. */
export interface MixedTargets {
  creatorId: string
  username: string
}

/**
 * The mixed public workload of issue 19: what visitors who browse the shop and the feeds ask for,
 * every connection cycling through these reads in order. The same paths are sent to the bare
 * `node:http` baseline with the exact bytes the API answered.
 */
export function mixedPaths({ creatorId, username }: MixedTargets): { label: string; path: string }[] {
  return [
    { label: 'shop, by name', path: '/api/creators/paginated' },
    { label: 'shop, by lowest price', path: '/api/creators/paginated?sortBy=price-low' },
    { label: 'picks feed, all', path: '/api/picks' },
    { label: 'picks feed, NBA', path: '/api/picks?sport=nba' },
    { label: 'creator profile', path: `/api/creators/${creatorId}` },
    { label: 'username lookup', path: `/api/creator/${encodeURIComponent(username)}` },
    { label: "creator's picks", path: `/api/picks/user/${creatorId}` },
    { label: "creator's record", path: `/api/creators/${creatorId}/record` },
  ]
}

/**
 * Like `measure`, with every connection cycling through `paths` on `origin` (warm-up thrown away).
 * Bounded by the two durations plus the request timeout.
 */
export async function measureMixed(
  origin: string,
  paths: string[],
  options: LoadOptions & { headers?: Record<string, string> },
): Promise<LoadResult> {
  const once = (durationSec: number) =>
    autocannon({
      url: origin,
      connections: options.connections,
      pipelining: 1,
      duration: durationSec,
      timeout: 10,
      ...(options.headers ? { headers: options.headers } : {}),
      requests: paths.map((path) => ({ method: 'GET' as const, path })),
    })
  if (options.warmupSec > 0) await once(options.warmupSec)
  return toLoadResult(`${origin} (${paths.length} paths, cycled)`, await once(options.durationSec))
}
