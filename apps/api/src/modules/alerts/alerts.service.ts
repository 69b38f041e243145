/**
 * The alerts module's face to the modules above it (the admin console, the server metrics): who an alert should reach
 * (the one statement of the recipient rules, alert-recipients.ts), how a pick reads in one line,
 * the operators' message logs, and the deliveries' figures.
 */
export {
  audience,
  emailWanted,
  offeredChannels,
  offeredSql,
  preferenceJoins,
  smsWanted,
  type OfferedChannels,
} from './alert-recipients.ts'
export { pickSummary } from './alert-messages.ts'
export { adminDeliveryEntry, adminDeliveryLog, type DeliveryLogFilter } from './admin-alert-logs.ts'
export {
  deliveryCountsByStatus,
  deliveryDailyCounts,
  firstDeliveryDay,
  type DeliveryDay,
  type DeliveryStatusCount,
} from './delivery-figures.ts'
