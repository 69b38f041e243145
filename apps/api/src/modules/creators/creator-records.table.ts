import type { CreatorRecord } from '@picks/contracts'
import { sql } from 'drizzle-orm'
import { doublePrecision, index, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core'
import { creatorProfiles } from './creators.table.ts'

/**
 * A creator's record in short, kept beside the storefront so the shop and the stats never
 * aggregate picks per request. The picks module writes it (through `recordSummaryChanged`) in the
 * same transaction as every pick it creates, changes, deletes or grades; the picks stay the source.
 * No row: no picks yet.
 */
export const creatorRecords = pgTable(
  'creator_records',
  {
    creatorId: uuid('creator_id')
      .primaryKey()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    /** Picks published and not deleted. */
    picksCount: integer('picks_count').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    losses: integer('losses').notNull().default(0),
    pushes: integer('pushes').notNull().default(0),
    voids: integer('voids').notNull().default(0),
    netUnits: doublePrecision('net_units').notNull().default(0),
    /** The whole record, overall and by sport, as `GET /creators/{id}/stats` answers it. */
    record: jsonb('record').$type<CreatorRecord>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The admin console's creator lists sort by net units and by ROI (decision 031).
    index('creator_records_net_units_idx').on(t.netUnits, t.creatorId),
    index('creator_records_roi_idx').on(sql`((${t.record} ->> 'roi_pct')::double precision)`, t.creatorId),
  ],
)
