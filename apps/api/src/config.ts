import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

/**
 * The API package's folder (`apps/api`), for the files the server reads beside its code (the
 * migrations, the empty-database template, package.json). Run from source this module is
 * `apps/api/src/config.ts`; in the server bundle (`npm run build`, decision 048) it is part of
 * `apps/api/dist/server.js`. Both sit one folder below the package, so one rule finds it from both.
 */
export const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const repoRoot = path.resolve(apiRoot, '../..')
/** The committed drizzle-kit migrations (db/migrate.ts applies them). */
export const migrationsFolder = path.join(apiRoot, 'drizzle')

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.url().optional(),
  SEED_DEMO_DATA: booleanFlag.optional(),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  SOURCE_MAPS_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist-sourcemaps')),
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  METRICS_TOKEN: z
    .string()
    .min(32, 'METRICS_TOKEN must be at least 32 characters')
    .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN must be printable ASCII without spaces (it is sent as a bearer token)')
    .optional(),
  SMTP_URL: z
    .url()
    .refine((u) => /^smtps?:\/\//.test(u), 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  EMAIL_FROM: z.string().min(3).default('Picks Marketplace <no-reply@picks.local>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z
    .url({ protocol: /^https?$/, error: 'GOOGLE_DISCOVERY_URL must be an http:// or https:// address' })
    .optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'TWILIO_ACCOUNT_SID must look like AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM_NUMBER: z
    .string()
    .regex(/^\+[1-9]\d{7,14}$/, 'TWILIO_FROM_NUMBER must be an E.164 number such as +15551234567')
    .optional(),
  RUN_WORKER: booleanFlag.optional(),
  SHOP_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(5_000),
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'STRIPE_PUBLISHABLE_KEY must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().min(1).optional(),
  ODDS_API_KEY: z
    .string()
    .regex(/^[A-Za-z0-9]{16,64}$/, 'ODDS_API_KEY must be the key The Odds API gave you (letters and digits)')
    .optional(),
  PLATFORM_FEE_BPS: z.coerce
    .number()
    .int()
    .min(0, 'PLATFORM_FEE_BPS must be 0 to 5000 (basis points: 1000 is 10%)')
    .max(5_000, 'PLATFORM_FEE_BPS must be 0 to 5000 (basis points: 1000 is 10%)')
    .default(1_000),
  PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(90).optional(),
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email('ADMIN_EMAIL must be an e-mail address')).optional(),
  SUPPORT_EMAIL: z
    .string()
    .trim()
    .pipe(z.email('SUPPORT_EMAIL must be an e-mail address, such as support@example.com'))
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    )
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z
    .url()
    .refine((u) => /^https?:\/\//.test(u), 'S3_ENDPOINT must start with http:// or https://')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  ERROR_REPORT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1, 'ERROR_REPORT_RETENTION_DAYS must be a whole number of days from 1 to 3650')
    .max(3_650, 'ERROR_REPORT_RETENTION_DAYS must be a whole number of days from 1 to 3650')
    .default(30),
  PERFORMANCE_REPORT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1, 'PERFORMANCE_REPORT_RETENTION_DAYS must be a whole number of days from 1 to 3650')
    .max(3_650, 'PERFORMANCE_REPORT_RETENTION_DAYS must be a whole number of days from 1 to 3650')
    .default(14),
})

export interface Config {
  env: 'development' | 'production' | 'test'
  host: string
  port: number
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL']
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string }
  seedDemoData: boolean
  webDistDir: string
  /**
   * Where the production build put its source maps (`assets/<bundle>.js.map`), outside the web
   * root so no browser gets them; the admin views of error reports read them (decision 042).
   */
  sourceMapsDir: string
  publicUrl: string
  /** Signs sessions and tokens. Required in production; a fixed, public value in development and tests. */
  authSecret: string
  /** A bearer token that may read `GET /api/metrics` besides a verified admin (a Prometheus scraper); null: admins only. */
  metricsToken: string | null
  /** E-mail goes over SMTP when set, else to the database outbox. */
  smtp: { url: string; from: string } | null
  emailFrom: string
  /** Google sign-in (OpenID Connect): credentials and the discovery document; null when not configured. */
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | null
  /** Text messages go through Twilio when set, else to the database outbox. */
  twilio: { accountSid: string; authToken: string; from: string } | null
  /** How long a shop listing answer is reused; 0 turns the shop cache off. */
  shopCacheTtlMs: number
  /** How long a process reuses a session and its user it looked up (decision 050); 0 turns it off. */
  sessionCacheTtlMs: number
  /** Whether the server also runs the background jobs (pick alerts); false when `npm run worker` runs them. */
  runWorker: boolean
  /** `connectWebhookSecret`: the signing secret of the Connect endpoint (connected accounts' events), when separate. */
  stripe: {
    secretKey: string
    publishableKey: string
    webhookSecret: string
    connectWebhookSecret: string | null
  } | null
  /** The Odds API v4 key; null: the shipped fixture odds (games shifted to today). */
  oddsApiKey: string | null
  /** The platform's fee on every charge and how long a charge stays pending before a creator can withdraw it. */
  payments: { feeBps: number; holdDays: number }
  /** The one account shown the sidebar's Admin Dashboard entry (trimmed, lowercased); null: nobody. */
  adminEmail: string | null
  /** Where people write for help: shown on Support and the legal pages (through `/api/config`). */
  supportEmail: string
  /** DATA_DIR: uploaded images live in its `media` folder unless S3 is configured. */
  dataDir: string
  /** Uploaded images go to this S3-compatible bucket when set, else to `${dataDir}/media`. */
  s3: S3Config | null
  /** Days the browsers' error and performance reports are kept before the nightly job deletes them. */
  reportRetention: { errorDays: number; performanceDays: number }
}

export interface S3Config {
  bucket: string
  region: string
  /** MinIO, R2 and the like; unset for AWS itself. */
  endpoint: string | null
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
}

/** Settings that are required together: when the first is set, every other one must be too. */
const requiredTogether: ReadonlyArray<readonly (keyof z.infer<typeof EnvSchema>)[]> = [
  ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
  ['STRIPE_CONNECT_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY'],
  ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'],
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID'],
  ['GOOGLE_DISCOVERY_URL', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
  ...(['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).map(
    (name) => [name, 'S3_BUCKET'] as const,
  ),
]

/** Google's own OpenID Connect discovery document; GOOGLE_DISCOVERY_URL replaces it (tests, a local server). */
export const googleDiscoveryUrl = 'https://accounts.google.com/.well-known/openid-configuration'

/** Public on purpose: development and tests only; production refuses to start without AUTH_SECRET. */
const developmentAuthSecret = 'development-only-auth-secret-not-for-production-use'

/** Development and tests only, like the sender's `picks.local`; production names a real mailbox. */
export const developmentSupportEmail = 'support@picks.local'

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Parses the environment once. Nothing else reads process.env. Every problem is listed at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = EnvSchema.safeParse(present)
  const problems: string[] = []
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`)
  }
  for (const group of requiredTogether) {
    const [trigger, ...rest] = group
    if (trigger && present[trigger]) {
      const missing = rest.filter((name) => !present[name])
      if (missing.length) problems.push(`missing required ${missing.join(', ')} (needed because ${trigger} is set)`)
    }
  }
  if (parsed.success && parsed.data.NODE_ENV === 'production' && !parsed.data.AUTH_SECRET) {
    problems.push('missing required AUTH_SECRET (needed in production: it signs sessions)')
  }
  if (parsed.success && parsed.data.NODE_ENV === 'production' && !parsed.data.SUPPORT_EMAIL) {
    problems.push('missing required SUPPORT_EMAIL (needed in production: Support and the legal pages show it)')
  }
  if (problems.length || !parsed.success) throw new ConfigError(problems)
  const e = parsed.data
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(e.DATA_DIR, 'pglite') },
    seedDemoData: e.SEED_DEMO_DATA ?? e.NODE_ENV === 'development',
    webDistDir: e.WEB_DIST_DIR,
    sourceMapsDir: e.SOURCE_MAPS_DIR,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    shopCacheTtlMs: e.SHOP_CACHE_TTL_MS,
    sessionCacheTtlMs: e.SESSION_CACHE_TTL_MS,
    runWorker: e.RUN_WORKER ?? e.NODE_ENV !== 'test',
    adminEmail: e.ADMIN_EMAIL ?? null,
    supportEmail: e.SUPPORT_EMAIL ?? developmentSupportEmail,
    dataDir: e.DATA_DIR,
    s3:
      e.S3_BUCKET && e.S3_REGION && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT ?? null,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          }
        : null,
    authSecret: e.AUTH_SECRET ?? developmentAuthSecret,
    metricsToken: e.METRICS_TOKEN ?? null,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.EMAIL_FROM } : null,
    emailFrom: e.EMAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            discoveryUrl: e.GOOGLE_DISCOVERY_URL ?? googleDiscoveryUrl,
          }
        : null,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM_NUMBER
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM_NUMBER }
        : null,
    oddsApiKey: e.ODDS_API_KEY ?? null,
    reportRetention: { errorDays: e.ERROR_REPORT_RETENTION_DAYS, performanceDays: e.PERFORMANCE_REPORT_RETENTION_DAYS },
    payments: { feeBps: e.PLATFORM_FEE_BPS, holdDays: e.PAYOUT_HOLD_DAYS ?? (e.NODE_ENV === 'production' ? 7 : 0) },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET ?? null,
          }
        : null,
  }
}
