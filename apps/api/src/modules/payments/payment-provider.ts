/**
 * The payment provider, in neutral terms: no vendor type crosses this file. Two implementations
 * exist, chosen by configuration in app.ts: `stripe` (the official SDK) and `sandbox` (an in-app
 * test checkout that needs no keys). Both answer the same calls and produce the same
 * `PaymentEvent`s, which one handler applies (purchases module). Amounts are integer cents.
 */

export type ProviderName = 'stripe' | 'sandbox'

export type PlanInterval = 'week' | 'month' | 'year'

export interface CheckoutInput {
  /** Our purchase row; every event about this checkout carries it back as `purchaseId`. */
  purchaseId: string
  customer: { id: string; email: string }
  /** The creator's connected (payout) account, which receives the charge less the platform fee. */
  destinationAccountId: string
  item: {
    /** Shown on the checkout page and the statement: "Monthly – @SharpDana". */
    name: string
    priceCents: number
    currency: string
  } & ({ kind: 'subscription'; interval: PlanInterval; trialDays: number } | { kind: 'one_time'; accessDays: number })
  /** The platform's share in basis points (1000 = 10%), taken as an application fee. */
  feeBps: number
  /**
   * A creator's promo code (issue 17): the provider charges the discounted amount on the payments
   * the duration covers, and the fee is taken on what is charged.
   */
  discount?: CheckoutDiscount | null
  successUrl: string
  cancelUrl: string
  /** Sent with the call, so a retried request never opens a second checkout. */
  idempotencyKey: string
}

/** A discount in neutral terms: percent or amount off, once, for some months or forever. */
export interface CheckoutDiscount {
  /** Our promo code, kept with the provider's coupon. */
  promoCodeId: string
  code: string
  percentOff: number | null
  amountOffCents: number | null
  duration: 'once' | 'repeating' | 'forever'
  durationMonths: number | null
}

export interface CheckoutSession {
  sessionId: string
  /** Where to send the customer's browser. */
  url: string
}

export interface ConnectedAccountInput {
  creatorId: string
  email: string
  name: string
  idempotencyKey: string
}

export interface AccountStatus {
  accountId: string
  detailsSubmitted: boolean
  chargesEnabled: boolean
  payoutsEnabled: boolean
}

export interface ProviderBalance {
  availableCents: number
  pendingCents: number
  currency: string
}

export interface PayoutInput {
  accountId: string
  amountCents: number
  currency: string
  description: string
  /** Our payout row id; events about the payout carry it back as `payoutId`. */
  payoutId: string
  idempotencyKey: string
}

export interface ProviderPayout {
  providerPayoutId: string
  amountCents: number
  currency: string
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled'
  arrivalAt: Date | null
  createdAt: Date
  description: string | null
}

export interface RefundInput {
  /** `PaymentCharge.paymentRef` of the charge. */
  paymentRef: string
  amountCents: number
  /** Why, in the administrator's words: kept with the refund at the provider. */
  reason?: string
  /**
   * Of `amountCents`, the cents an affiliate's commission transfer gives back instead of the
   * creator (decision 038): the commission moved to the affiliate's account is no longer in the
   * creator's, so the creator's account is asked only for the rest. The caller takes these cents back
   * from the affiliate with `reverseCommission`. 0 when absent.
   */
  affiliateCents?: number
  idempotencyKey: string
}

/** An affiliate's commission moved out of the creator's share of a charge into their own account. */
export interface CommissionTransferInput {
  /** `PaymentCharge.paymentRef` of the referred charge: the creator's share of it gives the cents. */
  paymentRef: string
  /** The affiliate's connected account. */
  destinationAccountId: string
  amountCents: number
  currency: string
  /** Sent with the provider's calls, so a retry moves the cents once. */
  idempotencyKey: string
}

export interface CommissionReversalInput {
  /** `transferCommission`'s answer. */
  transferId: string
  amountCents: number
  idempotencyKey: string
}

export interface ProviderSubscription {
  subscriptionId: string
  purchaseId: string | null
  status: SubscriptionState
  amountCents: number
  currency: string
  interval: PlanInterval | null
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
}

/** A subscription's state as providers report it (Stripe's vocabulary, which the sandbox mirrors). */
export type SubscriptionState = 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete'

/**
 * What happened at the provider. `id` is the provider's event id: the handler records it and
 * applies each event at most once. `occurredAt` orders events about the same object, so an older
 * one arriving late never overwrites newer state.
 */
export type PaymentEvent = {
  id: string
  occurredAt: Date
} & (
  | {
      type: 'checkout.completed'
      purchaseId: string
      sessionId: string
      /** Set for subscriptions. */
      subscriptionId: string | null
      /** The charge of a one-time purchase (subscriptions are charged through invoices); null otherwise. */
      payment: PaymentCharge | null
    }
  | {
      type: 'checkout.expired'
      purchaseId: string
      sessionId: string
    }
  | {
      /** A subscription invoice was paid: the first period, a renewal, or a retry that succeeded. */
      type: 'invoice.paid'
      subscriptionId: string
      purchaseId: string | null
      invoiceId: string
      periodStart: Date
      periodEnd: Date
      /** null for a free (trial) invoice of zero. */
      payment: PaymentCharge | null
    }
  | {
      type: 'invoice.payment_failed'
      subscriptionId: string
      purchaseId: string | null
      invoiceId: string
      /** When the provider will try again; null when it has given up. */
      nextAttemptAt: Date | null
      /** What the invoice asked for (a promo code's discount may make it less than the price); null when unknown. */
      amountDueCents?: number | null
      reason: string | null
    }
  | {
      type: 'subscription.updated'
      subscriptionId: string
      purchaseId: string | null
      status: SubscriptionState
      cancelAtPeriodEnd: boolean
      currentPeriodEnd: Date | null
    }
  | {
      type: 'subscription.deleted'
      subscriptionId: string
      purchaseId: string | null
    }
  | {
      type: 'charge.refunded'
      /** The same reference as `PaymentCharge.paymentRef` of the refunded charge. */
      paymentRef: string
      /** The total refunded so far on this charge (providers report the running total). */
      amountRefundedCents: number
      currency: string
    }
  | {
      type: 'account.updated'
      accountId: string
      detailsSubmitted: boolean
      chargesEnabled: boolean
      payoutsEnabled: boolean
    }
  | ({ type: 'payout.paid' } & PayoutEventFields)
  | ({ type: 'payout.failed' } & PayoutEventFields)
)

export interface PayoutEventFields {
  accountId: string
  providerPayoutId: string
  /** Ours, when the payout was requested through us. */
  payoutId: string | null
  failureReason: string | null
}

/** An event before the provider stamps it with an id and a time. */
export type PaymentEventBody = PaymentEvent extends infer E
  ? E extends PaymentEvent
    ? Omit<E, 'id' | 'occurredAt'>
    : never
  : never

export interface PaymentCharge {
  /** The provider's reference of the money movement (a payment intent or charge id); refunds name it. */
  paymentRef: string
  amountCents: number
  /** The application fee the platform kept, as the provider reports it. */
  feeCents: number
  currency: string
  /**
   * The last four digits of the card charged, when the event carries them (the sandbox does;
   * Stripe's invoice and checkout events do not without another call, so its events leave it out).
   */
  cardLast4?: string | null
}

export type PaymentEventType = PaymentEvent['type']

export interface PaymentProvider {
  readonly name: ProviderName
  createCheckout(input: CheckoutInput): Promise<CheckoutSession>
  createConnectedAccount(input: ConnectedAccountInput): Promise<{ accountId: string }>
  /** A single-use link to the provider's onboarding; `returnUrl` when finished, `refreshUrl` when the link expired. */
  createOnboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>
  getAccountStatus(accountId: string): Promise<AccountStatus>
  getBalance(accountId: string): Promise<ProviderBalance>
  createPayout(input: PayoutInput): Promise<ProviderPayout>
  listPayouts(accountId: string, limit: number): Promise<ProviderPayout[]>
  listSubscriptions(accountId: string): Promise<ProviderSubscription[]>
  /** Stops renewal at the period's end (`atPeriodEnd`) or ends the subscription now. Never refunds. */
  cancelSubscription(subscriptionId: string, options: { atPeriodEnd: boolean; idempotencyKey: string }): Promise<void>
  /** Undoes a cancel at period end before the period is over. */
  resumeSubscription(subscriptionId: string, options: { idempotencyKey: string }): Promise<void>
  /**
   * Refunds a charge in full or in part (an administrator's decision), giving back the platform's
   * fee in proportion and taking the creator's share back from the connected account. The same
   * `idempotencyKey` never refunds twice; more than the charge's unrefunded rest is refused
   * (`invalid_request`). The provider then reports a `charge.refunded` event.
   */
  refund(input: RefundInput): Promise<void>
  /**
   * Moves an affiliate's commission (decision 038): takes `amountCents` back from the creator's share
   * of the charge and sends them to the affiliate's connected account, available when the charge is.
   * The same `idempotencyKey` moves them once. Refused (`invalid_request`) when the creator's share
   * of the charge holds less, or the account cannot receive transfers.
   */
  transferCommission(input: CommissionTransferInput): Promise<{ transferId: string }>
  /**
   * Takes `amountCents` of a commission transfer back from the affiliate's account to the platform
   * (a refund gave them back to the customer). Once per `idempotencyKey`; refused (`invalid_request`)
   * beyond what is left of the transfer.
   */
  reverseCommission(input: CommissionReversalInput): Promise<void>
  /**
   * Other references the same payment may have been booked under: Stripe's invoice events of current
   * API versions name a subscription's payment by its invoice, its refund events by the payment
   * intent. Empty when there are none (the sandbox names each payment one way).
   */
  paymentAliases(paymentRef: string): Promise<string[]>
  /**
   * Checks a webhook's signature and turns it into a neutral event; null for event types we do not
   * handle. Throws `WebhookSignatureError` when the signature does not verify.
   */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent | null
}

export class WebhookSignatureError extends Error {
  constructor(message = 'The webhook signature does not verify') {
    super(message)
    this.name = 'WebhookSignatureError'
  }
}

/** A provider call that failed for a reason the customer or creator can act on (a declined card). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly reason: 'card_declined' | 'insufficient_funds' | 'invalid_request' | 'unavailable',
  ) {
    super(message)
    this.name = 'PaymentProviderError'
  }
}

/** The platform's fee on `amountCents`, rounded to the nearest cent (half up). */
export function platformFeeCents(amountCents: number, feeBps: number): number {
  return Math.floor((amountCents * feeBps + 5_000) / 10_000)
}
