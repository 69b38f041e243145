import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
  } catch (err) {
    if (err instanceof ConfigError) return err.problems
    throw err
  }
  throw new Error('expected the configuration to be rejected')
}

describe('loadConfig', () => {
  it('runs with no settings at all: embedded database under data/, port 3000, demo data in development', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.host).toBe('127.0.0.1')
    expect(config.database).toMatchObject({ kind: 'pglite' })
    expect(config.database.kind === 'pglite' && config.database.dataDir).toMatch(/data\/pglite$/)
    expect(config.seedDemoData).toBe(true)
    expect(config.stripe).toBeNull()
  })

  it('uses PostgreSQL when DATABASE_URL is set and keeps demo data out of production', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@localhost:5432/picks',
      NODE_ENV: 'production',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
      SUPPORT_EMAIL: 'help@example.com',
    })
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@localhost:5432/picks' })
    expect(config.seedDemoData).toBe(false)
    expect(config.supportEmail).toBe('help@example.com')
  })

  it('takes a 10% platform fee by default, holds charges 7 days in production and none in development', () => {
    expect(loadConfig({}).payments).toEqual({ feeBps: 1000, holdDays: 0 })
    const production = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
      SUPPORT_EMAIL: 'help@example.com',
    })
    expect(production.payments).toEqual({ feeBps: 1000, holdDays: 7 })
    expect(loadConfig({ PLATFORM_FEE_BPS: '250', PAYOUT_HOLD_DAYS: '3' }).payments).toEqual({
      feeBps: 250,
      holdDays: 3,
    })
    expect(problemsOf({ PLATFORM_FEE_BPS: '6000', PAYOUT_HOLD_DAYS: '-1' })).toEqual([
      'PLATFORM_FEE_BPS: PLATFORM_FEE_BPS must be 0 to 5000 (basis points: 1000 is 10%)',
      expect.stringMatching(/^PAYOUT_HOLD_DAYS: /),
    ])
  })

  it('keeps error reports 30 days and performance reports 14 by default, or as configured', () => {
    expect(loadConfig({}).reportRetention).toEqual({ errorDays: 30, performanceDays: 14 })
    expect(
      loadConfig({ ERROR_REPORT_RETENTION_DAYS: '90', PERFORMANCE_REPORT_RETENTION_DAYS: '7' }).reportRetention,
    ).toEqual({ errorDays: 90, performanceDays: 7 })
    expect(problemsOf({ ERROR_REPORT_RETENTION_DAYS: '0', PERFORMANCE_REPORT_RETENTION_DAYS: '1.5' })).toEqual([
      'ERROR_REPORT_RETENTION_DAYS: ERROR_REPORT_RETENTION_DAYS must be a whole number of days from 1 to 3650',
      expect.stringMatching(/^PERFORMANCE_REPORT_RETENTION_DAYS: /),
    ])
  })

  it("reads the source maps from the web build's dist-sourcemaps beside dist, or from SOURCE_MAPS_DIR", () => {
    expect(loadConfig({}).sourceMapsDir).toMatch(/apps\/web\/dist-sourcemaps$/)
    expect(loadConfig({ SOURCE_MAPS_DIR: '/srv/picks/maps' }).sourceMapsDir).toBe('/srv/picks/maps')
  })

  it('opens the metrics to a METRICS_TOKEN bearer only when one of at least 32 characters is set', () => {
    expect(loadConfig({}).metricsToken).toBeNull()
    const token = 'prometheus-scraper-token-0123456789abcdef'
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token)
    expect(problemsOf({ METRICS_TOKEN: 'too-short-a-token' })).toEqual([
      'METRICS_TOKEN: METRICS_TOKEN must be at least 32 characters',
    ])
    expect(problemsOf({ METRICS_TOKEN: 'a token with spaces in it, long enough' })).toEqual([
      'METRICS_TOKEN: METRICS_TOKEN must be printable ASCII without spaces (it is sent as a bearer token)',
    ])
  })

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.kind).toBe('pglite')
  })

  it('rejects a publishable key that does not start with pk_', () => {
    expect(problemsOf({ STRIPE_PUBLISHABLE_KEY: 'sk_live_123' })).toEqual([
      'STRIPE_PUBLISHABLE_KEY: STRIPE_PUBLISHABLE_KEY must start with pk_',
    ])
  })

  it('lists every missing required value at once', () => {
    const problems = problemsOf({ STRIPE_SECRET_KEY: 'sk_test_1', PORT: 'eighty' })
    expect(problems).toHaveLength(2)
    expect(problems).toContain(
      'missing required STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET (needed because STRIPE_SECRET_KEY is set)',
    )
    expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true)
  })

  it('refuses to start in production without AUTH_SECRET or SUPPORT_EMAIL, and rejects a short secret', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'missing required AUTH_SECRET (needed in production: it signs sessions)',
      'missing required SUPPORT_EMAIL (needed in production: Support and the legal pages show it)',
    ])
    expect(problemsOf({ AUTH_SECRET: 'short' })).toEqual(['AUTH_SECRET: AUTH_SECRET must be at least 32 characters'])
  })

  it('sends e-mail over SMTP only when SMTP_URL is set, and checks its scheme', () => {
    expect(loadConfig({}).smtp).toBeNull()
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' }).smtp).toEqual({
      url: 'smtp://mail.example.com:587',
      from: 'Picks Marketplace <no-reply@picks.local>',
    })
    expect(problemsOf({ SMTP_URL: 'http://mail.example.com' })).toEqual([
      'SMTP_URL: SMTP_URL must start with smtp:// or smtps://',
    ])
  })

  it('needs both Google settings together, whichever is set first', () => {
    expect(loadConfig({}).google).toBeNull()
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 's' }).google).toEqual(
      {
        clientId: 'id.apps.googleusercontent.com',
        clientSecret: 's',
        discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
      },
    )
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'id' })).toEqual([
      'missing required GOOGLE_CLIENT_SECRET (needed because GOOGLE_CLIENT_ID is set)',
    ])
    expect(problemsOf({ GOOGLE_CLIENT_SECRET: 's' })).toEqual([
      'missing required GOOGLE_CLIENT_ID (needed because GOOGLE_CLIENT_SECRET is set)',
    ])
  })

  it('reads Google from another OpenID Connect discovery URL, which must be http(s) and comes with the credentials', () => {
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }
    const discoveryUrl = 'http://127.0.0.1:4320/.well-known/openid-configuration'
    expect(loadConfig({ ...google, GOOGLE_DISCOVERY_URL: discoveryUrl }).google?.discoveryUrl).toBe(discoveryUrl)
    expect(
      problemsOf({ ...google, GOOGLE_DISCOVERY_URL: 'ftp://idp.example.com/.well-known/openid-configuration' }),
    ).toEqual(['GOOGLE_DISCOVERY_URL: GOOGLE_DISCOVERY_URL must be an http:// or https:// address'])
    expect(problemsOf({ ...google, GOOGLE_DISCOVERY_URL: 'accounts.google.com' })).toEqual([
      'GOOGLE_DISCOVERY_URL: GOOGLE_DISCOVERY_URL must be an http:// or https:// address',
    ])
    expect(problemsOf({ GOOGLE_DISCOVERY_URL: discoveryUrl })).toEqual([
      'missing required GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET (needed because GOOGLE_DISCOVERY_URL is set)',
    ])
  })

  it('needs all three Twilio settings together, each in its own format', () => {
    expect(loadConfig({}).twilio).toBeNull()
    expect(problemsOf({ TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}` })).toEqual([
      'missing required TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER (needed because TWILIO_ACCOUNT_SID is set)',
    ])
    expect(problemsOf({ TWILIO_ACCOUNT_SID: 'nope', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM_NUMBER: '555' })).toHaveLength(
      2,
    )
  })

  it('reads ADMIN_EMAIL trimmed and lowercased, and refuses anything that is not an e-mail', () => {
    expect(loadConfig({}).adminEmail).toBeNull()
    expect(loadConfig({ ADMIN_EMAIL: '  Ops@Example.COM ' }).adminEmail).toBe('ops@example.com')
    expect(problemsOf({ ADMIN_EMAIL: 'ops-at-example.com' })).toEqual([
      'ADMIN_EMAIL: ADMIN_EMAIL must be an e-mail address',
    ])
  })

  it('reads SUPPORT_EMAIL trimmed, with a development address by default, and refuses anything that is not an e-mail', () => {
    expect(loadConfig({}).supportEmail).toBe('support@picks.local')
    expect(loadConfig({ NODE_ENV: 'test' }).supportEmail).toBe('support@picks.local')
    expect(loadConfig({ SUPPORT_EMAIL: ' Help@Example.com ' }).supportEmail).toBe('Help@Example.com')
    expect(problemsOf({ SUPPORT_EMAIL: 'help-at-example.com' })).toEqual([
      'SUPPORT_EMAIL: SUPPORT_EMAIL must be an e-mail address, such as support@example.com',
    ])
  })

  it('keeps uploaded images under DATA_DIR unless all of the S3 settings are given', () => {
    expect(loadConfig({ DATA_DIR: '/srv/picks' })).toMatchObject({ dataDir: '/srv/picks', s3: null })
    const s3 = { S3_BUCKET: 'picks-media', S3_REGION: 'auto', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }
    expect(loadConfig(s3).s3).toEqual({
      bucket: 'picks-media',
      region: 'auto',
      endpoint: null,
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    })
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }).s3).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
    })
    expect(problemsOf({ S3_BUCKET: 'picks-media' })).toEqual([
      'missing required S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (needed because S3_BUCKET is set)',
    ])
    expect(problemsOf({ S3_ENDPOINT: 'https://r2.example.com' })).toEqual([
      'missing required S3_BUCKET (needed because S3_ENDPOINT is set)',
    ])
    expect(problemsOf({ ...s3, S3_BUCKET: 'Picks_Media', S3_ENDPOINT: 'ftp://minio.local' })).toEqual([
      'S3_BUCKET: S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
      'S3_ENDPOINT: S3_ENDPOINT must start with http:// or https://',
    ])
  })

  it('names the problems in the error message that stops start-up', () => {
    expect(() => loadConfig({ NODE_ENV: 'staging', LOG_LEVEL: 'loud' })).toThrow(/NODE_ENV[\s\S]*LOG_LEVEL/)
  })
})
