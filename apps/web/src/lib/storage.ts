import { storagePolicy } from '@picks/contracts/client'

/** The subset of the Web Storage API the app uses; also what the query-cache persister expects. */
export interface KeyValueStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export function isQuotaExceededError(error: unknown): boolean {
  if (!(error instanceof DOMException) && !(error instanceof Error)) return false
  const code = error instanceof DOMException ? error.code : undefined
  return (
    error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014
  )
}

function isPreserved(key: string): boolean {
  return key === storagePolicy.userKey || key.startsWith(storagePolicy.preservedPrefix)
}

export interface SafeStorage extends KeyValueStorage {
  /** Writes, and when storage is full purges everything but `sb-*` and `user` and tries once more. */
  write(key: string, value: string): boolean
  /** Removes every key for which `shouldRemove` is true. */
  removeWhere(shouldRemove: (key: string) => boolean): void
}

/**
 * Wraps a Web Storage so reads and writes never throw: storage can be missing (privacy modes,
 * some WebViews) or full. `getBacking` is called lazily because touching localStorage can throw.
 */
export function createSafeStorage(getBacking: () => Storage | null | undefined): SafeStorage {
  function backing(): Storage | null {
    try {
      return getBacking() ?? null
    } catch {
      return null
    }
  }

  function keys(store: Storage): string[] {
    const result: string[] = []
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i)
      if (key !== null) result.push(key)
    }
    return result
  }

  function removeWhere(shouldRemove: (key: string) => boolean): void {
    const store = backing()
    if (!store) return
    for (const key of keys(store)) {
      if (!shouldRemove(key)) continue
      try {
        store.removeItem(key)
      } catch {
        // a key that cannot be removed is left alone
      }
    }
  }

  function write(key: string, value: string): boolean {
    const store = backing()
    if (!store) return false
    try {
      store.setItem(key, value)
      return true
    } catch (error) {
      if (!isQuotaExceededError(error)) return false
    }
    removeWhere((candidate) => !isPreserved(candidate))
    try {
      store.setItem(key, value)
      return true
    } catch {
      return false
    }
  }

  return {
    getItem(key) {
      try {
        return backing()?.getItem(key) ?? null
      } catch {
        return null
      }
    },
    setItem(key, value) {
      write(key, value)
    },
    removeItem(key) {
      try {
        backing()?.removeItem(key)
      } catch {
        // nothing to do: storage is unavailable
      }
    },
    write,
    removeWhere,
  }
}

export const localStore: SafeStorage = createSafeStorage(() => window.localStorage)
