import { z } from 'zod'
import { text } from './text.ts'
import { planIntervals, planKinds, planLimits, planMessages, planShapeProblems, type PlanTerms } from './plan-rules.ts'

/** A plan as the API answers it (product-decisions.md "What is sold"). Money in integer cents. */
export const Plan = z.object({
  id: z.uuid(),
  creator_id: z.uuid(),
  name: z.string(),
  kind: z.enum(planKinds),
  /** Subscriptions only: how often it renews. */
  interval: z.enum(planIntervals).nullable(),
  /** One-time passes only: how many days of access a purchase gives. */
  access_days: z.number().int().nullable(),
  price_cents: z.number().int(),
  currency: z.string(),
  trial_days: z.number().int(),
  active: z.boolean(),
  /**
   * Whether customers can buy it now: active, and its creator's payout account can take charges
   * (the rule checkout applies; docs/decisions/025-plans-on-sale-only-when-payable.md).
   */
  on_sale: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
})
export type Plan = z.infer<typeof Plan>

const PlanName = text().trim().min(1, planMessages.nameRequired).max(planLimits.nameMaxLength, planMessages.nameTooLong)
const PriceCents = z
  .number(planMessages.priceRange)
  .int(planMessages.priceWholeCents)
  .min(planLimits.minPriceCents, planMessages.priceRange)
  .max(planLimits.maxPriceCents, planMessages.priceRange)
const TrialDays = z
  .number(planMessages.trialRange)
  .int(planMessages.trialRange)
  .min(0, planMessages.trialRange)
  .max(planLimits.maxTrialDays, planMessages.trialRange)
const AccessDays = z
  .number(planMessages.accessDaysRequired)
  .int(planMessages.accessDaysRequired)
  .min(planLimits.minAccessDays, planMessages.accessDaysRequired)
  .max(planLimits.maxAccessDays, planMessages.accessDaysRequired)

/** Every field a creator sets on a plan; the update body is any part of it. */
const planFields = {
  name: PlanName,
  kind: z.enum(planKinds, { error: 'A plan is a subscription or a one_time pass' }),
  interval: z.enum(planIntervals, { error: planMessages.intervalRequired }).nullable(),
  access_days: AccessDays.nullable(),
  price_cents: PriceCents,
  trial_days: TrialDays,
  active: z.boolean(),
}

/** The shape rules (an interval for subscriptions, an access length and no trial for passes) by field. */
function addPlanShapeIssues(terms: PlanTerms, ctx: z.RefinementCtx): void {
  for (const [field, message] of Object.entries(planShapeProblems(terms))) {
    ctx.addIssue({ code: 'custom', path: [field], message })
  }
}

/**
 * `POST /subscription-pricing`. An admin names the creator with `creatorId`; a creator's own id is
 * the default. `interval` is for subscriptions, `access_days` for one-time passes.
 */
export const CreatePlanBody = z
  .strictObject({
    creatorId: z.uuid().optional(),
    name: planFields.name,
    kind: planFields.kind,
    interval: planFields.interval.optional(),
    access_days: planFields.access_days.optional(),
    price_cents: planFields.price_cents,
    trial_days: planFields.trial_days.default(0),
    active: planFields.active.default(true),
  })
  .transform((body) => ({ ...body, interval: body.interval ?? null, access_days: body.access_days ?? null }))
  .superRefine((body, ctx) => addPlanShapeIssues(body, ctx))
export type CreatePlanBody = z.input<typeof CreatePlanBody>
export type ParsedCreatePlanBody = z.output<typeof CreatePlanBody>

/**
 * `PUT /subscription-pricing/{id}`: any of the plan's fields. The plan as it would be after the
 * change is checked against the same shape rules (switching kind drops the other kind's terms).
 */
export const UpdatePlanBody = z.strictObject(planFields).partial()
export type UpdatePlanBody = z.input<typeof UpdatePlanBody>
export type ParsedUpdatePlanBody = z.output<typeof UpdatePlanBody>

export const PlanIdParams = z.object({ id: z.uuid() })
/**
 * `GET /subscription-pricing/{id}`: here `id` is the creator's user id. It shares the path of
 * `PUT /subscription-pricing/{id}` (a plan's id), so both name the parameter `id` (one path, one
 * parameter name, as OpenAPI wants).
 */
export const PlanCreatorParams = z.object({ id: z.uuid().describe("The creator's user id") })

/** `?all=true`: the owner or an admin also sees plans not on sale (inactive, or waiting for payouts). */
export const PlansQuery = z.object({
  all: z
    .enum(['true', 'false'], { error: 'Use all=true or all=false' })
    .transform((v) => v === 'true')
    .default(false),
})

export const PlanAnswer = z.object({ plan: Plan })
export type PlanAnswer = z.infer<typeof PlanAnswer>
export const PlansAnswer = z.object({ plans: z.array(Plan) })
export type PlansAnswer = z.infer<typeof PlansAnswer>
