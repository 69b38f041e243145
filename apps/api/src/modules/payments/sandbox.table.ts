import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { CheckoutDiscount } from './payment-provider.ts'

/**
 * The sandbox payment provider's own state: what a real provider would keep on its side. Nothing of
 * the business reads these tables; it hears of them only through the provider's events.
 */

export interface SandboxItem {
  name: string
  priceCents: number
  currency: string
  kind: 'subscription' | 'one_time'
  interval: 'week' | 'month' | 'year' | null
  trialDays: number
  accessDays: number | null
  /** A promo code's discount (issue 17), as the checkout was given it. */
  discount?: SandboxDiscount | null
}

/** A discount as the sandbox keeps it, like a provider's coupon: what it takes off and for how long. */
export type SandboxDiscount = CheckoutDiscount

export const sandboxAccounts = pgTable(
  'sandbox_accounts',
  {
    id: text('id').primaryKey(),
    creatorId: text('creator_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_accounts_idempotency_key').on(t.idempotencyKey)],
)

export const sandboxAccountLinks = pgTable(
  'sandbox_account_links',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    returnUrl: text('return_url').notNull(),
    refreshUrl: text('refresh_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_account_links_account_idx').on(t.accountId)],
)

export const sandboxCheckoutSessions = pgTable(
  'sandbox_checkout_sessions',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    purchaseId: text('purchase_id').notNull(),
    customerId: text('customer_id').notNull(),
    customerEmail: text('customer_email').notNull(),
    accountId: text('account_id').notNull(),
    item: jsonb('item').$type<SandboxItem>().notNull(),
    feeBps: integer('fee_bps').notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    subscriptionId: text('subscription_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_checkout_sessions_idempotency_key').on(t.idempotencyKey),
    index('sandbox_checkout_sessions_open_idx').on(t.status, t.expiresAt),
  ],
)

export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    id: text('id').primaryKey(),
    purchaseId: text('purchase_id').notNull(),
    accountId: text('account_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    feeBps: integer('fee_bps').notNull(),
    interval: text('interval', { enum: ['week', 'month', 'year'] }).notNull(),
    status: text('status', { enum: ['trialing', 'active', 'past_due', 'unpaid', 'canceled', 'incomplete'] }).notNull(),
    /** Which test card pays the renewals: `renewalsFail` (4000 0000 0000 0341) fails every one. */
    card: text('card', { enum: ['succeeds', 'renewalsFail'] }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The promo code's discount on the subscription's payments, and how many payments were made. */
    discount: jsonb('discount').$type<SandboxDiscount>(),
    paymentsMade: integer('payments_made').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_subscriptions_account_idx').on(t.accountId),
    index('sandbox_subscriptions_due_idx').on(t.status, t.currentPeriodEnd),
  ],
)

export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Of `refundedCents`, what came back from affiliates' commission transfers instead of the creator. */
    affiliateRefundedCents: integer('affiliate_refunded_cents').notNull().default(0),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_charges_account_idx').on(t.accountId)],
)

export const sandboxPayouts = pgTable(
  'sandbox_payouts',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    accountId: text('account_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description'),
    payoutId: text('payout_id').notNull(),
    status: text('status', { enum: ['pending', 'in_transit', 'paid', 'failed', 'canceled'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_payouts_idempotency_key').on(t.idempotencyKey),
    index('sandbox_payouts_account_idx').on(t.accountId),
  ],
)

/** Each refund made, under the idempotency key it was asked for with: the same key never refunds twice. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    chargeId: text('charge_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_refunds_idempotency_key').on(t.idempotencyKey),
    index('sandbox_refunds_charge_idx').on(t.chargeId),
  ],
)

/**
 * Money moved between connected accounts, as Stripe's transfers and transfer reversals: a
 * commission (`transfer`: taken from the charge's creator, sent to `accountId`) and its return
 * (`reversal` of `transferId`: taken from the transfer's account back to the platform). Once per
 * idempotency key.
 */
export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind', { enum: ['transfer', 'reversal'] }).notNull(),
    /** The charge whose creator's share the transfer came from. */
    chargeId: text('charge_id').notNull(),
    /** The account the transfer went to (for a reversal, the one it is taken back from). */
    accountId: text('account_id').notNull(),
    /** The transfer a reversal takes back; null for a transfer. */
    transferId: text('transfer_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_transfers_idempotency_key').on(t.idempotencyKey),
    index('sandbox_transfers_account_idx').on(t.accountId),
    index('sandbox_transfers_charge_idx').on(t.chargeId),
  ],
)
