/**
 * The alerts module's face to the modules above it (the admin console): who an alert should reach
 * (the one statement of the recipient rules, alert-recipients.ts), how a pick reads in one line,
 * and the operators' message logs.
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
export { deliveryDailyCounts, firstDeliveryDay, type DeliveryDay } from './delivery-figures.ts'
