import type { ServerUser } from '@picks/contracts'
import { normalizeEmail, parseStoredUser, storagePolicy, toRole, type StoredUser } from '@picks/contracts/client'
import { useMemo, useSyncExternalStore } from 'react'
import { localStore } from '../lib/storage.ts'

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

/** The fields of the local `user` record (spec §3) as this app writes them: profile only, never a secret. */
export interface UserRecord {
  id: string
  email: string
  name: string
  role: string
  profile_picture: string | null
  specialty_sport: string | null
  verified: boolean
}

export function recordOf(user: ServerUser): UserRecord {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    profile_picture: user.profile_picture,
    specialty_sport: user.specialty_sport,
    verified: user.verified,
  }
}

function write(record: object): void {
  localStore.setItem(storagePolicy.userKey, JSON.stringify(record))
  notifyStoredUserChanged()
}

/**
 * Stores `record` as the signed-in user, rewriting the local record only when the id or the role
 * changes (spec §4); the other fields follow through `refreshStoredProfile`. True when it wrote.
 */
export function storeUserRecord(record: UserRecord): boolean {
  const current = readStoredUser()
  if (current !== null && current.id === record.id && current.role === toRole(record.role)) return false
  write(record)
  return true
}

/**
 * The debounced profile refresh (spec §4): brings name, picture, sport and the verified flag of the
 * current record up to date, keeping anything else it holds (a stored permission list). A new id or
 * role for the same e-mail is a rewrite instead. Without a record of that e-mail it does nothing:
 * a refresh still in flight must not bring back a record that signing out removed.
 */
export function refreshStoredProfile(record: UserRecord): void {
  const current = readStoredUser()
  if (current === null || normalizeEmail(current.email) !== normalizeEmail(record.email)) return
  if (storeUserRecord(record)) return
  const raw = localStore.getItem(storagePolicy.userKey)
  let stored: Record<string, unknown> = {}
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {}
    if (typeof parsed === 'object' && parsed !== null) stored = parsed as Record<string, unknown>
  } catch {
    // unreadable: rewritten below from the fresh fields
  }
  const fresh = {
    email: record.email,
    name: record.name,
    profile_picture: record.profile_picture,
    specialty_sport: record.specialty_sport,
    verified: record.verified,
  }
  const changed = (Object.keys(fresh) as (keyof typeof fresh)[]).some((key) => stored[key] !== fresh[key])
  if (changed) write({ ...stored, ...fresh })
}
