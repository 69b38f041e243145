import { z } from 'zod'

/**
 * The admin console's figures and the system's status (spec §7 Admin, issue 16). Every period is a
 * UTC calendar period: a day starts at 00:00 UTC, a week on Monday 00:00 UTC, a month on its first.
 * Money is integer cents.
 */

const Timestamp = z.iso.datetime({ offset: true })
const Count = z.number().int()
const Cents = z.number().int()

/** A figure over the usual windows: today (UTC), the last 7 and 30 UTC days (today included), and all time. */
export const WindowedFigure = z.object({ today: Count, last7Days: Count, last30Days: Count, allTime: Count })
export type WindowedFigure = z.infer<typeof WindowedFigure>

/** The figures of the overview. Point-in-time figures (totals, live subscriptions, pending payouts) come once. */
export const MetricsOverview = z.object({
  asOf: Timestamp,
  /** When people and live subscriptions (with MRR) were counted: reused for up to a minute. */
  countedAt: Timestamp,
  timeZone: z.literal('UTC'),
  customers: z.object({ total: Count, new: WindowedFigure }),
  creators: z.object({ total: Count, new: WindowedFigure }),
  subscriptions: z.object({
    /** Paying subscriptions: active and past due (still being collected). */
    active: Count,
    trialing: Count,
    pastDue: Count,
    /** Monthly recurring revenue of the active and past-due subscriptions; trials are left out. */
    mrrCents: Cents,
  }),
  sales: z.object({
    /** Charges booked (first payments and renewals). */
    count: WindowedFigure,
    grossCents: WindowedFigure,
    /** The platform's fees, net of the share given back with refunds. */
    platformFeesCents: WindowedFigure,
    refundsCents: WindowedFigure,
  }),
  payouts: z.object({
    pendingCount: Count,
    pendingCents: Cents,
    /** Payouts marked paid in the window (by when they were last updated). */
    paidCount: WindowedFigure,
    paidCents: WindowedFigure,
  }),
  picks: z.object({ posted: WindowedFigure, graded: WindowedFigure }),
  deliveries: z.object({ sent: WindowedFigure, failed: WindowedFigure }),
})
export type MetricsOverview = z.infer<typeof MetricsOverview>

export const metricIntervals = ['day', 'week', 'month'] as const
export type MetricInterval = (typeof metricIntervals)[number]

const IsoDate = z.iso.date('must be a date (YYYY-MM-DD)')

/** A range of UTC periods: `from` and `to` are days (inclusive); by default the last 30 days by day. */
export const MetricsRangeQuery = z.object({
  interval: z.enum(metricIntervals, 'must be one of day, week, month').default('day'),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
})
export type MetricsRangeQuery = z.infer<typeof MetricsRangeQuery>

/** One period of revenue: its first day and the first day after it (UTC), and its sums. */
export const AdminRevenuePeriod = z.object({
  start: z.iso.date(),
  end: z.iso.date(),
  grossCents: Cents,
  platformFeesCents: Cents,
  refundsCents: Cents,
  /** What buyers paid and kept paid: gross less refunds. Creators' share of it is this less the fees. */
  netCents: Cents,
})
export type AdminRevenuePeriod = z.infer<typeof AdminRevenuePeriod>

const RangeEcho = {
  timeZone: z.literal('UTC'),
  interval: z.enum(metricIntervals),
  /** The first day of the first period and the last day of the last one: whole periods covering the asked range. */
  from: z.iso.date(),
  to: z.iso.date(),
}

export const RevenueReport = z.object({
  ...RangeEcho,
  periods: z.array(AdminRevenuePeriod),
  totals: AdminRevenuePeriod.omit({ start: true, end: true }),
})
export type RevenueReport = z.infer<typeof RevenueReport>

/** The operator's first screen: the overview, 30 days of revenue and what needs attention. */
export const AdminDashboard = z.object({
  overview: MetricsOverview,
  revenueLast30Days: z.array(AdminRevenuePeriod),
  attention: z.object({
    /** Alert deliveries that failed in the last 7 days. */
    failedDeliveries: Count,
    /** Payouts the provider failed (every one on record). */
    failedPayouts: Count,
    pastDueSubscriptions: Count,
  }),
})
export type AdminDashboard = z.infer<typeof AdminDashboard>

/** A subscription's status, as the purchases table keeps it. */
export type SubscriptionStatus = 'pending' | 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'expired'

/** One period of subscriptions: started, ended, live at its start and the churn rate. */
export const SubscriptionPeriod = z.object({
  start: z.iso.date(),
  end: z.iso.date(),
  /** Subscriptions that started (checkout completed) in the period. */
  new: Count,
  /** Subscriptions that ended (canceled or expired) in the period. */
  cancelled: Count,
  activeAtStart: Count,
  /** `cancelled ÷ activeAtStart`; null when nothing was live at the start. */
  churnRate: z.number().nullable(),
})

export const SubscriptionsOverview = z.object({
  asOf: Timestamp,
  /** When every subscription was last counted (`byStatus` and the number live): at most a minute before `asOf`. */
  countedAt: Timestamp,
  ...RangeEcho,
  byStatus: z.object({
    pending: Count,
    incomplete: Count,
    trialing: Count,
    active: Count,
    past_due: Count,
    canceled: Count,
    expired: Count,
  }),
  periods: z.array(SubscriptionPeriod),
  /** Trials whose trial ended in the range, and how many of them were then paid for. */
  trialConversion: z.object({ trialsEnded: Count, converted: Count, rate: z.number().nullable() }),
})
export type SubscriptionsOverview = z.infer<typeof SubscriptionsOverview>

const Bytes = z.number().int()

/** What the operator checks first when something looks wrong. Never carries a secret. */
export const SystemStatus = z.object({
  checkedAt: Timestamp,
  app: z.object({ version: z.string(), node: z.string(), uptimeSeconds: z.number(), startedAt: Timestamp }),
  memory: z.object({ rss: Bytes, heapTotal: Bytes, heapUsed: Bytes, external: Bytes, arrayBuffers: Bytes }),
  database: z.object({
    reachable: z.boolean(),
    kind: z.enum(['pglite', 'postgres']),
    /** The latest applied drizzle migration's tag (e.g. `0015_admin_audit_log`), and how many are applied. */
    migration: z.object({ latest: z.string().nullable(), appliedAt: Timestamp.nullable(), applied: Count }),
  }),
  /** pg-boss's counts per queue, as its monitor last counted them. */
  queues: z.array(
    z.object({ name: z.string(), queued: Count, ready: Count, deferred: Count, active: Count, failed: Count }),
  ),
  outboxes: z.object({
    /** E-mail outbox rows by status (`queued` is not yet sent). */
    email: z.object({ queued: Count, sent: Count }),
    /** The text outbox has no status: every row is a message written there instead of being sent. */
    sms: z.object({ rows: Count }),
  }),
  providers: z.object({
    payments: z.enum(['stripe', 'sandbox']),
    email: z.enum(['smtp', 'outbox']),
    sms: z.enum(['twilio', 'outbox']),
    odds: z.object({
      provider: z.enum(['the-odds-api', 'fixtures']),
      /** The Odds API's remaining requests when the adapter has heard them; null otherwise. */
      quotaRemaining: Count.nullable(),
    }),
  }),
})
export type SystemStatus = z.infer<typeof SystemStatus>
