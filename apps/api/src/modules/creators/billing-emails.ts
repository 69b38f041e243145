import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { creatorProfiles } from './creators.table.ts'

/**
 * What billing's e-mails need from a creator: the name a receipt shows, and whether the creator
 * takes the new-subscriber notice (a switch on `/creator/notifications`, on by default).
 */

export interface CreatorBillingFacts {
  name: string
  newSubscriberEmails: boolean
}

/** The creator's name and switch; null when the user has no creator profile. */
export async function creatorBillingFacts(db: Db, creatorId: string): Promise<CreatorBillingFacts | null> {
  const [row] = await db
    .select({ name: creatorProfiles.displayName, newSubscriberEmails: creatorProfiles.newSubscriberEmails })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, creatorId))
  return row ?? null
}

/** Turns the new-subscriber e-mails on or off; null when the user has no creator profile. */
export async function setNewSubscriberEmails(db: Db, creatorId: string, on: boolean): Promise<boolean | null> {
  const [row] = await db
    .update(creatorProfiles)
    .set({ newSubscriberEmails: on })
    .where(eq(creatorProfiles.userId, creatorId))
    .returning({ on: creatorProfiles.newSubscriberEmails })
  return row ? row.on : null
}
