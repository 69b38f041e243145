import { defaultPermissions, toRole, type Role, type RoleSubject } from './roles.ts'

/**
 * The browser's local `user` record (spec §3): profile fields only, never a secret. Checked by
 * hand rather than with zod so that the browser bundle does not carry a schema library for it.
 */
export interface StoredUser extends RoleSubject {
  id: string
  email: string
  name: string
  role: Role
  profile_picture: string | null
  specialty_sport: string | null
  verified: boolean
}

/** The record as it may be stored: everything but `id` and `email` is optional. */
interface StoredUserRecord {
  id: string
  email: string
  name?: string | null
  role?: string | null
  profile_picture?: string | null
  specialty_sport?: string | null
  permissions?: string[] | null
  verified?: boolean | null
}

const isString = (v: unknown): v is string => typeof v === 'string'
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean'
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString)
const absentOr = (v: unknown, check: (v: unknown) => boolean) => v === undefined || v === null || check(v)

function isStoredUserRecord(json: unknown): json is StoredUserRecord {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false
  const r = json as Record<string, unknown>
  return (
    isString(r.id) &&
    r.id.length > 0 &&
    isString(r.email) &&
    absentOr(r.name, isString) &&
    absentOr(r.role, isString) &&
    absentOr(r.profile_picture, isString) &&
    absentOr(r.specialty_sport, isString) &&
    absentOr(r.permissions, isStringArray) &&
    absentOr(r.verified, isBoolean)
  )
}

/** Parses the raw local-storage value; malformed data counts as no user (spec §6). */
export function parseStoredUser(raw: string | null): StoredUser | null {
  if (!raw) return null
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return null
  }
  if (!isStoredUserRecord(json)) return null
  const role = toRole(json.role)
  return {
    id: json.id,
    email: json.email,
    name: json.name ?? '',
    role,
    profile_picture: json.profile_picture ?? null,
    specialty_sport: json.specialty_sport ?? null,
    permissions: json.permissions ?? [...defaultPermissions[role]],
    verified: json.verified ?? false,
  }
}

/** Initials for an avatar placeholder: first letters of the first two words. */
export function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
  return letters.join('') || '?'
}
