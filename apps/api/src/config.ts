import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

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
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z
    .url()
    .refine((u) => /^smtps?:\/\//.test(u), 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  EMAIL_FROM: z.string().min(3).default('Picks Marketplace <no-reply@picks.local>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'TWILIO_ACCOUNT_SID must look like AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM_NUMBER: z
    .string()
    .regex(/^\+[1-9]\d{7,14}$/, 'TWILIO_FROM_NUMBER must be an E.164 number such as +15551234567')
    .optional(),
  SHOP_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(5_000),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'STRIPE_PUBLISHABLE_KEY must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
})

export interface Config {
  env: 'development' | 'production' | 'test'
  host: string
  port: number
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL']
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string }
  seedDemoData: boolean
  webDistDir: string
  publicUrl: string
  /** Signs sessions and tokens. Required in production; a fixed, public value in development and tests. */
  authSecret: string
  /** E-mail goes over SMTP when set, else to the database outbox. */
  smtp: { url: string; from: string } | null
  emailFrom: string
  /** Google sign-in (OpenID Connect) credentials; null when not configured. */
  google: { clientId: string; clientSecret: string } | null
  /** Text messages go through Twilio when set, else to the database outbox. */
  twilio: { accountSid: string; authToken: string; from: string } | null
  /** How long a shop listing answer is reused; 0 turns the shop cache off. */
  shopCacheTtlMs: number
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | null
}

/** Settings that are required together: when the first is set, every other one must be too. */
const requiredTogether: ReadonlyArray<readonly (keyof z.infer<typeof EnvSchema>)[]> = [
  ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
  ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'],
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID'],
]

/** Public on purpose: development and tests only; production refuses to start without AUTH_SECRET. */
const developmentAuthSecret = 'development-only-auth-secret-not-for-production-use'

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
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    shopCacheTtlMs: e.SHOP_CACHE_TTL_MS,
    authSecret: e.AUTH_SECRET ?? developmentAuthSecret,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.EMAIL_FROM } : null,
    emailFrom: e.EMAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : null,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM_NUMBER
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM_NUMBER }
        : null,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          }
        : null,
  }
}
