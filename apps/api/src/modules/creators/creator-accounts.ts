import {
  creatorProfileMessages,
  type CreatorProfile,
  type ParsedCreatorProfileUpdateBody,
  type ParsedRegisterCreatorBody,
  type ServerUser,
} from '@picks/contracts'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { findUserById, promoteToCreator, updateProfile } from '../users/users.service.ts'
import { creatorPreviousUsernames } from './creator-links.table.ts'
import { getCreatorProfile, holdStart } from './creators.service.ts'
import { creatorProfiles } from './creators.table.ts'

/**
 * Becoming a creator and changing a creator's profile. Apart from creators.service.ts because it
 * reaches the users module, whose service reads creator fields from creators.service.ts.
 */

type Deps = { db: Db }

/**
 * Serializes every write that gives out or gives up these usernames (and anything else keyed the
 * same way) until the transaction ends, so that two requests cannot both find a name free.
 */
async function lockKeys(db: Db, keys: string[]): Promise<void> {
  // Always in the same order, so that two transactions never wait on each other in a circle.
  for (const key of [...new Set(keys)].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
  }
}

const usernameKey = (username: string) => `creator-username:${username.toLowerCase()}`
const creatorKey = (userId: string) => `creator-profile:${userId}`

function usernameTaken(): AppError {
  return new AppError('CONFLICT', creatorProfileMessages.usernameTaken, {
    details: [{ field: 'body.username', message: creatorProfileMessages.usernameTaken }],
    reason: 'USERNAME_TAKEN',
  })
}

/**
 * Makes `username` available to `claimant` (null for someone not yet a creator) or throws 409
 * USERNAME_TAKEN: it is free, or the claimant's own, or held for another creator for less than
 * 30 days. A hold of the claimant's own or an expired one is removed. Call under `lockKeys`.
 */
async function claimUsername(db: Db, username: string, claimant: string | null, now: Date): Promise<void> {
  const lower = username.toLowerCase()
  const [current] = await db
    .select({ id: creatorProfiles.userId })
    .from(creatorProfiles)
    .where(sql`lower(${creatorProfiles.username}) = ${lower}`)
  if (current && current.id !== claimant) throw usernameTaken()
  const [held] = await db
    .select({
      id: creatorPreviousUsernames.id,
      creatorId: creatorPreviousUsernames.creatorId,
      releasedAt: creatorPreviousUsernames.releasedAt,
    })
    .from(creatorPreviousUsernames)
    .where(sql`lower(${creatorPreviousUsernames.username}) = ${lower}`)
  if (!held) return
  if (held.creatorId !== claimant && held.releasedAt > holdStart(now)) throw usernameTaken()
  await db.delete(creatorPreviousUsernames).where(eq(creatorPreviousUsernames.id, held.id))
}

/**
 * register-creator: the creator profile and the role change in one transaction. The account's
 * picture (when none is given) and name carry over; the given picture and specialty become the
 * account's too. 409 ALREADY_CREATOR for a creator, 409 USERNAME_TAKEN for a taken username.
 */
export async function registerCreator(
  deps: Deps,
  userId: string,
  body: ParsedRegisterCreatorBody,
  now: Date,
): Promise<{ user: ServerUser; creator: CreatorProfile }> {
  await deps.db.transaction(async (tx) => {
    await lockKeys(tx, [creatorKey(userId), usernameKey(body.username)])
    const user = await findUserById({ db: tx }, userId)
    if (!user) throw new AppError('NOT_FOUND', 'User not found')
    const [existing] = await tx
      .select({ id: creatorProfiles.userId })
      .from(creatorProfiles)
      .where(eq(creatorProfiles.userId, userId))
    if (existing) throw new AppError('CONFLICT', creatorProfileMessages.alreadyCreator, { reason: 'ALREADY_CREATOR' })
    await claimUsername(tx, body.username, null, now)
    const picture = body.profilePicture ?? user.profile_picture
    await tx.insert(creatorProfiles).values({
      userId,
      username: body.username,
      displayName: user.name,
      bio: body.bio,
      profilePicture: picture,
      specialtySport: body.specialtySport,
      otherSports: body.otherSports,
      sports: [body.specialtySport, ...body.otherSports],
      socialLinks: body.socialLinks,
      country: body.country ?? null,
    })
    await promoteToCreator({ db: tx }, userId)
    await updateProfile({ db: tx }, userId, { profile_picture: picture, specialty_sport: body.specialtySport })
  })
  const user = await findUserById(deps, userId)
  if (!user) throw new AppError('NOT_FOUND', 'User not found')
  return { user, creator: await getCreatorProfile(deps, userId) }
}

/**
 * Changes a creator's profile. A new username follows the registration rules; the old one keeps
 * leading here for 30 days and nobody else can take it meanwhile. The picture and specialty are
 * the account's too.
 */
export async function updateCreatorProfile(
  deps: Deps,
  creatorId: string,
  changes: ParsedCreatorProfileUpdateBody,
  now: Date,
): Promise<CreatorProfile> {
  await deps.db.transaction(async (tx) => {
    await lockKeys(tx, [creatorKey(creatorId)])
    const [profile] = await tx
      .select({
        username: creatorProfiles.username,
        specialtySport: creatorProfiles.specialtySport,
        otherSports: creatorProfiles.otherSports,
      })
      .from(creatorProfiles)
      .where(eq(creatorProfiles.userId, creatorId))
    if (!profile) throw new AppError('NOT_FOUND', 'Creator not found')

    const renamed = changes.username !== undefined && changes.username !== profile.username
    if (renamed && changes.username !== undefined) {
      const next = changes.username
      await lockKeys(tx, [usernameKey(profile.username), usernameKey(next)])
      await claimUsername(tx, next, creatorId, now)
      // Only a real change of name is held: a change of case still answers to the old spelling.
      if (next.toLowerCase() !== profile.username.toLowerCase()) {
        await tx
          .delete(creatorPreviousUsernames)
          .where(sql`lower(${creatorPreviousUsernames.username}) = ${profile.username.toLowerCase()}`)
        await tx.insert(creatorPreviousUsernames).values({ creatorId, username: profile.username, releasedAt: now })
      }
    }

    const specialty = changes.specialtySport ?? profile.specialtySport
    const others = (changes.otherSports ?? profile.otherSports).filter((sport) => sport !== specialty)
    await tx
      .update(creatorProfiles)
      .set({
        ...(renamed ? { username: changes.username } : {}),
        ...(changes.bio !== undefined ? { bio: changes.bio } : {}),
        ...(changes.profilePicture !== undefined ? { profilePicture: changes.profilePicture } : {}),
        ...(changes.socialLinks !== undefined ? { socialLinks: changes.socialLinks } : {}),
        ...(changes.country !== undefined ? { country: changes.country } : {}),
        specialtySport: specialty,
        otherSports: others,
        sports: specialty ? [specialty, ...others] : others,
        updatedAt: sql`now()`,
      })
      .where(eq(creatorProfiles.userId, creatorId))
    if (changes.profilePicture !== undefined || changes.specialtySport !== undefined) {
      await updateProfile({ db: tx }, creatorId, {
        ...(changes.profilePicture !== undefined ? { profile_picture: changes.profilePicture } : {}),
        ...(changes.specialtySport !== undefined ? { specialty_sport: changes.specialtySport } : {}),
      })
    }
  })
  return getCreatorProfile(deps, creatorId)
}
