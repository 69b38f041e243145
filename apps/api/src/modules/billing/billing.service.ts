import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import {
  createSandboxProvider,
  createStripeProvider,
  type PaymentEvent,
  type PaymentProvider,
  type SandboxProvider,
} from '../payments/payments.service.ts'
import { moveCommissionMoney, type CommissionScope } from '../affiliates/affiliates.service.ts'
import type { EmailSender } from '../notifications/notifications.service.ts'
import { expirePasses } from '../purchases/purchases.service.ts'
import { applyPaymentEvent } from './payment-events.ts'
import { sendReceipts } from './receipts.service.ts'
import { afterRefundEvent, withBookedPaymentRef } from './refunds.service.ts'

/**
 * The billing module: above purchases, payouts and the ledger, it is where money comes in. It holds
 * the configured payment provider (Stripe when its keys are set, else the sandbox), the one handler
 * of the provider's events both feed (payment-events.ts, which hands each event to its owner), and
 * the scheduled work (renewals in sandbox mode, passes expiring, stale checkouts, receipts not yet
 * sent). In Stripe mode
 * Stripe drives renewals through its events. Money flows one way: billing → purchases and payouts
 * → ledger; nothing below imports billing.
 */

export { billingJob, billingJobs, workBilling } from './billing-jobs.ts'

export interface Billing {
  provider: PaymentProvider
  /** Set in sandbox mode. */
  sandbox: SandboxProvider | null
  applyEvent(event: PaymentEvent): Promise<boolean>
  /** One pass of the scheduled work at `now`; what it did. */
  runDue(now: Date): Promise<{ renewed: number; failed: number; ended: number; expired: number; passesExpired: number }>
  /** One scheduled pass at the current time, logging what it did (the `billing.scheduled` job, billing-jobs.ts). */
  runScheduled(): Promise<void>
}

export interface BillingOptions {
  config: Pick<Config, 'stripe' | 'publicUrl' | 'payments'>
  db: Db
  log: FastifyBaseLogger
  now: () => Date
  /** A provider to use instead of the configured one (tests: Stripe's SDK against a local double). */
  provider?: PaymentProvider
  /** Where receipts go (the configured sender: SMTP or the outbox). */
  email: EmailSender
  /** Called after an account event may have put plans on sale or taken them off (the shop's cache). */
  onSaleChanged?: () => Promise<void>
}

export function createBilling(options: BillingOptions): Billing {
  const { config, db, log, now } = options
  let provider: PaymentProvider
  let sandbox: SandboxProvider | null = null

  /** Sends the receipts waiting; a failure is logged and left for the scheduled job to retry. */
  async function sendWaitingReceipts(): Promise<number> {
    try {
      return await sendReceipts({ db, email: options.email, publicUrl: config.publicUrl, log })
    } catch (err) {
      log.error({ err }, 'billing: receipts could not be sent now; the scheduled job tries again')
      return 0
    }
  }

  /**
   * Moves affiliates' commissions at the provider as the ledgers now say (decision 038): for the
   * event's charge, the affiliate whose account changed, or all that differ (`null`). Failures are
   * logged inside and left for the scheduled job.
   */
  const moveCommissions = async (scope: CommissionScope) =>
    moveCommissionMoney({ db, provider, log }, scope).catch((err: unknown) => {
      log.error({ err }, "billing: affiliates' commissions could not be moved now; the scheduled job tries again")
      return { moved: 0, waiting: 0 }
    })

  // Declared before the provider, which the sandbox hands its events to.
  const applyEvent = async (received: PaymentEvent) => {
    const event =
      received.type === 'charge.refunded' ? await withBookedPaymentRef({ db, provider }, received) : received
    const applied = await applyPaymentEvent(
      {
        db,
        provider: provider.name,
        holdDays: config.payments.holdDays,
        ...(options.onSaleChanged ? { onSaleChanged: options.onSaleChanged } : {}),
      },
      event,
    )
    // After the commit: the event's receipts are in the table whether or not the send works now.
    if (applied) await sendWaitingReceipts()
    // A refund in full ended the purchase: its subscription stops at the provider too.
    if (applied && event.type === 'charge.refunded') await afterRefundEvent({ db, provider, log }, event)
    // A referred payment's commission goes to the affiliate's account, a refund's share of it comes
    // back, and an affiliate who has just onboarded receives what waited for them.
    if (applied) {
      const paymentRef =
        event.type === 'charge.refunded'
          ? event.paymentRef
          : 'payment' in event
            ? (event.payment?.paymentRef ?? null)
            : null
      if (paymentRef !== null) await moveCommissions({ paymentRef })
      else if (event.type === 'account.updated' && event.payoutsEnabled) {
        await moveCommissions({ accountId: event.accountId })
      }
    }
    return applied
  }

  if (options.provider) {
    provider = options.provider
  } else if (config.stripe) {
    provider = createStripeProvider({
      secretKey: config.stripe.secretKey,
      webhookSecret: config.stripe.webhookSecret,
      ...(config.stripe.connectWebhookSecret ? { connectWebhookSecret: config.stripe.connectWebhookSecret } : {}),
      publicUrl: config.publicUrl,
    })
  } else {
    sandbox = createSandboxProvider({ db, publicUrl: config.publicUrl, deliver: applyEvent, now })
    provider = sandbox
  }

  async function runDue(at: Date) {
    const sandboxWork = sandbox ? await sandbox.runDue(at) : { renewed: 0, failed: 0, ended: 0, expired: 0 }
    const passesExpired = await expirePasses(db, at)
    return { ...sandboxWork, passesExpired }
  }

  return {
    provider,
    sandbox,
    applyEvent,
    runDue,
    async runScheduled() {
      const commissions = await moveCommissions(null)
      const done = {
        ...(await runDue(now())),
        receiptsSent: await sendWaitingReceipts(),
        commissionsMoved: commissions.moved,
      }
      if (Object.values(done).some((n) => n > 0)) log.info(done, 'billing: scheduled work done')
    },
  }
}
