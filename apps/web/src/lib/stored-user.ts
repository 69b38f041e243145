import type { ServerUser } from '@picks/contracts'
import { parseStoredUser, storagePolicy, toRole, type StoredUser } from '@picks/contracts/client'
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

/**
 * Writes the local `user` record (spec §3) from the server user: profile fields only, never a
 * secret. The record is rewritten only when the id or role changes or a shown field differs.
 */
export function storeServerUser(user: ServerUser): void {
  const current = readStoredUser()
  const record = {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    profile_picture: user.profile_picture,
    specialty_sport: user.specialty_sport,
    verified: user.verified,
  }
  const unchanged =
    current !== null &&
    current.id === record.id &&
    current.role === toRole(record.role) &&
    current.name === record.name &&
    current.profile_picture === record.profile_picture &&
    current.specialty_sport === record.specialty_sport &&
    current.verified === record.verified
  if (unchanged) return
  localStore.setItem(storagePolicy.userKey, JSON.stringify(record))
  notifyStoredUserChanged()
}
