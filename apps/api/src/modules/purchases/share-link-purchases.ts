import { and, eq, lt, notExists, notInArray, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import type { ShareLinkEvents } from '../creators/creators.service.ts'
import { startedPurchases, unstartedStatuses } from './entitlements.ts'
import { purchases } from './purchases.table.ts'

/**
 * First purchases through the creator's share link, when started (decision 036): a purchase
 * credited to the link (the buyer's last touch within 30 days was this creator's link) that went
 * somewhere (paid or trialing, whatever became of it since), and the buyer's first such purchase
 * from this creator, through the link or not.
 */
export function shareLinkFirstPurchases(db: Db, creatorId: string): ShareLinkEvents {
  const earlier = alias(purchases, 'earlier_purchases')
  return db
    .select({ at: sql<Date>`${purchases.createdAt}`.as('at') })
    .from(purchases)
    .where(
      and(
        eq(purchases.creatorId, creatorId),
        eq(purchases.referralSource, 'share_link'),
        startedPurchases,
        notExists(
          db
            .select({ one: sql`1` })
            .from(earlier)
            .where(
              and(
                eq(earlier.userId, purchases.userId),
                eq(earlier.creatorId, purchases.creatorId),
                notInArray(earlier.status, unstartedStatuses),
                or(
                  lt(earlier.createdAt, purchases.createdAt),
                  and(eq(earlier.createdAt, purchases.createdAt), lt(earlier.id, purchases.id)),
                ),
              ),
            ),
        ),
      ),
    )
    .as('share_link_first_purchases')
}
