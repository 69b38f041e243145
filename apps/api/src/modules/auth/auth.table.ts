import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

// The auth library's own tables (better-auth: user, session, account, verification), under our
// names and in our migrations. Property names are the library's field names; columns are snake_case.
const times = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

export const authUsers = pgTable(
  'auth_users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    phone: text('phone'),
    /** The two-factor plugin's sign-in gate: on while the account has a verified factor. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    ...times,
  },
  (t) => [uniqueIndex('auth_users_email_key').on(t.email)],
)

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...times,
  },
  (t) => [uniqueIndex('auth_sessions_token_key').on(t.token), index('auth_sessions_user_idx').on(t.userId)],
)

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    /** The library's password hash (scrypt); never read by our code. */
    password: text('password'),
    ...times,
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId)],
)

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...times,
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
)

/** Failed sign-ins per lowercased e-mail (`email:…`) and per client address (`ip:…`), spec §9. */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
})

/** Who did what to an account, and from where. Never a password, code or token. */
export const authEvents = pgTable(
  'auth_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    userId: text('user_id'),
    email: text('email'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_events_email_created_idx').on(t.email, t.createdAt)],
)

/** Signing keys of the access tokens (JWT) the JWKS endpoint publishes; private keys are encrypted. */
export const authJwks = pgTable('auth_jwks', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  alg: text('alg'),
  crv: text('crv'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
})

/**
 * The two-factor plugin's authenticator-app (TOTP) factor: at most one per account. The secret and
 * backup codes are encrypted by the library; `friendly_name` and `created_at` are ours.
 */
export const authTwoFactors = pgTable(
  'auth_two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    friendlyName: text('friendly_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_two_factors_user_key').on(t.userId)],
)

/** Text-message factors: a phone number that receives sign-in codes once verified. */
export const authPhoneFactors = pgTable(
  'auth_phone_factors',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** E.164. */
    phone: text('phone').notNull(),
    friendlyName: text('friendly_name'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_phone_factors_user_phone_key').on(t.userId, t.phone)],
)

/**
 * One request for a code: a factor challenge (enrolment or sign-in) or a profile phone check.
 * Only a hash of a texted code is kept; a TOTP challenge and a sign-in text (whose code the
 * two-factor plugin keeps) have none. Each allows a few tries before it is spent.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['enrol', 'sign_in', 'profile_phone'] }).notNull(),
    factorId: text('factor_id'),
    phone: text('phone'),
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_challenges_user_idx').on(t.userId, t.createdAt),
    check('auth_challenges_purpose_known', sql`${t.purpose} in ('enrol', 'sign_in', 'profile_phone')`),
  ],
)
