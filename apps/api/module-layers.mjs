// The API's allowed dependencies between modules, in one place: eslint.config.js turns it into the
// `boundaries/dependencies` rule, src/module-layers.test.ts checks that it has no cycle and names
// every module, and docs/architecture.md draws it. Type-only imports count like any other.

/**
 * Which other modules each module (`apps/api/src/modules/<name>`) may import, lower modules first.
 * Every module may also import the platform parts below; no module imports the composition parts.
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const moduleLayers = {
  notifications: [],
  odds: [],
  health: [],
  payments: ['auth'],
  media: ['auth'],
  auth: ['notifications'],
  audit: ['auth'],
  users: ['auth', 'audit'],
  admin: ['auth', 'users', 'audit'],
  clients: ['auth', 'users'],
  creators: ['auth', 'users'],
  // Promo codes (issue 17): the creator's codes; purchases apply them at checkout.
  promotions: ['creators', 'users', 'auth'],
  ledger: ['payments', 'creators'],
  payouts: ['ledger', 'payments', 'creators', 'users', 'auth'],
  purchases: ['promotions', 'ledger', 'payments', 'creators', 'users', 'auth'],
  // Affiliates (issue 17, decision 038): arrangements, clicks, referred purchases and their commission.
  affiliates: ['purchases', 'payouts', 'ledger', 'payments', 'creators', 'users', 'auth', 'notifications'],
  billing: [
    'affiliates',
    'promotions',
    'purchases',
    'payouts',
    'ledger',
    'payments',
    'creators',
    'users',
    'auth',
    'notifications',
    'audit',
  ],
  // A pick may name one of the creator's clients (decision 044).
  picks: ['purchases', 'creators', 'clients', 'odds', 'auth', 'users', 'audit'],
  alerts: ['picks', 'purchases', 'creators', 'users', 'notifications', 'auth'],
  // Reports and moderators' hides (issue 16): the content's own modules keep the hidden state.
  moderation: ['picks', 'creators', 'users', 'audit', 'auth'],
  // A creator's analytics (issue 17): figures read across sales, picks and deliveries, never kept by hand.
  analytics: ['alerts', 'picks', 'purchases', 'promotions', 'ledger', 'creators', 'users', 'auth'],
  // Browsers' error and performance reports (issue 18, decision 039): stored, grouped, pruned.
  reports: ['users', 'auth'],
  // The server metrics (issue 18, decision 040): requests, the process, pool, queues, deliveries, outboxes.
  metrics: ['alerts', 'notifications'],
  // The admin console's reads across the marketplace (issue 16): figures, lists, deliveries, status.
  console: [
    'alerts',
    'billing',
    'picks',
    'purchases',
    'payouts',
    'ledger',
    'creators',
    'users',
    'payments',
    'notifications',
    'odds',
    'admin',
    'audit',
    'auth',
  ],
}

/**
 * The platform: code every module may import, which imports no module. Each part lists the other
 * platform parts it may import.
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const platformLayers = {
  config: [],
  errors: [],
  db: ['config'],
  // The request limiters keep their counts in the database (http/sliding-window.ts), shared by every process.
  http: ['errors', 'config', 'db'],
  // The job queue itself (jobs/queue.ts, registry.ts, scheduled.ts): each module defines its own jobs on it.
  queue: ['db', 'config'],
}

/**
 * The composition: what builds processes out of the modules. Each part may import every module and
 * every platform part, plus the composition parts it lists; no module or platform part imports one.
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const compositionLayers = {
  // Every table, for drizzle-kit's migration generator (db/schema.ts); the runtime client never imports it.
  schema: [],
  // Demo data for a fresh database (seed/).
  seed: [],
  // Which jobs exist and the worker process (jobs/ but the queue).
  jobs: [],
  // The entry files at src/: app.ts, openapi.ts, start.ts, server.ts, worker.ts, shutdown.ts, admin-create.ts.
  app: ['jobs', 'seed'],
}
