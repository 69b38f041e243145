/**
 * The creator tools' data calls, one file per area: the dashboard (registering, plans, share link,
 * grading), payouts and the payments page, notifications, and affiliates.
 */
export * from './affiliates.ts'
export * from './billing-emails.ts'
export * from './dashboard.ts'
export * from './notifications.ts'
export * from './payouts.ts'
