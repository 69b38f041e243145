/**
 * The zod-free part of the contracts: constants, rules and types the browser needs. The web app
 * imports values from here (`@picks/contracts/client`) so that no schema library reaches its
 * bundle; the zod schemas in `index.ts` are for the API and for type-only imports.
 */
export * from './limits.ts'
export * from './messages.ts'
export * from './sports.ts'
export * from './roles.ts'
export * from './user.ts'
export * from './creator-rules.ts'
export * from './money.ts'
export * from './auth-rules.ts'
export * from './creator-profile-rules.ts'
export * from './plan-rules.ts'
export * from './promo-rules.ts'
export * from './payment-rules.ts'
export * from './pick-rules.ts'
export * from './odds-rules.ts'
export * from './notification-rules.ts'
export * from './admin-rules.ts'
export * from './moderation-rules.ts'
export * from './affiliate-rules.ts'
export * from './analytics-rules.ts'
export * from './client-report-rules.ts'
export * from './client-rules.ts'
