import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { consoleSnapshots } from './daily-totals.table.ts'

/** How long counted point-in-time figures are reused (decisions 030 and 034). */
export const snapshotTtlMs = 60_000

/**
 * Figures counted within the last minute: stored in `console_snapshots` under `key` and counted
 * again once older than `snapshotTtlMs`, dated after `now` (a clock moved back) or no longer of the
 * shape `schema` says. For counts that pass over every person or every subscription, which cost
 * more than a page's whole budget at scale; a minute's lag is fine on a dashboard, and the answer
 * says when it was counted.
 */
export async function snapshot<Schema extends z.ZodType>(
  db: Db,
  key: string,
  schema: Schema,
  now: Date,
  count: () => Promise<z.output<Schema>>,
): Promise<{ figures: z.output<Schema>; countedAt: Date }> {
  const [stored] = await db.select().from(consoleSnapshots).where(eq(consoleSnapshots.key, key))
  const age = stored ? now.getTime() - stored.computedAt.getTime() : -1
  const parsed = stored ? schema.safeParse(stored.figures) : null
  if (stored && parsed?.success && age >= 0 && age < snapshotTtlMs) {
    return { figures: parsed.data, countedAt: stored.computedAt }
  }
  const figures = await count()
  await db
    .insert(consoleSnapshots)
    .values({ key, figures, computedAt: now })
    .onConflictDoUpdate({ target: consoleSnapshots.key, set: { figures, computedAt: now } })
  return { figures, countedAt: now }
}
