/** Business constants of spec §9, in one place for the client and the server. */
export const callPolicy = {
  timeoutMs: 10_000,
  extraAttempts: 2,
  /** Backoff before extra attempt n (0-based): min(1000 * 2^n, 3000) ms. */
  backoffMs: (n: number) => Math.min(1000 * 2 ** n, 3000),
} as const

export const cachePolicy = {
  staleTimeMs: 10 * 60 * 1000,
  gcTimeMs: 24 * 60 * 60 * 1000,
  maxReadRetries: 3,
  /** Retry delay for failed reads: doubling from 1 s, capped at 30 s. */
  readRetryDelayMs: (failureCount: number) => Math.min(1000 * 2 ** failureCount, 30_000),
  persistThrottleMs: 1000,
  persistMaxAgeMs: 24 * 60 * 60 * 1000,
  storageKey: 'picks-marketplace-query-cache',
} as const

export const chunkPolicy = {
  maxRetries: 3,
  firstDelayMs: 1000,
  scriptLoadTimeoutMs: 120_000,
  reloadAfterUnhandledMs: 1000,
} as const

export const prefetchPolicy = {
  delayMs: 1000,
  connectionTypes: ['4g', '5g'] as readonly string[],
} as const

export const storagePolicy = {
  /** Keys kept when local storage is full and everything else is purged. */
  preservedPrefix: 'sb-',
  userKey: 'user',
} as const

export const sidebarWidths = { wide: 64, narrow: 16 } as const
