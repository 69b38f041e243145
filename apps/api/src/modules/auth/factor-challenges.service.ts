import { SignedInUser, type Factor } from '@picks/contracts'
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { AppError } from '../../errors.ts'
import { recordAuthEvent } from './auth.service.ts'
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
  type CodeOutcome,
} from './challenges.ts'
import { codeError, factorErrors, factorMessages } from './code-errors.ts'
import { holdCodeTry } from './factor-password.ts'
import { factorOf, findFactor, markPhoneFactorVerified, syncGate, type FoundFactor } from './factors.ts'
import {
  forwardCookies,
  handOverSession,
  headersOf,
  isRecord,
  libraryCodeError,
  librarySession,
  read,
  unexpected,
  type Exchange,
  type FactorCaller,
  type FactorDeps,
  type SignedIn,
} from './library-session.ts'
import { recordFailure, releaseAttempt, type Reservation } from './login-throttle.ts'
import { signInText } from './mfa.ts'

/**
 * A factor's challenges and codes. A signed-in person confirms a factor they are setting up
 * (`enrol`); a person between their password and their code completes a sign-in (`sign_in`),
 * through the library's two-factor steps, which alone start the session.
 */

type SessionCaller = { mode: 'session' } & SignedIn
type SignedInAnswer = z.infer<typeof SignedInUser>

function purposeOf(caller: FactorCaller): 'enrol' | 'sign_in' {
  return caller.mode === 'session' ? 'enrol' : 'sign_in'
}

export async function factorEvent(
  deps: Pick<FactorDeps, 'db'>,
  request: FastifyRequest,
  caller: { userId: string; email: string },
  kind: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await recordAuthEvent(deps.db, request, { kind, userId: caller.userId, email: caller.email, detail })
}

/** A factor the caller may use: their own; during a sign-in, only a verified one. */
async function usableFactor(deps: FactorDeps, caller: FactorCaller, id: string): Promise<FoundFactor> {
  const found = await findFactor(deps, caller.userId, id)
  const verified = found ? factorOf(found).status === 'verified' : false
  if (!found || (caller.mode === 'sign_in' && !verified)) throw factorErrors.notFound()
  return found
}

/** Opens a challenge on the caller's factor; a phone factor's code goes by text message. */
export async function openFactorChallenge(
  deps: FactorDeps,
  exchange: Exchange,
  caller: FactorCaller,
  factorId: string,
): Promise<Challenge> {
  const found = await usableFactor(deps, caller, factorId)
  const purpose = purposeOf(caller)
  let challenge: Challenge
  if (found.kind === 'phone') {
    const waitMs = await textWaitMs(deps, caller.userId)
    if (waitMs > 0) {
      exchange.reply.header('retry-after', String(Math.ceil(waitMs / 1000)))
      throw new AppError('RATE_LIMITED', factorMessages.wait(waitMs), { reason: 'TOO_MANY_CODES' })
    }
    challenge =
      caller.mode === 'session'
        ? await textEnrolCode(deps, exchange.request, caller, found.row)
        : await textSignInCode(deps, exchange, caller, found.row)
  } else {
    challenge = await openChallenge(deps, { userId: caller.userId, purpose, factorId: found.row.id })
  }
  await factorEvent(deps, exchange.request, caller, 'mfa_challenge', {
    factor_id: found.row.id,
    factor_type: found.kind,
    purpose,
  })
  return challenge
}

type PhoneRow = Extract<FoundFactor, { kind: 'phone' }>['row']

/** Setting up a phone: we make the code, keep its hash, and text it; a text that fails spends the challenge. */
async function textEnrolCode(
  deps: FactorDeps,
  request: FastifyRequest,
  caller: SessionCaller,
  row: PhoneRow,
): Promise<Challenge> {
  const code = newCode()
  const challenge = await openChallenge(deps, {
    userId: caller.userId,
    purpose: 'enrol',
    factorId: row.id,
    phone: row.phone,
    code,
  })
  try {
    await deps.sms.send({ to: row.phone, body: codeText(code), kind: 'mfa_code' })
  } catch (error) {
    request.log.error({ err: error instanceof Error ? error.message : String(error) }, 'factor code not sent')
    await consumeChallenge(deps, challenge.id)
    throw factorErrors.notSent()
  }
  return challenge
}

/** During a sign-in the plugin makes and keeps the code; its sendOTP texts this factor (`mfa.ts`). */
async function textSignInCode(
  deps: FactorDeps,
  { request, reply }: Exchange,
  caller: FactorCaller,
  row: PhoneRow,
): Promise<Challenge> {
  const challenge = await openChallenge(deps, {
    userId: caller.userId,
    purpose: 'sign_in',
    factorId: row.id,
    phone: row.phone,
  })
  const text = { factorId: row.id, failed: false }
  const response = await signInText.run(text, () =>
    deps.auth.api.sendTwoFactorOTP({ headers: headersOf(request), body: {}, asResponse: true }),
  )
  const answer = await read(response)
  if (!answer.ok || text.failed) {
    await consumeChallenge(deps, challenge.id)
    forwardCookies(reply, response)
    if (answer.code === 'INVALID_TWO_FACTOR_COOKIE') throw factorErrors.signInExpired()
    if (text.failed) throw factorErrors.notSent()
    throw unexpected(answer)
  }
  return challenge
}

export interface CodeInput {
  code: string
  challenge_id: string
}

/** One code being checked: the exchange, who sent it, and for which of their factors. */
interface CodeCheck<C extends FactorCaller = FactorCaller> extends Exchange {
  caller: C
  found: FoundFactor
  code: string
  challengeId: string
}

/** Checks a code: confirms the caller's new factor, or completes their sign-in (the session's cookies go out). */
export async function verifyFactorCode(
  deps: FactorDeps,
  exchange: Exchange,
  caller: FactorCaller,
  factorId: string,
  input: CodeInput,
): Promise<{ factor: Factor } | { user: SignedInAnswer }> {
  const found = await usableFactor(deps, caller, factorId)
  const check = { ...exchange, found, code: input.code, challengeId: input.challenge_id }
  if (caller.mode === 'sign_in') return { user: await completeSignIn(deps, { ...check, caller }) }
  const wasVerified = factorOf(found).status === 'verified'
  const factor =
    found.kind === 'phone'
      ? await confirmPhone(deps, { ...check, caller })
      : await confirmTotp(deps, { ...check, caller })
  if (!wasVerified) {
    await factorEvent(deps, exchange.request, caller, 'factor_verified', {
      factor_id: found.row.id,
      factor_type: found.kind,
    })
  }
  return { factor }
}

async function completeSignIn(deps: FactorDeps, check: CodeCheck): Promise<SignedInAnswer> {
  const { request, reply, caller, found, code } = check
  const { held, key } = await holdCodeTry(deps, reply, caller.userId)
  // A try refused before its code is checked (no such challenge, no tries left) gives its place back.
  const challenge = await takeTry(deps, check).catch(async (error: unknown) => {
    await releaseAttempt(deps, held)
    throw error
  })
  await refuseReusedTotp(deps, check, held)
  const headers = headersOf(request)
  const response =
    found.kind === 'totp'
      ? await deps.auth.api.verifyTOTP({ headers, body: { code }, asResponse: true })
      : await deps.auth.api.verifyTwoFactorOTP({ headers, body: { code }, asResponse: true })
  forwardCookies(reply, response)
  const answer = await read(response)
  if (!answer.ok) {
    if (answer.code === 'INVALID_CODE') {
      await recordFailure(deps, held)
      await codeFailed(deps, check, 'invalid')
    } else {
      await releaseAttempt(deps, held)
    }
    throw libraryCodeError(answer)
  }
  await consumeChallenge(deps, challenge.id)
  if (found.kind === 'totp') await markTotpCodeUsed(deps, found.row.id, code)
  await releaseAttempt(deps, held, [key])
  await factorEvent(deps, request, caller, 'sign_in', { second_factor: found.kind, factor_id: found.row.id })
  return SignedInUser.parse(isRecord(answer.body) ? answer.body.user : undefined)
}

/** A phone being set up: our challenge holds the texted code's hash. */
async function confirmPhone(deps: FactorDeps, check: CodeCheck<SessionCaller>): Promise<Factor> {
  const { caller, found } = check
  const query = { id: check.challengeId, userId: caller.userId, purpose: 'enrol', factorId: found.row.id } as const
  const challenge = await findChallenge(deps, query)
  if (!challenge) throw factorErrors.challengeNotFound()
  const outcome = await checkTextedCode(deps, challenge, check.code)
  if (outcome !== 'ok') {
    await codeFailed(deps, check, outcome)
    throw codeError(outcome)
  }
  return markPhoneFactorVerified(deps, caller.userId, found.row.id, deps.now())
}

/**
 * An authenticator app being set up: the plugin checks the app's code; the first one confirms the
 * factor and turns the gate on (ending the session for a fresh one, which `handOverSession` replaces).
 */
async function confirmTotp(deps: FactorDeps, check: CodeCheck<SessionCaller>): Promise<Factor> {
  const { request, reply, caller, found, code } = check
  const challenge = await takeTry(deps, check)
  await refuseReusedTotp(deps, check)
  const { headers, carried } = await librarySession(deps, request, caller)
  const response = await deps.auth.api.verifyTOTP({ headers, body: { code }, asResponse: true })
  const answer = await read(response)
  if (!answer.ok) {
    if (answer.code === 'INVALID_CODE') await codeFailed(deps, check, 'invalid')
    throw libraryCodeError(answer)
  }
  await handOverSession(deps, reply, response, carried)
  await consumeChallenge(deps, challenge.id)
  await markTotpCodeUsed(deps, found.row.id, code)
  await syncGate(deps, caller.userId)
  const confirmed = await findFactor(deps, caller.userId, found.row.id)
  if (!confirmed) throw factorErrors.notFound()
  return factorOf(confirmed)
}

/** The caller's open challenge on this factor, with one try spent; an error when none is left. */
async function takeTry(deps: FactorDeps, { caller, found, challengeId }: CodeCheck): Promise<Challenge> {
  const query = { id: challengeId, userId: caller.userId, purpose: purposeOf(caller), factorId: found.row.id }
  const challenge = await findChallenge(deps, query)
  if (!challenge) throw factorErrors.challengeNotFound()
  const state = challengeState(deps, challenge)
  if (state !== 'open') throw codeError(state)
  if (!(await spendAttempt(deps, challenge.id))) throw codeError('too_many')
  return challenge
}

/** A wrong code is an audited failure; an expired or used-up challenge is not. */
async function codeFailed(
  deps: FactorDeps,
  { request, caller, found }: CodeCheck,
  outcome: CodeOutcome,
  extra: Record<string, unknown> = {},
): Promise<void> {
  if (outcome !== 'invalid') return
  await factorEvent(deps, request, caller, 'mfa_failed', {
    factor_id: found.row.id,
    factor_type: found.kind,
    purpose: purposeOf(caller),
    ...extra,
  })
}

/**
 * An authenticator-app code that already worked is refused like a wrong one (it may have been
 * seen); during a sign-in it is a failure of the try that `held` its place.
 */
async function refuseReusedTotp(deps: FactorDeps, check: CodeCheck, held: Reservation | null = null): Promise<void> {
  const { found, code } = check
  if (found.kind !== 'totp' || !(await totpCodeUsed(deps, found.row.id, code))) return
  if (held) await recordFailure(deps, held)
  await codeFailed(deps, check, 'invalid', { reused: true })
  throw codeError('invalid')
}
