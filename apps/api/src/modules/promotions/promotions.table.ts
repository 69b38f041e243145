import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { creatorProfiles } from '../creators/creators.table.ts'

/**
 * A creator's promo codes (issue 17). The code is kept as typed and matched without regard to case
 * (unique per creator on `upper(code)`). The discount is percent or amount off, for all plans
 * (`plan_ids` null) or chosen ones, lasting the first payment, N months or every renewal. The code
 * and its discount never change once made (customers may hold it); scope, expiry, limits and the
 * active switch may. Redemptions are purchases that carry the code (`purchases.promo_code_id`), so
 * what a code brought is never a number kept by hand.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    discountKind: text('discount_kind', { enum: ['percent', 'amount'] }).notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    /** null: every plan of the creator. */
    planIds: uuid('plan_ids').array(),
    duration: text('duration', { enum: ['once', 'repeating', 'forever'] }).notNull(),
    durationMonths: integer('duration_months'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    onePerCustomer: boolean('one_per_customer').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_creator_code_key').on(t.creatorId, sql`upper(${t.code})`),
    index('promo_codes_creator_idx').on(t.creatorId, t.createdAt),
    check('promo_codes_code_format', sql`${t.code} ~ '^[A-Za-z0-9_-]{3,32}$'`),
    check(
      'promo_codes_discount_shape',
      sql`(${t.discountKind} = 'percent' and ${t.percentOff} between 1 and 100 and ${t.amountOffCents} is null)
       or (${t.discountKind} = 'amount' and ${t.amountOffCents} between 1 and 1000000 and ${t.percentOff} is null)`,
    ),
    check(
      'promo_codes_duration_shape',
      sql`(${t.duration} = 'repeating' and ${t.durationMonths} between 1 and 36)
       or (${t.duration} <> 'repeating' and ${t.durationMonths} is null)`,
    ),
    check('promo_codes_max_redemptions', sql`${t.maxRedemptions} is null or ${t.maxRedemptions} >= 1`),
  ],
)
