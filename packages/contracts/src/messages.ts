/** Transport messages of spec §8. */
export const transportMessages = {
  timeout: (ms: number) => `Request timeout after ${ms}ms`,
  failedAfterRetries: 'Request failed after retries',
} as const
