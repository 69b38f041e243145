import { z } from 'zod'

const Timestamp = z.iso.datetime({ offset: true })

/**
 * The customer's billing history (`/manage-subscriptions`) and printable receipts (`/receipts/:id`):
 * every charge, renewal and failed renewal, with what it cost and where it stands.
 */

/** `paid`; `refunded` once any of it was given back (`refunded_cents` says how much); `failed` for a renewal that did not go through. */
export const chargeStatuses = ['paid', 'refunded', 'failed'] as const
export type ChargeStatus = (typeof chargeStatuses)[number]

export const Charge = z.object({
  /** The receipt's number. */
  id: z.uuid(),
  purchase_id: z.uuid(),
  /** The first payment, a renewal, or a renewal that failed. */
  kind: z.enum(['charge', 'renewal', 'renewal_failed']),
  status: z.enum(chargeStatuses),
  /** Cents charged (or, for a failed renewal, due). */
  amount_cents: z.number().int(),
  refunded_cents: z.number().int(),
  currency: z.string(),
  plan_name: z.string(),
  creator_name: z.string(),
  period_start: Timestamp.nullable(),
  period_end: Timestamp.nullable(),
  /** The last four digits of the card, where the payment provider gave them. */
  card_last4: z.string().nullable(),
  occurred_at: Timestamp,
})
export type Charge = z.infer<typeof Charge>

export const ChargesAnswer = z.object({ charges: z.array(Charge) })
export type ChargesAnswer = z.infer<typeof ChargesAnswer>

export const ChargeAnswer = z.object({ charge: Charge })
export type ChargeAnswer = z.infer<typeof ChargeAnswer>

/** `GET /users/{id}/charges/{chargeId}`: the customer and one of their receipts. */
export const ChargeParams = z.object({ id: z.uuid(), chargeId: z.uuid() })

/** `PUT /creators/{id}/billing-emails`: the creator's billing e-mails (a new subscriber's notice, on by default). */
export const BillingEmailsBody = z.strictObject({
  new_subscriber_emails: z.boolean('Say whether to send new-subscriber e-mails'),
})
export type BillingEmailsBody = z.infer<typeof BillingEmailsBody>
export const BillingEmails = z.object({ new_subscriber_emails: z.boolean() })
export type BillingEmails = z.infer<typeof BillingEmails>
