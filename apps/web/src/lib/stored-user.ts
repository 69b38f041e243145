import { parseStoredUser, storagePolicy, type StoredUser } from '@picks/contracts/client'
import { useMemo, useSyncExternalStore } from 'react'
import { localStore } from './storage.ts'

/** Fired on this tab when it changes the user record itself (the `storage` event only reaches other tabs). */
const userChangedEvent = 'picks:user-changed'

export function readStoredUser(): StoredUser | null {
  return parseStoredUser(localStore.getItem(storagePolicy.userKey))
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storagePolicy.userKey) onChange()
  }
  window.addEventListener('storage', onStorage)
  window.addEventListener(userChangedEvent, onChange)
  return () => {
    window.removeEventListener('storage', onStorage)
    window.removeEventListener(userChangedEvent, onChange)
  }
}

function rawUser(): string | null {
  return localStore.getItem(storagePolicy.userKey)
}

/** The signed-in user from the local `user` record, kept current across tabs. Null when signed out. */
export function useStoredUser(): StoredUser | null {
  const raw = useSyncExternalStore(subscribe, rawUser, () => null)
  return useMemo(() => parseStoredUser(raw), [raw])
}

export function notifyStoredUserChanged(): void {
  window.dispatchEvent(new Event(userChangedEvent))
}

/** Local part of signing out: the user record and the auth session keys (`sb-*`). */
export function clearLocalSession(): void {
  localStore.removeWhere((key) => key === storagePolicy.userKey || key.startsWith(storagePolicy.preservedPrefix))
  notifyStoredUserChanged()
}
