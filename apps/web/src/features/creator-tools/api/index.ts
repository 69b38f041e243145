/**
 * The creator tools' data calls, one file per area: analytics, the dashboard (registering, plans, share
 * link, grading), payouts and the payments page, notifications, promotions and affiliates.
 */
export * from './affiliates.ts'
export * from './analytics.ts'
export * from './billing-emails.ts'
export * from './dashboard.ts'
export * from './notifications.ts'
export * from './payouts.ts'
export * from './promotions.ts'
