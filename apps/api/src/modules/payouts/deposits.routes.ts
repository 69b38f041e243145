import { DepositsAnswer, DepositsQuery, DepositStats } from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { requireRole, type Auth } from '../auth/auth.service.ts'
import { depositStats, listDeposits } from './deposits.service.ts'

/**
 * Deposits (spec §7): incoming customer payments, for administrators. Registered by payoutsRoutes
 * with its own options, of which it needs only these.
 */
export const depositsRoutes: FastifyPluginAsyncZod<{ auth: Auth; db: Db }> = async (app, { auth, db }) => {
  const tags = ['deposits']

  app.get(
    '/deposits',
    {
      schema: {
        tags,
        summary: 'Incoming payments, newest first, with their fees and refunds (administrators)',
        querystring: DepositsQuery,
        response: { 200: DepositsAnswer },
      },
    },
    async (request) => {
      await requireRole(auth, db, request, 'admin')
      return listDeposits(db, request.query)
    },
  )

  app.get(
    '/deposits/stats',
    {
      schema: {
        tags,
        summary: 'Totals of every incoming payment (administrators)',
        response: { 200: DepositStats },
      },
    },
    async (request) => {
      await requireRole(auth, db, request, 'admin')
      return depositStats(db)
    },
  )
}
