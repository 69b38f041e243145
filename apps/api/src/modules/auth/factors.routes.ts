import {
  blockedMessage,
  ChallengeFactorBody,
  Factor,
  FactorChallenge,
  FactorList,
  FactorParams,
  NewFactorAnswer,
  NewFactorBody,
  RemoveFactorBody,
  SignedInUser,
  VerifyFactorBody,
} from '@picks/contracts'
import { eq } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import QRCode from 'qrcode'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { SmsSender } from '../notifications/notifications.service.ts'
import { recordAuthEvent, type Auth } from './auth.service.ts'
import { authSessions } from './auth.table.ts'
import { codeError } from './code-errors.ts'
import {
  challengeState,
  checkTextedCode,
  codeText,
  consumeChallenge,
  findChallenge,
  markTotpCodeUsed,
  newCode,
  openChallenge,
  spendAttempt,
  textWaitMs,
  totpCodeUsed,
  type Challenge,
  type ChallengeDeps,
  type CodeOutcome,
} from './challenges.ts'
import {
  addPhoneFactor,
  authUserById,
  factorOf,
  findFactor,
  findTotpFactor,
  listFactors,
  markPhoneFactorVerified,
  nameTotpFactor,
  passwordHashOf,
  removeFactor,
  syncGate,
  type FoundFactor,
} from './factors.ts'
import { identityOf } from './guard.ts'
import {
  recordFailure,
  releaseAttempt,
  reserveAttempt,
  throttled,
  throttleKeys,
  type Reservation,
} from './login-throttle.ts'
import { signInText } from './mfa.ts'

export interface FactorsRoutesOptions {
  auth: Auth
  db: Db
  sms: SmsSender
  now: () => Date
  /** Keys the hashes of texted codes. */
  secret: string
  /** Only this site may make changes here with its visitors' cookies. */
  siteOrigin: string
}

/** A signed-in person: their auth user, and the session they came with (cookie, session token or access token). */
type SignedIn = { userId: string; email: string; sessionId: string }

/** Who is asking: a signed-in person, or someone between their password and their second factor. */
type Caller = ({ mode: 'session' } & SignedIn) | { mode: 'sign_in'; userId: string; email: string }

export const factorMessages = {
  notFound: 'No such factor on this account',
  challengeNotFound: 'No such challenge for this factor. Ask for a new code.',
  totpExists: 'This account already has an authenticator app. Remove it before adding another.',
  phoneExists: 'This phone number is already a verified factor.',
  tooManyPhones: 'An account can have at most 5 phone numbers as factors.',
  passwordRequired: 'Enter your password to confirm this change',
  incorrectPassword: 'Incorrect password',
  signInExpired: 'Your sign-in has expired. Enter your password again.',
  notSent: 'The text message could not be sent. Try again in a moment.',
  wait: (ms: number) => {
    const seconds = Math.max(1, Math.ceil(ms / 1000))
    return seconds < 120
      ? `Wait ${seconds} seconds before asking for another code.`
      : `Too many codes were sent. Wait ${Math.ceil(seconds / 60)} minutes before asking for another.`
  },
} as const

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** The request's headers for a server-side call of the library (its cookies; the client's address). */
function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length' || name === 'host') continue
    headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  headers.set('x-forwarded-for', request.ip)
  return headers
}

/** Cookies (and the bearer token) a library answer set: the session, or the two-factor cookie's end. */
function forwardCookies(reply: FastifyReply, response: Response): void {
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie)
  const token = response.headers.get('set-auth-token')
  if (token) {
    reply.header('set-auth-token', token)
    reply.header('access-control-expose-headers', 'set-auth-token')
  }
}

interface LibraryAnswer {
  ok: boolean
  status: number
  code: string
  body: unknown
}

async function read(response: Response): Promise<LibraryAnswer> {
  const body: unknown = await response.json().catch(() => null)
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : ''
  return { ok: response.ok, status: response.status, code, body }
}

/** A library failure we did not expect here, in our shape (never its internals). */
function unexpected(answer: LibraryAnswer): AppError {
  if (answer.status === 429) return new AppError('RATE_LIMITED', blockedMessage(60_000), { reason: 'RATE_LIMITED' })
  if (answer.status >= 500) return new AppError('INTERNAL', 'Something went wrong. Try again.')
  return new AppError('VALIDATION_FAILED', 'That did not work. Try again.', { reason: answer.code || undefined })
}

export const factorsRoutes: FastifyPluginAsyncZod<FactorsRoutesOptions> = async (app, options) => {
  const { auth, db, sms, now, secret, siteOrigin } = options
  const challenges: ChallengeDeps = { db, now, secret }
  const throttle = { db, now }

  // The library's own cross-site check guards only its routes; these are ours.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return
    const origin = request.headers.origin
    if (origin && origin !== siteOrigin) {
      throw new AppError('FORBIDDEN', 'Cross-site request refused', { reason: 'CROSS_SITE' })
    }
  })

  /** The signed-in person the guard found (401 for a visitor). */
  async function signedIn(request: FastifyRequest): Promise<SignedIn> {
    const { identity, sessionId } = await identityOf(request)
    return { userId: identity.id, email: identity.email, sessionId }
  }

  /** The session's person, or else the person whose password step left a valid two-factor cookie. */
  async function factorCaller(request: FastifyRequest): Promise<Caller> {
    const user = await signedIn(request).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return null
      throw error
    })
    if (user) return { mode: 'session', ...user }
    const pending = await auth.api.pendingTwoFactorUser({ headers: headersOf(request) })
    const authUser = pending.userId ? await authUserById({ db }, pending.userId) : null
    if (authUser) return { mode: 'sign_in', userId: authUser.id, email: authUser.email }
    throw new AppError('UNAUTHENTICATED', 'Sign in to continue', { reason: 'NOT_SIGNED_IN' })
  }

  /**
   * For a library call that acts on the caller's session: the library reads only a session's
   * cookie or token, so the request's headers carry the token of the session the guard found,
   * however the caller proved it (an access token names its session in `sid`). `carried` says
   * whether the request itself held that token, rather than only an access token minted by it.
   */
  async function librarySession(request: FastifyRequest, user: SignedIn) {
    const [session] = await db
      .select({ token: authSessions.token })
      .from(authSessions)
      .where(eq(authSessions.id, user.sessionId))
    if (!session) throw new AppError('UNAUTHENTICATED', 'Sign in to continue', { reason: 'NOT_SIGNED_IN' })
    const carried = `${request.headers.cookie ?? ''} ${request.headers.authorization ?? ''}`.includes(session.token)
    const headers = headersOf(request)
    headers.set('authorization', `Bearer ${session.token}`)
    return { headers, carried }
  }

  /**
   * The session a library answer started, to the caller that holds the session it replaced. A
   * caller with only an access token never held one and gets none (a 15-minute token is not a
   * way to a session): the new session is revoked, and the token ended with the old session.
   */
  async function handOverSession(reply: FastifyReply, response: Response, carried: boolean): Promise<void> {
    if (carried) return forwardCookies(reply, response)
    const started = response.headers.get('set-auth-token')
    const token = started ? decodeURIComponent(started).split('.')[0] : undefined
    if (token) await db.delete(authSessions).where(eq(authSessions.token, token))
  }

  /** A factor the caller may use: their own; during a sign-in, only a verified one. */
  async function usableFactor(caller: Caller, id: string): Promise<FoundFactor> {
    const found = await findFactor({ db }, caller.userId, id)
    const verified = found ? factorOf(found).status === 'verified' : false
    if (!found || (caller.mode === 'sign_in' && !verified)) {
      throw new AppError('NOT_FOUND', factorMessages.notFound, { reason: 'FACTOR_NOT_FOUND' })
    }
    return found
  }

  async function wrongPassword(
    request: FastifyRequest,
    user: { userId: string; email: string },
    held: Reservation | null,
  ): Promise<never> {
    const blockedForMs = held ? await recordFailure(throttle, held) : 0
    await recordAuthEvent(db, request, {
      kind: 'reauth_failed',
      userId: user.userId,
      email: user.email,
      detail: { blockedForMs },
    })
    throw new AppError('VALIDATION_FAILED', factorMessages.incorrectPassword, { reason: 'INVALID_PASSWORD' })
  }

  /**
   * Re-authentication for a sensitive change: the password, when the account has one. Wrong
   * passwords count toward the same failed-login throttle as the sign-in form's (spec §9).
   * `check: false` leaves the comparison to the library call that follows, and answers the place
   * the try holds for the caller to settle (null when the account has no password).
   */
  async function confirmPassword(
    request: FastifyRequest,
    user: { userId: string; email: string },
    password: string | undefined,
    check = true,
  ): Promise<Reservation | null> {
    const hash = await passwordHashOf({ db }, user.userId)
    if (!hash) return null
    if (!password) {
      throw new AppError('VALIDATION_FAILED', factorMessages.passwordRequired, {
        details: [{ field: 'body.password', message: factorMessages.passwordRequired }],
      })
    }
    // The try holds its place before the password is checked, so parallel tries cannot pass the limit.
    const keys = throttleKeys(user.email, request.ip)
    const attempt = await reserveAttempt(throttle, [keys.email, keys.address])
    if (!attempt.ok) {
      throw new AppError('RATE_LIMITED', blockedMessage(attempt.blockedMs), { reason: 'BLOCKED' })
    }
    if (!check) return attempt.reservation
    const context = await auth.$context
    if (!(await context.password.verify({ hash, password }))) await wrongPassword(request, user, attempt.reservation)
    await releaseAttempt(throttle, attempt.reservation)
    return null
  }

  async function factorEvent(
    request: FastifyRequest,
    caller: { userId: string; email: string },
    kind: string,
    detail: Record<string, unknown>,
  ) {
    await recordAuthEvent(db, request, { kind, userId: caller.userId, email: caller.email, detail })
  }

  app.get(
    '/auth/factors',
    {
      config: { access: 'identity' },
      schema: {
        tags: ['auth'],
        summary: "The signed-in account's second factors (phones masked)",
        response: { 200: FactorList },
      },
    },
    async (request) => {
      const user = await signedIn(request)
      return { factors: await listFactors({ db }, user.userId) }
    },
  )

  app.post(
    '/auth/factors',
    {
      config: { access: 'identity' },
      schema: {
        tags: ['auth'],
        summary: 'Adds an authenticator app (answers its QR code) or a phone; a code confirms it',
        body: NewFactorBody,
        response: { 201: NewFactorAnswer },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request)
      const body = request.body
      const friendlyName = body.friendly_name ?? null

      if (body.factor_type === 'phone') {
        await confirmPassword(request, user, body.password)
        const added = await addPhoneFactor({ db }, { userId: user.userId, phone: body.phone, friendlyName, now: now() })
        if (!added.ok) {
          const message = added.reason === 'FACTOR_EXISTS' ? factorMessages.phoneExists : factorMessages.tooManyPhones
          throw new AppError('CONFLICT', message, { reason: added.reason })
        }
        await factorEvent(request, user, 'factor_enrolled', { factor_id: added.factor.id, factor_type: 'phone' })
        return reply.status(201).send({ factor: added.factor })
      }

      const existing = await findTotpFactor({ db }, user.userId)
      if (existing?.verified) throw new AppError('CONFLICT', factorMessages.totpExists, { reason: 'FACTOR_EXISTS' })
      const held = await confirmPassword(request, user, body.password, false)
      // The plugin makes the secret (encrypted at rest) and replaces an unconfirmed one.
      const { headers } = await librarySession(request, user)
      const response = await auth.api.enableTwoFactor({
        headers,
        body: {
          method: 'totp',
          ...(body.password ? { password: body.password } : {}),
          ...(body.issuer ? { issuer: body.issuer } : {}),
        },
        asResponse: true,
      })
      const answer = await read(response)
      if (held && answer.code !== 'INVALID_PASSWORD') await releaseAttempt(throttle, held)
      if (!answer.ok) {
        if (answer.code === 'INVALID_PASSWORD') return wrongPassword(request, user, held)
        if (answer.code === 'TOTP_ALREADY_ENABLED') {
          throw new AppError('CONFLICT', factorMessages.totpExists, { reason: 'FACTOR_EXISTS' })
        }
        throw unexpected(answer)
      }
      const uri = isRecord(answer.body) && typeof answer.body.totpURI === 'string' ? answer.body.totpURI : ''
      const secretText = uri ? new URL(uri).searchParams.get('secret') : null
      const factor = await nameTotpFactor({ db }, { userId: user.userId, friendlyName, now: now() })
      if (!factor || !secretText) throw new AppError('INTERNAL', 'The authenticator app could not be set up')
      const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      await factorEvent(request, user, 'factor_enrolled', { factor_id: factor.id, factor_type: 'totp' })
      return reply.status(201).send({
        factor,
        totp: { qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, secret: secretText, uri },
      })
    },
  )

  app.post(
    '/auth/factors/:id/challenge',
    {
      // A signed-in person, or one between their password and their code: the handler tells which.
      config: { access: 'secondFactor' },
      schema: {
        tags: ['auth'],
        summary: "Opens a challenge on a factor; a phone factor's code goes by text message",
        params: FactorParams,
        body: ChallengeFactorBody.optional(),
        response: { 200: FactorChallenge },
      },
    },
    async (request, reply) => {
      const caller = await factorCaller(request)
      const found = await usableFactor(caller, request.params.id)
      const purpose = caller.mode === 'session' ? 'enrol' : 'sign_in'
      let challenge: Challenge

      if (found.kind === 'phone') {
        const waitMs = await textWaitMs(challenges, caller.userId)
        if (waitMs > 0) {
          reply.header('retry-after', String(Math.ceil(waitMs / 1000)))
          throw new AppError('RATE_LIMITED', factorMessages.wait(waitMs), { reason: 'TOO_MANY_CODES' })
        }
        const phone = found.row.phone
        if (caller.mode === 'session') {
          const code = newCode()
          challenge = await openChallenge(challenges, {
            userId: caller.userId,
            purpose,
            factorId: found.row.id,
            phone,
            code,
          })
          try {
            await sms.send({ to: phone, body: codeText(code), kind: 'mfa_code' })
          } catch (error) {
            request.log.error({ err: error instanceof Error ? error.message : String(error) }, 'factor code not sent')
            await consumeChallenge(challenges, challenge.id)
            throw new AppError('SERVICE_UNAVAILABLE', factorMessages.notSent, { reason: 'SMS_NOT_SENT' })
          }
        } else {
          // During a sign-in the plugin makes and keeps the code; its sendOTP texts this factor.
          challenge = await openChallenge(challenges, { userId: caller.userId, purpose, factorId: found.row.id, phone })
          const text = { factorId: found.row.id, failed: false }
          const response = await signInText.run(text, () =>
            auth.api.sendTwoFactorOTP({ headers: headersOf(request), body: {}, asResponse: true }),
          )
          const answer = await read(response)
          if (!answer.ok || text.failed) {
            await consumeChallenge(challenges, challenge.id)
            forwardCookies(reply, response)
            if (answer.code === 'INVALID_TWO_FACTOR_COOKIE') {
              throw new AppError('UNAUTHENTICATED', factorMessages.signInExpired, { reason: 'SIGN_IN_EXPIRED' })
            }
            if (text.failed)
              throw new AppError('SERVICE_UNAVAILABLE', factorMessages.notSent, { reason: 'SMS_NOT_SENT' })
            throw unexpected(answer)
          }
        }
      } else {
        challenge = await openChallenge(challenges, { userId: caller.userId, purpose, factorId: found.row.id })
      }

      await factorEvent(request, caller, 'mfa_challenge', {
        factor_id: found.row.id,
        factor_type: found.kind,
        purpose,
      })
      return { challenge_id: challenge.id, expires_at: challenge.expiresAt.toISOString() }
    },
  )

  /** The caller's open challenge on this factor, with one try spent; an error when none is left. */
  async function takeTry(caller: Caller, factorId: string, challengeId: string): Promise<Challenge> {
    const purpose = caller.mode === 'session' ? 'enrol' : 'sign_in'
    const challenge = await findChallenge(challenges, { id: challengeId, userId: caller.userId, purpose, factorId })
    if (!challenge) throw new AppError('NOT_FOUND', factorMessages.challengeNotFound, { reason: 'CHALLENGE_NOT_FOUND' })
    const state = challengeState(challenges, challenge)
    if (state !== 'open') throw codeError(state)
    if (!(await spendAttempt(challenges, challenge.id))) throw codeError('too_many')
    return challenge
  }

  async function codeFailed(
    request: FastifyRequest,
    caller: Caller,
    found: FoundFactor,
    outcome: CodeOutcome,
    extra: Record<string, unknown> = {},
  ) {
    if (outcome !== 'invalid') return
    await factorEvent(request, caller, 'mfa_failed', {
      factor_id: found.row.id,
      factor_type: found.kind,
      purpose: caller.mode === 'session' ? 'enrol' : 'sign_in',
      ...extra,
    })
  }

  /**
   * An authenticator-app code that already worked is refused like a wrong one (it may have been
   * seen); during a sign-in it is a failure of the try that `held` its place.
   */
  async function refuseReusedTotp(
    request: FastifyRequest,
    caller: Caller,
    found: FoundFactor,
    code: string,
    held: Reservation | null = null,
  ) {
    if (found.kind !== 'totp' || !(await totpCodeUsed(challenges, found.row.id, code))) return
    if (held) await recordFailure(throttle, held)
    await codeFailed(request, caller, found, 'invalid', { reused: true })
    throw codeError('invalid')
  }

  /** The library's answer to a code: the session (sign-in), or why the code did not work. */
  function libraryCodeError(answer: LibraryAnswer): AppError {
    if (answer.code === 'INVALID_CODE') return codeError('invalid')
    if (answer.code === 'OTP_HAS_EXPIRED') return codeError('expired')
    if (answer.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') return codeError('too_many')
    if (answer.code === 'INVALID_TWO_FACTOR_COOKIE') {
      return new AppError('UNAUTHENTICATED', factorMessages.signInExpired, { reason: 'SIGN_IN_EXPIRED' })
    }
    if (answer.code === 'ACCOUNT_TEMPORARILY_LOCKED') {
      return new AppError('RATE_LIMITED', blockedMessage(15 * 60_000), { reason: 'BLOCKED' })
    }
    return unexpected(answer)
  }

  app.post(
    '/auth/factors/:id/verify',
    {
      // As the challenge: a session, or the two-factor cookie of a sign-in.
      config: { access: 'secondFactor' },
      schema: {
        tags: ['auth'],
        summary: 'Checks a code: confirms a new factor, or completes a sign-in (sets the session cookie)',
        params: FactorParams,
        body: VerifyFactorBody,
        response: { 200: z.union([z.object({ factor: Factor }), z.object({ user: SignedInUser })]) },
      },
    },
    async (request, reply) => {
      const caller = await factorCaller(request)
      const found = await usableFactor(caller, request.params.id)
      const { code, challenge_id: challengeId } = request.body

      if (caller.mode === 'sign_in') {
        // Every wrong code of this account counts, across challenges and sign-ins: five block the
        // second step for 15 minutes, ten for an hour (the password form's rule, spec §9).
        // The try holds its place before the code is checked, so parallel tries cannot pass the limit.
        const mfaKey = throttled.secondFactor(caller.userId)
        const attempt = await reserveAttempt(throttle, [mfaKey])
        if (!attempt.ok) {
          reply.header('retry-after', String(Math.ceil(attempt.blockedMs / 1000)))
          throw new AppError('RATE_LIMITED', blockedMessage(attempt.blockedMs), { reason: 'BLOCKED' })
        }
        const held = attempt.reservation
        // A try refused before its code is checked (no such challenge, no tries left) gives its place back.
        const challenge = await takeTry(caller, found.row.id, challengeId).catch(async (error: unknown) => {
          await releaseAttempt(throttle, held)
          throw error
        })
        await refuseReusedTotp(request, caller, found, code, held)
        const headers = headersOf(request)
        const response =
          found.kind === 'totp'
            ? await auth.api.verifyTOTP({ headers, body: { code }, asResponse: true })
            : await auth.api.verifyTwoFactorOTP({ headers, body: { code }, asResponse: true })
        forwardCookies(reply, response)
        const answer = await read(response)
        if (!answer.ok) {
          if (answer.code === 'INVALID_CODE') {
            await recordFailure(throttle, held)
            await codeFailed(request, caller, found, 'invalid')
          } else {
            await releaseAttempt(throttle, held)
          }
          throw libraryCodeError(answer)
        }
        await consumeChallenge(challenges, challenge.id)
        if (found.kind === 'totp') await markTotpCodeUsed(challenges, found.row.id, code)
        await releaseAttempt(throttle, held, [mfaKey.key])
        await factorEvent(request, caller, 'sign_in', { second_factor: found.kind, factor_id: found.row.id })
        const user = isRecord(answer.body) ? answer.body.user : undefined
        return { user: SignedInUser.parse(user) }
      }

      const wasVerified = factorOf(found).status === 'verified'
      if (found.kind === 'phone') {
        const challenge = await findChallenge(challenges, {
          id: challengeId,
          userId: caller.userId,
          purpose: 'enrol',
          factorId: found.row.id,
        })
        if (!challenge) {
          throw new AppError('NOT_FOUND', factorMessages.challengeNotFound, { reason: 'CHALLENGE_NOT_FOUND' })
        }
        const outcome = await checkTextedCode(challenges, challenge, code)
        if (outcome !== 'ok') {
          await codeFailed(request, caller, found, outcome)
          throw codeError(outcome)
        }
        const factor = await markPhoneFactorVerified({ db }, caller.userId, found.row.id, now())
        if (!wasVerified) {
          await factorEvent(request, caller, 'factor_verified', { factor_id: factor.id, factor_type: 'phone' })
        }
        return { factor }
      }

      const challenge = await takeTry(caller, found.row.id, challengeId)
      await refuseReusedTotp(request, caller, found, code)
      // The plugin checks the app's code; the first one confirms the factor and turns the gate on
      // (ending the session for a fresh one).
      const { headers, carried } = await librarySession(request, caller)
      const response = await auth.api.verifyTOTP({ headers, body: { code }, asResponse: true })
      const answer = await read(response)
      if (!answer.ok) {
        if (answer.code === 'INVALID_CODE') await codeFailed(request, caller, found, 'invalid')
        throw libraryCodeError(answer)
      }
      await handOverSession(reply, response, carried)
      await consumeChallenge(challenges, challenge.id)
      await markTotpCodeUsed(challenges, found.row.id, code)
      await syncGate({ db }, caller.userId)
      const confirmed = await findFactor({ db }, caller.userId, found.row.id)
      if (!confirmed) throw new AppError('NOT_FOUND', factorMessages.notFound, { reason: 'FACTOR_NOT_FOUND' })
      if (!wasVerified) {
        await factorEvent(request, caller, 'factor_verified', { factor_id: found.row.id, factor_type: 'totp' })
      }
      return { factor: factorOf(confirmed) }
    },
  )

  app.delete(
    '/auth/factors/:id',
    {
      // Only the caller's own factors are found: anyone else's answers 404, as one that does not exist.
      config: { access: 'identity' },
      schema: {
        tags: ['auth'],
        summary: 'Removes a factor (password required when the account has one)',
        params: FactorParams,
        body: RemoveFactorBody.optional(),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request)
      const found = await findFactor({ db }, user.userId, request.params.id)
      if (!found) throw new AppError('NOT_FOUND', factorMessages.notFound, { reason: 'FACTOR_NOT_FOUND' })
      await confirmPassword(request, user, request.body?.password)
      await removeFactor({ db }, user.userId, found)
      await factorEvent(request, user, 'factor_removed', { factor_id: found.row.id, factor_type: found.kind })
      return reply.status(204).send(null)
    },
  )
}
