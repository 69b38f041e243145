// Every table, for drizzle-kit's migration generator only (drizzle.config.ts): the runtime client
// (db/client.ts) is typed without a schema, and no application code imports this file.
export { users } from '../modules/users/users.table.ts'
export { creatorProfiles, subscriptionPlans } from '../modules/creators/creators.table.ts'
export {
  creatorPreviousUsernames,
  creatorReferralSignups,
  creatorReferralVisits,
  creatorShareCodes,
} from '../modules/creators/creator-links.table.ts'
export { creatorRecords } from '../modules/creators/creator-records.table.ts'
export { emailOutbox, smsOutbox } from '../modules/notifications/notifications.table.ts'
export {
  authAccounts,
  authChallenges,
  authEvents,
  authJwks,
  authPhoneFactors,
  authSessions,
  authTwoFactors,
  authUsers,
  authVerifications,
  loginThrottles,
} from '../modules/auth/auth.table.ts'
export { adminPasswords, adminVerifications } from '../modules/admin/admin.table.ts'
export { adminAuditLog } from '../modules/audit/audit.table.ts'
export { creatorClients } from '../modules/clients/clients.table.ts'
export { ledgerEntries } from '../modules/ledger/ledger.table.ts'
export { affiliateLedgerEntries } from '../modules/ledger/affiliate-ledger.table.ts'
export {
  affiliateArrangements,
  affiliateClicks,
  affiliateCommissionTransfers,
  affiliateReferrals,
} from '../modules/affiliates/affiliates.table.ts'
export { purchases } from '../modules/purchases/purchases.table.ts'
export { promoCodes } from '../modules/promotions/promotions.table.ts'
export { paymentEvents } from '../modules/billing/billing.table.ts'
export { billingReceipts } from '../modules/billing/receipts.table.ts'
export { adminRefunds } from '../modules/billing/refunds.table.ts'
export { payoutAccounts, payouts } from '../modules/payouts/payouts.table.ts'
export {
  sandboxAccountLinks,
  sandboxAccounts,
  sandboxCharges,
  sandboxCheckoutSessions,
  sandboxPayouts,
  sandboxRefunds,
  sandboxSubscriptions,
  sandboxTransfers,
} from '../modules/payments/sandbox.table.ts'
export { pickAudit, picks } from '../modules/picks/picks.table.ts'
export {
  alertDeliveries,
  alertFanouts,
  creatorAlertPreferences,
  deliveryMethods,
  notificationSettings,
  smsInbound,
  smsNumbers,
} from '../modules/alerts/alerts.table.ts'
export { contentReports } from '../modules/moderation/moderation.table.ts'
export { consoleDailyTotals, consoleSnapshots } from '../modules/console/daily-totals.table.ts'
export { creatorTotals, customerTotals } from '../modules/console/lists-totals.table.ts'
export { creatorDailyFigures, creatorMonthlyFigures } from '../modules/analytics/analytics.table.ts'
export { clientErrorReports, clientPerformanceReports } from '../modules/reports/reports.table.ts'
export { rateLimits } from '../http/rate-limits.table.ts'
