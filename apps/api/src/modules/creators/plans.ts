import {
  planLimits,
  planMessages,
  planShapeProblems,
  type ParsedCreatePlanBody,
  type ParsedUpdatePlanBody,
  type Plan,
  type PlanTerms,
} from '@picks/contracts'
import { and, count, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { refreshLowestPrice, toPlan } from './plans-on-sale.ts'
import { creatorProfiles, subscriptionPlans } from './creators.table.ts'

/**
 * Creating and changing plans. Every change runs in one transaction with the creator's profile row
 * locked, so the active-plan limit holds under concurrent requests and the shop's lowest price is
 * refreshed together with the plan. A price change edits the plan in place: what existing buyers
 * pay is the price copied onto their purchase (docs/decisions/010-plans-and-prices.md).
 */

type Deps = { db: Db }

export interface Actor {
  id: string
  /** Whether the caller holds admin powers now (`actsAsAdmin` of the session's actor, never the stored role). */
  isAdmin: boolean
}

function planLimitReached(): AppError {
  return new AppError('CONFLICT', planMessages.planLimit, { reason: 'PLAN_LIMIT' })
}

/**
 * Locks the creator's profile row for the rest of the transaction; 404 when there is no creator.
 * Answers whether the creator accepts payments (so whether an active plan is on sale).
 */
async function lockCreator(db: Db, creatorId: string): Promise<{ acceptingPayments: boolean }> {
  const [row] = await db
    .select({ acceptingPayments: creatorProfiles.acceptingPayments })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, creatorId))
    .for('update')
  if (!row) throw new AppError('NOT_FOUND', 'Creator not found')
  return row
}

async function activePlanCount(db: Db, creatorId: string, exceptPlanId?: string): Promise<number> {
  const [row] = await db
    .select({ active: count() })
    .from(subscriptionPlans)
    .where(
      and(
        eq(subscriptionPlans.creatorId, creatorId),
        eq(subscriptionPlans.active, true),
        exceptPlanId ? ne(subscriptionPlans.id, exceptPlanId) : undefined,
      ),
    )
  return Number(row?.active ?? 0)
}

export async function createPlan(deps: Deps, creatorId: string, body: ParsedCreatePlanBody): Promise<Plan> {
  return deps.db.transaction(async (tx) => {
    const { acceptingPayments } = await lockCreator(tx, creatorId)
    if (body.active && (await activePlanCount(tx, creatorId)) >= planLimits.maxActivePlans) throw planLimitReached()
    const [row] = await tx
      .insert(subscriptionPlans)
      .values({
        creatorId,
        name: body.name,
        kind: body.kind,
        interval: body.interval,
        accessDays: body.access_days,
        priceCents: body.price_cents,
        trialDays: body.trial_days,
        active: body.active,
      })
      .returning()
    if (!row) throw new AppError('INTERNAL', 'The plan was not stored')
    await refreshLowestPrice({ db: tx }, creatorId)
    return toPlan(row, acceptingPayments)
  })
}

/**
 * The plan's terms after `changes`. Switching kind drops the terms of the old kind (a pass has no
 * interval, a subscription no access length, a pass no trial) unless the change sets them.
 */
function mergedTerms(current: PlanTerms, changes: ParsedUpdatePlanBody): PlanTerms {
  const kind = changes.kind ?? current.kind
  const switched = kind !== current.kind
  return {
    kind,
    interval: changes.interval !== undefined ? changes.interval : switched ? null : current.interval,
    access_days: changes.access_days !== undefined ? changes.access_days : switched ? null : current.access_days,
    trial_days:
      changes.trial_days !== undefined ? changes.trial_days : switched && kind === 'one_time' ? 0 : current.trial_days,
  }
}

/** Changes a plan (its creator or a verified admin). 404 for an unknown plan, 403 for someone else's. */
export async function updatePlan(
  deps: Deps,
  planId: string,
  changes: ParsedUpdatePlanBody,
  actor: Actor,
): Promise<Plan> {
  return deps.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ creatorId: subscriptionPlans.creatorId })
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.id, planId))
    if (!owner) throw new AppError('NOT_FOUND', 'Plan not found')
    if (owner.creatorId !== actor.id && !actor.isAdmin) {
      throw new AppError('FORBIDDEN', 'Only the creator of this plan or an admin can change it')
    }
    const { acceptingPayments } = await lockCreator(tx, owner.creatorId)
    const [current] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId))
    if (!current) throw new AppError('NOT_FOUND', 'Plan not found')

    const terms = mergedTerms(
      {
        kind: current.kind,
        interval: current.interval,
        access_days: current.accessDays,
        trial_days: current.trialDays,
      },
      changes,
    )
    const problems = Object.entries(planShapeProblems(terms)).map(([field, message]) => ({
      field: `body.${field}`,
      message,
    }))
    if (problems.length) {
      throw new AppError('VALIDATION_FAILED', `Invalid ${problems.map((p) => p.field).join(', ')}`, {
        details: problems,
      })
    }
    const active = changes.active ?? current.active
    if (
      active &&
      !current.active &&
      (await activePlanCount(tx, current.creatorId, planId)) >= planLimits.maxActivePlans
    ) {
      throw planLimitReached()
    }

    const [row] = await tx
      .update(subscriptionPlans)
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.price_cents !== undefined ? { priceCents: changes.price_cents } : {}),
        kind: terms.kind,
        interval: terms.interval,
        accessDays: terms.access_days,
        trialDays: terms.trial_days,
        active,
        updatedAt: sql`now()`,
      })
      .where(eq(subscriptionPlans.id, planId))
      .returning()
    if (!row) throw new AppError('NOT_FOUND', 'Plan not found')
    await refreshLowestPrice({ db: tx }, current.creatorId)
    return toPlan(row, acceptingPayments)
  })
}
