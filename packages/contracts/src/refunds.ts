import { z } from 'zod'
import { PurchaseStatusSchema } from './purchases.ts'
import { text } from './text.ts'

/**
 * An administrator's refund of a purchase (issue 16, point 2; docs/decisions/032-refunds.md):
 * POST /admin/purchases/{id}/refund with an `Idempotency-Key` header, refunding the purchase's
 * latest charge in full or in part through the payment provider.
 */

export const refundLimits = { reasonMax: 500, idempotencyKeyMin: 8, idempotencyKeyMax: 200 } as const

export const RefundParams = z.object({ id: z.uuid('must be a purchase id') })
export type RefundParams = z.infer<typeof RefundParams>

export const RefundBody = z.object({
  /** Cents to give back; the whole refundable rest when left out. */
  amountCents: z.number().int('must be a whole number of cents').positive('must be above zero').optional(),
  /** Why, in the administrator's words: kept in the audit log and with the refund at the provider. */
  reason: text()
    .trim()
    .min(1, 'must say why')
    .max(refundLimits.reasonMax, `must be at most ${refundLimits.reasonMax} characters`),
})
export type RefundBody = z.infer<typeof RefundBody>

/** One key per refund the administrator means: the same key sent again refunds nothing more. */
export const RefundHeaders = z.object({
  'idempotency-key': text(`must be set: one key per refund, the same key on a retry`)
    .trim()
    .min(
      refundLimits.idempotencyKeyMin,
      `must be ${refundLimits.idempotencyKeyMin} to ${refundLimits.idempotencyKeyMax} characters`,
    )
    .max(
      refundLimits.idempotencyKeyMax,
      `must be ${refundLimits.idempotencyKeyMin} to ${refundLimits.idempotencyKeyMax} characters`,
    ),
})
export type RefundHeaders = z.infer<typeof RefundHeaders>

/** `none` before any refund, `partial` while some of the charge is left, `full` when all of it went back. */
export const refundStatuses = ['none', 'partial', 'full'] as const
export type RefundStatus = (typeof refundStatuses)[number]

/** Where a purchase's refund stands: its latest charge, what of it was refunded, and the purchase now. */
export const RefundState = z.object({
  purchaseId: z.uuid(),
  /** The charge refunds apply to: the purchase's latest (a subscription's current period). */
  chargedCents: z.number().int(),
  /** Refunded of that charge so far: booked from the provider's events, or asked for and not yet booked. */
  refundedCents: z.number().int(),
  refundableCents: z.number().int(),
  currency: z.string(),
  refundStatus: z.enum(refundStatuses),
  status: PurchaseStatusSchema,
  hasAccess: z.boolean(),
})
export type RefundState = z.infer<typeof RefundState>

export const RefundAnswer = z.object({ refund: RefundState })
export type RefundAnswer = z.infer<typeof RefundAnswer>
