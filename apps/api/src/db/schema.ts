export { users } from '../modules/users/users.table.ts'
export { creatorProfiles, subscriptionPlans } from '../modules/creators/creators.table.ts'
