import { z } from 'zod'
import { defaultPermissions, toRole, type Role, type RoleSubject } from './roles.ts'

/** The browser's local `user` record (spec §3): profile fields only, never a secret. */
export const StoredUserRecord = z.object({
  id: z.string().min(1),
  email: z.string(),
  name: z.string().nullish(),
  role: z.string().nullish(),
  profile_picture: z.string().nullish(),
  specialty_sport: z.string().nullish(),
  permissions: z.array(z.string()).nullish(),
  verified: z.boolean().nullish(),
})
export type StoredUserRecord = z.infer<typeof StoredUserRecord>

export interface StoredUser extends RoleSubject {
  id: string
  email: string
  name: string
  role: Role
  profile_picture: string | null
  specialty_sport: string | null
  verified: boolean
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
  const parsed = StoredUserRecord.safeParse(json)
  if (!parsed.success) return null
  const record = parsed.data
  const role = toRole(record.role)
  return {
    id: record.id,
    email: record.email,
    name: record.name ?? '',
    role,
    profile_picture: record.profile_picture ?? null,
    specialty_sport: record.specialty_sport ?? null,
    permissions: record.permissions ?? [...defaultPermissions[role]],
    verified: record.verified ?? false,
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
