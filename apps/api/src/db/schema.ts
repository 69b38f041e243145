export { users } from '../modules/users/users.table.ts'
export { creatorProfiles, subscriptionPlans } from '../modules/creators/creators.table.ts'
export { emailOutbox, smsOutbox } from '../modules/notifications/notifications.table.ts'
export {
  authAccounts,
  authEvents,
  authJwks,
  authSessions,
  authUsers,
  authVerifications,
  loginThrottles,
} from '../modules/auth/auth.table.ts'
export { adminPasswords, adminVerifications } from '../modules/admin/admin.table.ts'
