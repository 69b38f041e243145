import { prefetchPolicy } from '@picks/contracts/client'

interface NetworkInformationLike {
  effectiveType?: string
  saveData?: boolean
}

function currentConnection(): NetworkInformationLike | undefined {
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection
}

/** Prefetching is only worth it on a fast connection (4g or 5g) and never when data saving is on. */
export function isFastConnection(connection: NetworkInformationLike | undefined = currentConnection()): boolean {
  if (!connection?.effectiveType || connection.saveData) return false
  return prefetchPolicy.connectionTypes.includes(connection.effectiveType)
}

/**
 * After prefetchPolicy.delayMs, starts loading the given chunks when the connection is fast.
 * Returns a cancel function (call it when the visitor leaves the page first).
 */
export function schedulePrefetch(
  preloads: readonly (() => void)[],
  getConnection: () => NetworkInformationLike | undefined = currentConnection,
): () => void {
  if (preloads.length === 0) return () => undefined
  const timer = setTimeout(() => {
    if (!isFastConnection(getConnection())) return
    for (const preload of preloads) preload()
  }, prefetchPolicy.delayMs)
  return () => clearTimeout(timer)
}
