import { PhoneBody, PhoneCodeSent, PhoneVerifiedAnswer, VerifyPhoneBody } from '@picks/contracts'
import { eq, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { SmsSender } from '../notifications/notifications.service.ts'
import { authUsers } from './auth.table.ts'
import { recordAuthEvent, type AccountDirectory } from './auth.service.ts'
import {
  checkTextedCode,
  codeText,
  consumeChallenge,
  latestChallengeFor,
  newCode,
  openChallenge,
  textWaitMs,
  type ChallengeDeps,
} from './challenges.ts'
import { codeError, factorMessages } from './code-errors.ts'
import { callerOf } from './guard.ts'

export interface PhoneVerificationOptions {
  db: Db
  /** The person records, whose phone becomes the verified number. */
  accounts: AccountDirectory
  sms: SmsSender
  now: () => Date
  secret: string
}

/**
 * The profile's phone with a verification code (spec /edit-profile): the number changes only once
 * a code texted to it comes back, and is then stored as verified.
 */
export const phoneVerificationRoutes: FastifyPluginAsyncZod<PhoneVerificationOptions> = async (app, options) => {
  const { db, accounts, sms, now, secret } = options
  const challenges: ChallengeDeps = { db, now, secret }

  app.post(
    '/users/me/phone',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'Texts a code to the number the signed-in person wants on their profile',
        body: PhoneBody,
        response: { 202: PhoneCodeSent },
      },
    },
    async (request, reply) => {
      const { user } = await callerOf(request)
      const authId = user.auth_id
      if (!authId) throw new AppError('UNAUTHENTICATED', 'Sign in to continue', { reason: 'NOT_SIGNED_IN' })
      const waitMs = await textWaitMs(challenges, authId)
      if (waitMs > 0) {
        reply.header('retry-after', String(Math.ceil(waitMs / 1000)))
        throw new AppError('RATE_LIMITED', factorMessages.wait(waitMs), { reason: 'TOO_MANY_CODES' })
      }
      const { phone } = request.body
      const code = newCode()
      const challenge = await openChallenge(challenges, { userId: authId, purpose: 'profile_phone', phone, code })
      try {
        await sms.send({ to: phone, body: codeText(code), kind: 'phone_verification' })
      } catch (error) {
        request.log.error({ err: error instanceof Error ? error.message : String(error) }, 'phone code not sent')
        await consumeChallenge(challenges, challenge.id)
        throw new AppError('SERVICE_UNAVAILABLE', factorMessages.notSent, { reason: 'SMS_NOT_SENT' })
      }
      return reply.status(202).send({ expires_at: challenge.expiresAt.toISOString() })
    },
  )

  app.post(
    '/users/me/phone/verify',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'Checks the texted code; the number becomes the verified profile phone',
        body: VerifyPhoneBody,
        response: { 200: PhoneVerifiedAnswer },
      },
    },
    async (request) => {
      const { user } = await callerOf(request)
      const authId = user.auth_id
      if (!authId) throw new AppError('UNAUTHENTICATED', 'Sign in to continue', { reason: 'NOT_SIGNED_IN' })
      const { phone, code } = request.body
      // Only the newest code for this number counts; asking again replaces the older ones.
      const challenge = await latestChallengeFor(challenges, { userId: authId, purpose: 'profile_phone', phone })
      if (!challenge) throw codeError('expired')
      const outcome = await checkTextedCode(challenges, challenge, code)
      if (outcome !== 'ok') throw codeError(outcome)
      await db
        .update(authUsers)
        .set({ phone, updatedAt: sql`now()` })
        .where(eq(authUsers.id, authId))
      const updated = (await accounts.setVerifiedPhone(authId, phone)) ?? (await accounts.findByAuthId(authId))
      if (!updated) throw new AppError('NOT_FOUND', 'No such user')
      await recordAuthEvent(db, request, { kind: 'phone_verified', userId: authId, email: user.email })
      return { user: updated }
    },
  )
}
