import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { creatorProfiles, subscriptionPlans } from '../creators/creators.table.ts'
import { promoCodes } from '../promotions/promotions.table.ts'
import { users } from '../users/users.table.ts'

/**
 * A subscription or a one-time pass. The plan's terms are copied here when the purchase is made,
 * so what a buyer pays never changes with the plan (docs/decisions/010-plans-and-prices.md).
 */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'restrict' }),
    planId: uuid('plan_id').references(() => subscriptionPlans.id, { onDelete: 'set null' }),
    planName: text('plan_name').notNull(),
    kind: text('kind', { enum: ['subscription', 'one_time'] }).notNull(),
    interval: text('interval', { enum: ['week', 'month', 'year'] }),
    accessDays: integer('access_days'),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    trialDays: integer('trial_days').notNull().default(0),
    feeBps: integer('fee_bps').notNull(),
    status: text('status', {
      enum: ['pending', 'incomplete', 'trialing', 'active', 'past_due', 'canceled', 'expired'],
    })
      .notNull()
      .default('pending'),
    autoRenewal: boolean('auto_renewal').notNull().default(false),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** When its first charge was booked: set by the ledger's insert trigger (migration 0028), never by hand. */
    firstChargedAt: timestamp('first_charged_at', { withTimezone: true }),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    checkoutSessionId: text('checkout_session_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /**
     * The promo code used (issue 17) and its discount, copied like the plan's terms, so the code
     * changing or being switched off never changes what this buyer pays.
     */
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    promoCode: text('promo_code'),
    discountKind: text('discount_kind', { enum: ['percent', 'amount'] }),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    discountDuration: text('discount_duration', { enum: ['once', 'repeating', 'forever'] }),
    discountMonths: integer('discount_months'),
    /**
     * What brought the buyer (issue 17): the last visit through a creator's share link within the
     * attribution window before checkout, kept with the purchase.
     */
    referralSource: text('referral_source', { enum: ['share_link'] }),
    referralCode: text('referral_code'),
    referredAt: timestamp('referred_at', { withTimezone: true }),
    /** The newest provider event applied to the status: an older one arriving late changes nothing. */
    statusEventAt: timestamp('status_event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('purchases_user_idx').on(t.userId, t.createdAt),
    index('purchases_creator_idx').on(t.creatorId, t.createdAt),
    index('purchases_plan_idx').on(t.planId),
    index('purchases_user_creator_live_idx')
      .on(t.userId, t.creatorId)
      .where(sql`${t.status} in ('trialing', 'active', 'past_due')`),
    // The pick alerts' fan-out walks a creator's live buyers in user-id order.
    index('purchases_creator_user_live_idx')
      .on(t.creatorId, t.userId)
      .where(sql`${t.status} in ('trialing', 'active', 'past_due')`),
    index('purchases_due_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} in ('trialing', 'active', 'past_due')`),
    // The admin console (decision 030): subscriptions by status and MRR straight off the index,
    // subscriptions started and ended by day.
    index('purchases_status_idx').on(t.status, t.kind, t.interval, t.priceCents),
    // With the status, so starts and ends per period are counted off the index alone (decision 034).
    index('purchases_subscription_created_idx')
      .on(t.createdAt, t.status)
      .where(sql`${t.kind} = 'subscription'`),
    index('purchases_ended_idx')
      .on(t.endedAt, t.kind, t.status)
      .where(sql`${t.endedAt} is not null`),
    // Trials ended in a range (decision 034): the few subscriptions with a trial, not all of them.
    index('purchases_trials_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'subscription' and ${t.trialDays} > 0`),
    // The admin purchases list (decision 031): newest first, by amount, by status.
    index('purchases_created_idx').on(sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index('purchases_amount_idx').on(t.priceCents, t.id),
    index('purchases_status_created_idx').on(t.status, sql`${t.createdAt} desc`),
    // A promo code's redemptions, and one code per customer (issue 17).
    index('purchases_promo_code_idx')
      .on(t.promoCodeId, t.userId)
      .where(sql`${t.promoCodeId} is not null`),
    // A creator's analytics (decision 037): subscriptions ended, and cancelled (set to end or
    // ended), by date; the purchases made with a promo code, by date.
    index('purchases_creator_ended_idx')
      .on(t.creatorId, t.endedAt)
      .where(sql`${t.endedAt} is not null`),
    index('purchases_creator_cancelled_idx')
      .on(t.creatorId, sql`coalesce(${t.canceledAt}, ${t.endedAt})`)
      .where(sql`coalesce(${t.canceledAt}, ${t.endedAt}) is not null`),
    // A creator's trials started in a period, with what their outcome needs so it is read off the
    // index alone; and what was sold without a plan (decision 037).
    index('purchases_creator_trials_idx')
      .on(t.creatorId, t.createdAt, t.trialDays, t.status, t.firstChargedAt)
      .where(sql`${t.kind} = 'subscription' and ${t.trialDays} > 0`),
    index('purchases_creator_planless_idx')
      .on(t.creatorId, t.kind)
      .where(sql`${t.planId} is null`),
    // With the code and the status, so a creator's redemptions are counted off the index alone.
    index('purchases_creator_promo_idx')
      .on(t.creatorId, t.createdAt, t.promoCodeId, t.promoCode, t.status)
      .where(sql`${t.promoCodeId} is not null`),
    // Analytics' levels: a repeating discount's end is a change to the MRR (decision 037).
    index('purchases_creator_repeating_idx')
      .on(t.creatorId)
      .where(sql`${t.kind} = 'subscription' and ${t.discountDuration} = 'repeating'`),
    // Share-link results: first purchases through the link by day.
    index('purchases_referral_idx')
      .on(t.creatorId, t.createdAt)
      .where(sql`${t.referralSource} is not null`),
    uniqueIndex('purchases_checkout_session_key').on(t.checkoutSessionId),
    uniqueIndex('purchases_provider_subscription_key').on(t.providerSubscriptionId),
    check('purchases_price_positive', sql`${t.priceCents} > 0`),
    check(
      'purchases_discount_shape',
      sql`${t.discountKind} is null
       or (${t.discountKind} = 'percent' and ${t.percentOff} between 1 and 100 and ${t.discountDuration} is not null)
       or (${t.discountKind} = 'amount' and ${t.amountOffCents} > 0 and ${t.discountDuration} is not null)`,
    ),
    // The plans' own range (subscription_plans_trial_range), which a creator's analytics rely on.
    check('purchases_trial_range', sql`${t.trialDays} between 0 and 30`),
    check(
      'purchases_kind_shape',
      sql`(${t.kind} = 'subscription' and ${t.interval} is not null) or (${t.kind} = 'one_time' and ${t.accessDays} is not null)`,
    ),
  ],
)
