import {
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors.ts'
import { openFactorChallenge, verifyFactorCode } from './factor-challenges.service.ts'
import { enrolFactor, removeOwnFactor } from './factor-enrolment.service.ts'
import { listFactors } from './factors.ts'
import { factorCaller, signedIn, type FactorDeps } from './library-session.ts'

export interface FactorsRoutesOptions extends FactorDeps {
  /** Only this site may make changes here with its visitors' cookies. */
  siteOrigin: string
}

/** Second factors: adding, confirming and removing them, and the code step of a sign-in. */
export const factorsRoutes: FastifyPluginAsyncZod<FactorsRoutesOptions> = async (app, options) => {
  const { siteOrigin, ...deps } = options

  // The library's own cross-site check guards only its routes; these are ours.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return
    const origin = request.headers.origin
    if (origin && origin !== siteOrigin) {
      throw new AppError('FORBIDDEN', 'Cross-site request refused', { reason: 'CROSS_SITE' })
    }
  })

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
      return { factors: await listFactors(deps, user.userId) }
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
      return reply.status(201).send(await enrolFactor(deps, request, user, request.body))
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
      const caller = await factorCaller(deps, request)
      const challenge = await openFactorChallenge(deps, { request, reply }, caller, request.params.id)
      return { challenge_id: challenge.id, expires_at: challenge.expiresAt.toISOString() }
    },
  )

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
      const caller = await factorCaller(deps, request)
      return verifyFactorCode(deps, { request, reply }, caller, request.params.id, request.body)
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
      await removeOwnFactor(deps, request, user, request.params.id, request.body?.password)
      return reply.status(204).send(null)
    },
  )
}
