import { randomUUID } from 'node:crypto'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance } from 'fastify'
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod'
import { SiteConfigAnswer } from '@picks/contracts'
import type { Config } from './config.ts'
import { AppError } from './errors.ts'
import type { Database } from './db/client.ts'
import { openInvalidations } from './db/invalidations.ts'
import { registerApiCompression } from './http/compression.ts'
import { frameworkErrors, registerErrorHandling } from './http/error-handler.ts'
import { logRedaction } from './http/log-redaction.ts'
import { addSecurityHeaders } from './http/security-headers.ts'
import { addPublicEtags } from './http/public-etags.ts'
import { describeOperations, securitySchemes } from './openapi.ts'
import { registerWebApp } from './http/static-web.ts'
import { validatorCompiler } from './http/validation.ts'
import { creatorsRoutes } from './modules/creators/creators.routes.ts'
import { createShopCache } from './modules/creators/shop-cache.ts'
import { touchOf } from './modules/creators/referral-touch.ts'
import { recordReferralSignup } from './modules/creators/share-links.ts'
import { shareLinkResultsRoutes } from './modules/analytics/share-link-results.routes.ts'
import { adminRoutes } from './modules/admin/admin.routes.ts'
import { auditRoutes } from './modules/audit/audit.routes.ts'
import { consoleMetricsRoutes } from './modules/console/console-metrics.routes.ts'
import { consoleDeliveriesRoutes } from './modules/console/console-deliveries.routes.ts'
import { consoleListsRoutes } from './modules/console/console-lists.routes.ts'
import { registerAuthRoutes } from './modules/auth/auth.routes.ts'
import { carriesCredentials, createAuth, hasPendingSecondFactor, requestSession } from './modules/auth/auth.service.ts'
import { createSessionCache, mayChangeSessions, sessionsTopic } from './modules/auth/session-cache.ts'
import { installGuard } from './modules/auth/guard.ts'
import { isVerified as isAdminVerified } from './modules/admin/admin.service.ts'
import { accountDirectory, signedInUserByAuthId } from './modules/users/users.service.ts'
import {
  createSenders,
  sendInBackground,
  type EmailSender,
  type SmsSender,
} from './modules/notifications/notifications.service.ts'
import { allJobs, workAllJobs } from './jobs/all-jobs.ts'
import { openJobQueue, type Jobs } from './jobs/queue.ts'
import {
  defaultAlertTuning,
  recordPublished,
  startFanOut,
  startSendingWith,
  type AlertDeps,
  type AlertTuning,
} from './modules/alerts/alert-jobs.ts'
import { factorsRoutes } from './modules/auth/factors.routes.ts'
import { phoneVerificationRoutes } from './modules/auth/phone-verification.routes.ts'
import { usersRoutes } from './modules/users/users.routes.ts'
import { moderationRoutes } from './modules/moderation/moderation.routes.ts'
import { clientsRoutes } from './modules/clients/clients.routes.ts'
import { healthRoutes } from './modules/health/health.routes.ts'
import { mediaFileRoutes, mediaUploadRoutes } from './modules/media/media.routes.ts'
import { createMediaStorage, createUploadLimiter } from './modules/media/media.service.ts'
import type { PaymentProvider } from './modules/payments/payment-provider.ts'
import { sandboxRoutes } from './modules/payments/sandbox.routes.ts'
import { webhookRoutes } from './modules/payments/webhook.routes.ts'
import { payoutsRoutes } from './modules/payouts/payouts.routes.ts'
import { affiliatesRoutes } from './modules/affiliates/affiliates.routes.ts'
import { attributePurchase } from './modules/affiliates/affiliates.service.ts'
import { chargeableAccountOf } from './modules/payouts/payouts.service.ts'
import { createBilling, type Billing } from './modules/billing/billing.service.ts'
import { depositsRoutes } from './modules/billing/deposits.routes.ts'
import { receiptsRoutes } from './modules/billing/receipts.routes.ts'
import { refundsRoutes } from './modules/billing/refunds.routes.ts'
import { promoCodesRoutes } from './modules/promotions/promo-codes.routes.ts'
import { purchasesRoutes } from './modules/purchases/purchases.routes.ts'
import { createEntitlementCache, subscriberCount } from './modules/purchases/purchases.service.ts'
import { createOddsProvider, fixtureControls, type OddsProvider } from './modules/odds/odds.service.ts'
import { oddsRoutes } from './modules/odds/odds.routes.ts'
import { createPicksCache } from './modules/picks/picks-cache.ts'
import { picksRoutes } from './modules/picks/picks.routes.ts'
import { createGrader, type Grader } from './modules/picks/picks.service.ts'
import { alertsRoutes } from './modules/alerts/alerts.routes.ts'
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts'
import { settleAllCreators } from './modules/analytics/creator-analytics.ts'
import { smsWebhooksRoutes } from './modules/alerts/sms-webhooks.routes.ts'
import { reportsRoutes, type ReportLimits } from './modules/reports/reports.routes.ts'
import { createMetrics, recordRequests } from './modules/metrics/metrics.ts'
import { metricsRoutes } from './modules/metrics/metrics.routes.ts'
import { pruneReports } from './modules/reports/reports.service.ts'
import { reportsAdminRoutes } from './modules/reports/reports-admin.routes.ts'
import { createSymbolicator } from './modules/reports/source-maps.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider, its event handler and the scheduled billing work. */
    billing: Billing
    /** The odds provider in use (The Odds API or the fixtures). */
    odds: OddsProvider
    /** Grades pending picks from the provider's scores. */
    grader: Grader
    /** The job queue and the pick alerts' services (tests run the jobs by hand). */
    alerts: { jobs: Jobs; deps: AlertDeps }
  }
}

export interface AppDeps {
  database: Database
  /** Where e-mail goes; by default SMTP when configured, else the database outbox. */
  email?: EmailSender
  /** Where text messages go (sign-in and phone codes); by default Twilio when configured, else the outbox. */
  sms?: SmsSender
  /** The clock of time-based rules (the failed-login throttle, username holds); tests move it. */
  now?: () => Date
  /** The auth library's own request limiter; on by default except in tests (which turn it on to test it). */
  authRateLimit?: boolean
  /** A payment provider instead of the configured one (tests: Stripe's SDK against a local double). */
  paymentProvider?: PaymentProvider
  /** An odds provider instead of the configured one (The Odds API with a key, else fixtures on this app's clock). */
  odds?: OddsProvider
  /**
   * Whether this process runs pg-boss's cron, which sends the scheduled jobs' ticks (billing,
   * grading, the alert sweep); by default when it runs the jobs (`config.runWorker`). A test that
   * runs the jobs but sends the ticks itself turns it off.
   */
  scheduler?: boolean
  /** How the pick alerts batch and pace their work (tests and benchmarks). */
  alertTuning?: Partial<AlertTuning>
  /** How many client reports an address and a person may send per window (tests make them small). */
  reportLimits?: Partial<ReportLimits>
  /** Whether start-up work is still running after listening (start.ts); `GET /api/ready` answers 503 meanwhile. */
  starting?: () => boolean
}

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const startedAt = new Date()
  const app = Fastify({
    logger: { level: config.env === 'test' ? 'silent' : config.logLevel, ...logRedaction },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id']
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID()
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.env === 'production' ? 'loopback' : false,
    // Longer path parameters reach their schema (a 400 naming the field) rather than the router's limit.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  deps.database.onConnectionError((err) =>
    app.log.warn({ err }, 'a database connection broke while idle; the pool opens a new one when needed'),
  )
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  addSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    hsts: config.env === 'production',
  })

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Picks marketplace API', version: '1.0.0' },
      servers: [{ url: '/api' }],
      components: { securitySchemes },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true })

  const senders = createSenders(config, deps.database.db, app.log, {
    ...(deps.email ? { email: deps.email } : {}),
    ...(deps.sms ? { sms: deps.sms } : {}),
  })
  const { sms } = senders
  // An SMTP send is a network round trip: answering before it keeps a known e-mail's answer (reset
  // link, new code) as quick as an unknown one's, so timing tells no one who has an account.
  const email = senders.email.kind === 'smtp' ? sendInBackground(senders.email, app.log) : senders.email
  // Auth reaches the person records through the users module's side of its account directory.
  const accounts = accountDirectory({ db: deps.database.db })
  const now = deps.now ?? (() => new Date())
  // A share link's last touch (decision 036): the signed cookie set by a visit through the link.
  const lastTouch = (cookie: string | null | undefined) => touchOf(cookie, config.authSecret, now())
  const auth = createAuth({
    db: deps.database.db,
    accounts,
    config,
    email,
    sms,
    log: app.log,
    now,
    ...(deps.authRateLimit !== undefined ? { rateLimit: deps.authRateLimit } : {}),
    // A new account is credited to the share link its person came through within 30 days.
    afterSignUp: async ({ authId, cookie }) => {
      const touch = lastTouch(cookie)
      const user = touch ? await accounts.findByAuthId(authId) : null
      if (!touch || !user) return
      await recordReferralSignup({ db: deps.database.db }, { userId: user.id, touch, signedUpAt: now() })
    },
  })

  const jobs = await openJobQueue(deps.database, allJobs, {
    log: app.log,
    schedule: deps.scheduler ?? config.runWorker,
  })
  // Read caches forget their answers in every process when one of them (or the worker) changes what
  // they show: PostgreSQL's LISTEN/NOTIFY, through the job queue's listener (decision 047).
  const invalidations = await openInvalidations({ db: deps.database.db, listen: jobs.listen, log: app.log })
  // A signed-in request's session and user, kept a few seconds; every write that may change one
  // forgets them in every process before its answer leaves (decision 050).
  const sessionCache = createSessionCache({
    ttlMs: config.sessionCacheTtlMs,
    now: () => now().getTime(),
    invalidations,
  })
  app.addHook('onSend', async (request, _reply, payload) => {
    if (mayChangeSessions(request, carriesCredentials(request))) await sessionCache.invalidate()
    return payload
  })
  // Every route from here on declares who may call it; the guard enforces it before the body is read.
  installGuard(app, {
    session: (request) => sessionCache.session(request, () => requestSession(auth, deps.database.db, request)),
    // A suspended account's session, if one is still in flight, counts for nothing.
    userOf: (authId) => sessionCache.userOf(authId, () => signedInUserByAuthId({ db: deps.database.db }, authId)),
    adminVerified: (sessionId) => isAdminVerified({ db: deps.database.db, now }, sessionId),
    pendingSecondFactor: (request) => hasPendingSecondFactor(auth, request),
    metricsToken: config.metricsToken,
  })
  describeOperations(app)

  const siteOrigin = new URL(config.publicUrl).origin
  const mediaStorage = createMediaStorage(config)
  const readCacheOptions = { ttlMs: config.shopCacheTtlMs, now: () => now().getTime(), invalidations }
  const shopCache = createShopCache(readCacheOptions)
  // The feeds, a creator's picks, records and the leaderboard as visitors read them (decision 050).
  const picksCache = createPicksCache(readCacheOptions)
  // Subscribers' feeds, apart, so that many subscribers' pages do not push the visitors' out.
  const subscribedFeeds = createPicksCache({ ...readCacheOptions, maxEntries: 2_000 })
  // Which creators each signed-in customer is entitled to, kept as long as their session (decision 050).
  const entitlements = createEntitlementCache(deps.database.db, now, {
    ttlMs: config.sessionCacheTtlMs,
    invalidations,
    signedInWritesTopic: sessionsTopic,
  })
  const billing = createBilling({
    config,
    db: deps.database.db,
    log: app.log,
    now,
    email: senders.email,
    ...(deps.paymentProvider ? { provider: deps.paymentProvider } : {}),
    // A payout account that starts or stops taking charges puts plans on sale or takes them off.
    onSaleChanged: () => shopCache.invalidate(),
  })
  app.decorate('billing', billing)
  const odds = deps.odds ?? createOddsProvider({ oddsApiKey: config.oddsApiKey }, app.log, { now })
  const grader = createGrader({
    db: deps.database.db,
    odds,
    now,
    log: app.log,
    onRecordChanged: () => shopCache.invalidate(),
    onPicksChanged: () => picksCache.invalidate(),
  })
  app.decorate('odds', odds)
  app.decorate('grader', grader)
  const alertDeps: AlertDeps = {
    db: deps.database.db,
    email: senders.email,
    sms,
    now,
    log: app.log,
    links: { publicUrl: config.publicUrl, secret: config.authSecret },
    tuning: { ...defaultAlertTuning, ...deps.alertTuning },
    startSending: startSendingWith(jobs),
  }
  app.decorate('alerts', { jobs, deps: alertDeps })
  // This app's own metrics (GET /api/metrics): every request it answers, by route pattern.
  const metrics = createMetrics({ database: deps.database, jobs, log: app.log })
  recordRequests(app, metrics)
  await app.register(
    async (api) => {
      // Before the routes (decision 045). The compression's hooks are each route's own, which run after
      // this scope's: the ETag is taken of the body as serialized, and a 304 leaves nothing to compress.
      addPublicEtags(api, { carriesCredentials })
      await registerApiCompression(api)
      // Cross-site protection for our cookie-authenticated changes (the library guards /api/auth
      // itself): a browser always sends Origin on these, so a foreign one is refused. The one-click
      // unsubscribe (RFC 8058) is posted by mail clients from anywhere; its signed token is its guard.
      api.addHook('onRequest', async (request) => {
        if (['GET', 'HEAD', 'OPTIONS'].includes(request.method) || request.url.startsWith('/api/auth/')) return
        if (request.url.split('?')[0] === '/api/email/unsubscribe') return
        const requestOrigin = request.headers.origin
        if (requestOrigin && requestOrigin !== siteOrigin) {
          throw new AppError('FORBIDDEN', 'Cross-site request refused', { reason: 'CROSS_SITE' })
        }
      })
      await api.register(healthRoutes, { database: deps.database, now, starting: deps.starting ?? (() => false) })
      await api.register(creatorsRoutes, {
        db: deps.database.db,
        shopCache,
        now: deps.now ?? (() => new Date()),
        publicUrl: config.publicUrl,
        visitorSecret: config.authSecret,
        subscriberCount: (creatorId) => subscriberCount(deps.database.db, creatorId, now()),
      })
      registerAuthRoutes(api, { auth, db: deps.database.db, accounts, now: deps.now ?? (() => new Date()) })
      const codes = {
        auth,
        db: deps.database.db,
        accounts,
        sms,
        now: deps.now ?? (() => new Date()),
        secret: config.authSecret,
      }
      await api.register(factorsRoutes, { ...codes, siteOrigin })
      await api.register(phoneVerificationRoutes, codes)
      await api.register(usersRoutes, { db: deps.database.db, adminEmail: config.adminEmail, shopCache, now })
      await api.register(clientsRoutes, { db: deps.database.db })
      await api.register(mediaUploadRoutes, {
        db: deps.database.db,
        storage: mediaStorage,
        limiter: createUploadLimiter({ db: deps.database.db, now }),
      })
      await api.register(adminRoutes, { auth, db: deps.database.db, now: deps.now ?? (() => new Date()) })
      await api.register(auditRoutes, { db: deps.database.db })
      await api.register(moderationRoutes, { db: deps.database.db, now, shopCache, picksCache })
      await api.register(consoleListsRoutes, { db: deps.database.db, now })
      await api.register(consoleDeliveriesRoutes, { db: deps.database.db, now })
      const money = {
        db: deps.database.db,
        provider: billing.provider,
        feeBps: config.payments.feeBps,
        holdDays: config.payments.holdDays,
        publicUrl: config.publicUrl,
        now,
      }
      await api.register(purchasesRoutes, {
        ...money,
        chargeableAccountOf: (creatorId) =>
          chargeableAccountOf({ db: deps.database.db, provider: billing.provider.name }, creatorId),
        lastTouch: (request) => lastTouch(request.headers.cookie),
        attributePurchase: (purchase, click) =>
          attributePurchase({ db: deps.database.db, now, secret: config.authSecret }, purchase, click),
      })
      await api.register(shareLinkResultsRoutes, { db: deps.database.db, now })
      await api.register(promoCodesRoutes, { db: deps.database.db, now })
      await api.register(oddsRoutes, { odds })
      await api.register(picksRoutes, {
        db: deps.database.db,
        odds,
        now,
        fixtures: fixtureControls(odds),
        onRecordChanged: () => shopCache.invalidate(),
        picksCache,
        subscribedFeeds,
        entitlements,
        publishing: {
          onPublished: (tx, pickId) => recordPublished(tx, pickId, now()),
          // The sweep starts any fan-out whose job could not be sent now; the pick is published either way.
          afterPublished: (pickId) =>
            startFanOut(jobs, pickId).catch((err: unknown) =>
              app.log.warn({ err, pickId }, 'pick alerts will start with the next sweep'),
            ),
        },
      })
      await api.register(payoutsRoutes, { ...money, onSaleChanged: () => shopCache.invalidate() })
      await api.register(affiliatesRoutes, {
        ...money,
        secret: config.authSecret,
        email,
        onSaleChanged: () => shopCache.invalidate(),
      })
      await api.register(depositsRoutes, { db: deps.database.db })
      await api.register(receiptsRoutes, { db: deps.database.db })
      await api.register(refundsRoutes, { db: deps.database.db, provider: billing.provider, log: app.log, now })
      await api.register(webhookRoutes, { provider: billing.provider, onEvent: billing.applyEvent })
      await api.register(alertsRoutes, { db: deps.database.db, jobs, alerts: alertDeps, now })
      await api.register(analyticsRoutes, { db: deps.database.db, now })
      await api.register(consoleMetricsRoutes, {
        database: deps.database,
        jobs,
        providers: { payments: billing.provider.name, email: senders.email.kind, sms: sms.kind, odds: odds.name },
        now,
        startedAt,
      })
      // Spec §7 names these `/api/errors` and `/api/errors/performance`: under this prefix, not a second one.
      await api.register(reportsRoutes, {
        db: deps.database.db,
        now,
        ...(deps.reportLimits ? { limits: deps.reportLimits } : {}),
        onAccepted: (kind, count) => metrics.countReportsAccepted(kind, count),
      })
      // The operators' views of those reports, their stacks mapped back to the source (decision 042).
      await api.register(reportsAdminRoutes, {
        db: deps.database.db,
        now,
        symbolicator: createSymbolicator({ mapsDir: config.sourceMapsDir }),
      })
      await api.register(metricsRoutes, { metrics })
      await api.register(smsWebhooksRoutes, {
        db: deps.database.db,
        alerts: alertDeps,
        twilio: config.twilio,
        publicUrl: config.publicUrl,
        now,
      })
      if (billing.sandbox) {
        await api.register(sandboxRoutes, { db: deps.database.db, sandbox: billing.sandbox, now })
      }
      api.get(
        '/config',
        {
          config: { access: 'public' },
          schema: {
            tags: ['health'],
            summary: 'What this server offers the client',
            response: { 200: SiteConfigAnswer },
          },
        },
        async (): Promise<SiteConfigAnswer> => ({
          auth: { google: config.google !== null, emailDelivery: email.kind },
          payments: {
            provider: billing.provider.name,
            publishable_key: billing.provider.name === 'stripe' ? (config.stripe?.publishableKey ?? null) : null,
          },
          odds: { provider: odds.name },
          support: { email: config.supportEmail },
        }),
      )
    },
    { prefix: '/api' },
  )

  // Spec §7 names the key set at the site's root; it is the library's (/api/auth/jwks), cached 10 minutes.
  app.get(
    '/.well-known/jwks.json',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const keys = await auth.handler(new Request(new URL('/api/auth/jwks', `${request.protocol}://${request.host}`)))
      if (!keys.ok) throw new AppError('SERVICE_UNAVAILABLE', 'The signing keys are not available')
      reply.header('cache-control', 'public, max-age=600')
      return reply.type('application/json').send(await keys.text())
    },
  )

  // Its own route for all of /media, so the web app's fallback never answers an image address with the page.
  await app.register(mediaFileRoutes, { storage: mediaStorage })
  await registerWebApp(app, config.webDistDir, { isVisitor: (request) => !carriesCredentials(request) })
  // Every job, scheduled ones included, runs on pg-boss (jobs/all-jobs.ts); off in tests, which run
  // the work by hand, and in an API run beside `npm run worker` (RUN_WORKER=false).
  app.addHook('onReady', async () => {
    if (config.runWorker) {
      const analytics = { settleAll: () => settleAllCreators(deps.database.db, now()) }
      const reports = { prune: () => pruneReports({ db: deps.database.db, now }, config.reportRetention) }
      await workAllJobs(jobs, { alerts: alertDeps, billing, grader, analytics, reports, log: app.log })
    }
  })
  app.addHook('onClose', async () => {
    await invalidations.close()
    await jobs.stop()
    await mediaStorage.close()
    await email.close()
    await deps.database.close()
  })
  return app
}
