import type { Plan } from '@picks/contracts'
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { creatorProfiles, subscriptionPlans } from './creators.table.ts'

/**
 * What is on sale: a plan is, while it is active and its creator accepts payments. Whether a
 * creator accepts payments is the payouts module's answer (its `takesCharges`, the rule checkout
 * applies), which it stores here with `setAcceptingPayments` whenever a payout account changes, so
 * the shop's listing can filter and sort by it from this module's own table
 * (docs/decisions/025-plans-on-sale-only-when-payable.md).
 */

type Deps = { db: Db }
type PlanRow = typeof subscriptionPlans.$inferSelect

export function toPlan(row: PlanRow, acceptingPayments: boolean): Plan {
  return {
    id: row.id,
    creator_id: row.creatorId,
    name: row.name,
    kind: row.kind,
    interval: row.interval,
    access_days: row.accessDays,
    price_cents: row.priceCents,
    currency: row.currency,
    trial_days: row.trialDays,
    active: row.active,
    on_sale: row.active && acceptingPayments,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** Whether the creator accepts payments now, as payouts last stored it (false for a non-creator). */
export async function acceptsPayments(deps: Deps, creatorId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ accepting: creatorProfiles.acceptingPayments })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, creatorId))
  return row?.accepting ?? false
}

/**
 * A creator's plans, cheapest first. `onSaleOnly` gives what a customer may buy (nothing while the
 * creator cannot take payments); otherwise every plan, active ones first, each marked `on_sale`.
 */
export async function plansOf(deps: Deps, creatorId: string, options: { onSaleOnly: boolean }): Promise<Plan[]> {
  const accepting = await acceptsPayments(deps, creatorId)
  if (options.onSaleOnly && !accepting) return []
  const rows = await deps.db
    .select()
    .from(subscriptionPlans)
    .where(
      options.onSaleOnly
        ? and(eq(subscriptionPlans.creatorId, creatorId), eq(subscriptionPlans.active, true))
        : eq(subscriptionPlans.creatorId, creatorId),
    )
    .orderBy(desc(subscriptionPlans.active), asc(subscriptionPlans.priceCents), asc(subscriptionPlans.createdAt))
  return rows.map((row) => toPlan(row, accepting))
}

/** A plan by id, with the terms a sale copies; null when there is no such plan. */
export async function findPlan(deps: Deps, planId: string): Promise<PlanRow | null> {
  const [row] = await deps.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId))
  return row ?? null
}

/** In an update of `creator_profiles`: the price of the updated creator's cheapest active plan. */
const cheapestActivePlan = sql`(select min(${subscriptionPlans.priceCents}) from ${subscriptionPlans}
  where ${subscriptionPlans.creatorId} = ${creatorProfiles.userId} and ${subscriptionPlans.active})`

/** Keeps the shop's denormalised lowest price equal to the creator's cheapest plan on sale. */
export async function refreshLowestPrice(deps: Deps, creatorId: string): Promise<void> {
  await deps.db
    .update(creatorProfiles)
    .set({
      lowestPriceCents: sql`case when ${creatorProfiles.acceptingPayments} then ${cheapestActivePlan} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(creatorProfiles.userId, creatorId))
}

/**
 * Stores whether these creators accept payments (payouts calls it with `takesCharges`' answer, in
 * the transaction that changed their payout accounts) and puts their plans on sale or takes them
 * off. True when it changed what the shop shows; the caller then invalidates the shop's cache.
 */
export async function setAcceptingPayments(
  deps: Deps,
  creatorIds: readonly string[],
  accepting: boolean,
): Promise<boolean> {
  if (!creatorIds.length) return false
  // The lowest price as `refreshLowestPrice` sets it, for every creator in the one statement (a
  // first start puts 48 demo creators on sale: one statement each took 0.13-0.2 s of it).
  const changed = await deps.db
    .update(creatorProfiles)
    .set({
      acceptingPayments: accepting,
      lowestPriceCents: accepting ? cheapestActivePlan : null,
      updatedAt: sql`now()`,
    })
    .where(and(inArray(creatorProfiles.userId, [...creatorIds]), ne(creatorProfiles.acceptingPayments, accepting)))
    .returning({ id: creatorProfiles.userId })
  return changed.length > 0
}
