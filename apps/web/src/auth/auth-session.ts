import { authMessages } from '@picks/contracts/client'
import { auth, type SessionUser } from './auth.ts'
import { clearLocalSession, recordOf, refreshStoredProfile, storeUserRecord, type UserRecord } from './stored-user.ts'

/**
 * What happens on this device around a session (spec §4): the first sign-in that finds or creates
 * the server user and keeps the local record, the profile refresh, and sign-out.
 */

/** The server user's `auth_id` names another identity than the session's: never show that account. */
export class AccountMismatchError extends Error {
  constructor() {
    super(authMessages.invalidGrant)
    this.name = 'AccountMismatchError'
  }
}

/** Signs out on the server when it can; the local record and session keys go either way. */
export async function signOut(): Promise<void> {
  try {
    await auth.signOut()
  } catch {
    // a failed server call still signs this device out (spec §4)
  } finally {
    clearLocalSession()
  }
}

function fallbackRecord(user: SessionUser): UserRecord {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: 'customer',
    profile_picture: null,
    specialty_sport: null,
    verified: user.emailVerified,
  }
}

/**
 * The server user of a session user: looked up by e-mail, else created through the OAuth sync,
 * else null. Throws AccountMismatchError (after signing out) when it belongs to another identity.
 */
async function serverUserOf(user: SessionUser, provider: string) {
  const found = (await auth.findUserByEmail(user.email)) ?? (await auth.syncUser(user, provider))
  if (found && found.auth_id !== null && found.auth_id !== user.id) {
    await signOut()
    throw new AccountMismatchError()
  }
  return found
}

/** First sign-ins under way, by session user id: the auth page and the page load's check may both start one. */
const signingIn = new Map<string, Promise<UserRecord>>()

/**
 * First sign-in (spec §4), after the server set the session cookie: keeps the local `user` record
 * from the server user, or from a local fallback with role customer when there is none. A second
 * call for the same session user while one runs shares it, so the server user is created once.
 */
export function completeSignIn(user: SessionUser, provider = 'email'): Promise<UserRecord> {
  const running = signingIn.get(user.id)
  if (running) return running
  const run = (async () => {
    const serverUser = await serverUserOf(user, provider)
    const record = serverUser ? recordOf(serverUser) : fallbackRecord(user)
    // Same account as the record already kept: only the shown fields may have changed.
    if (!storeUserRecord(record)) refreshStoredProfile(record)
    return record
  })().finally(() => signingIn.delete(user.id))
  signingIn.set(user.id, run)
  return run
}

/** Brings the local record up to date with the server user of `user` (debounced by the caller). */
export async function refreshProfile(user: SessionUser): Promise<void> {
  const serverUser = await serverUserOf(user, 'email')
  if (serverUser) refreshStoredProfile(recordOf(serverUser))
}
