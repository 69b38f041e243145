import type { NewFactorAnswer, NewFactorBody } from '@picks/contracts'
import type { FastifyRequest } from 'fastify'
import QRCode from 'qrcode'
import type { z } from 'zod'
import { AppError } from '../../errors.ts'
import { factorErrors, factorMessages } from './code-errors.ts'
import { factorEvent } from './factor-challenges.service.ts'
import { confirmPassword, wrongPassword } from './factor-password.ts'
import { addPhoneFactor, findFactor, findTotpFactor, nameTotpFactor, removeFactor } from './factors.ts'
import { isRecord, librarySession, read, unexpected, type FactorDeps, type SignedIn } from './library-session.ts'
import { releaseAttempt } from './login-throttle.ts'

/**
 * Adding and removing second factors. A new factor stays unverified until a code confirms it
 * (`verifyFactorCode`); only then does it count at sign-in.
 */

type NewFactor = z.infer<typeof NewFactorAnswer>

/** Adds an authenticator app (with its QR code) or a phone to the signed-in person's account. */
export async function enrolFactor(
  deps: FactorDeps,
  request: FastifyRequest,
  user: SignedIn,
  body: NewFactorBody,
): Promise<NewFactor> {
  const friendlyName = body.friendly_name ?? null
  if (body.factor_type === 'phone') {
    await confirmPassword(deps, request, user, body.password)
    const added = await addPhoneFactor(deps, { userId: user.userId, phone: body.phone, friendlyName, now: deps.now() })
    if (!added.ok) {
      const message = added.reason === 'FACTOR_EXISTS' ? factorMessages.phoneExists : factorMessages.tooManyPhones
      throw new AppError('CONFLICT', message, { reason: added.reason })
    }
    await factorEvent(deps, request, user, 'factor_enrolled', { factor_id: added.factor.id, factor_type: 'phone' })
    return { factor: added.factor }
  }
  return enrolTotp(deps, request, user, body, friendlyName)
}

/**
 * The plugin makes the secret (encrypted at rest) and replaces an unconfirmed one; it checks the
 * password itself, so the throttle's place is settled by its answer.
 */
async function enrolTotp(
  deps: FactorDeps,
  request: FastifyRequest,
  user: SignedIn,
  body: Extract<NewFactorBody, { factor_type: 'totp' }>,
  friendlyName: string | null,
): Promise<NewFactor> {
  const existing = await findTotpFactor(deps, user.userId)
  if (existing?.verified) throw factorErrors.totpExists()
  const held = await confirmPassword(deps, request, user, body.password, false)
  const { headers } = await librarySession(deps, request, user)
  const response = await deps.auth.api.enableTwoFactor({
    headers,
    body: {
      method: 'totp',
      ...(body.password ? { password: body.password } : {}),
      ...(body.issuer ? { issuer: body.issuer } : {}),
    },
    asResponse: true,
  })
  const answer = await read(response)
  if (held && answer.code !== 'INVALID_PASSWORD') await releaseAttempt(deps, held)
  if (!answer.ok) {
    if (answer.code === 'INVALID_PASSWORD') return wrongPassword(deps, request, user, held)
    if (answer.code === 'TOTP_ALREADY_ENABLED') throw factorErrors.totpExists()
    throw unexpected(answer)
  }
  const uri = isRecord(answer.body) && typeof answer.body.totpURI === 'string' ? answer.body.totpURI : ''
  const secretText = uri ? new URL(uri).searchParams.get('secret') : null
  const factor = await nameTotpFactor(deps, { userId: user.userId, friendlyName, now: deps.now() })
  if (!factor || !secretText) throw new AppError('INTERNAL', 'The authenticator app could not be set up')
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  await factorEvent(deps, request, user, 'factor_enrolled', { factor_id: factor.id, factor_type: 'totp' })
  return {
    factor,
    totp: { qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, secret: secretText, uri },
  }
}

/**
 * Removes one of the signed-in person's factors, the password confirming it when the account has
 * one. Anyone else's factor answers 404, as one that does not exist.
 */
export async function removeOwnFactor(
  deps: FactorDeps,
  request: FastifyRequest,
  user: SignedIn,
  factorId: string,
  password: string | undefined,
): Promise<void> {
  const found = await findFactor(deps, user.userId, factorId)
  if (!found) throw factorErrors.notFound()
  await confirmPassword(deps, request, user, password)
  await removeFactor(deps, user.userId, found)
  await factorEvent(deps, request, user, 'factor_removed', { factor_id: found.row.id, factor_type: found.kind })
}
