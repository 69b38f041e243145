import { DepositsAnswer, DepositsQuery, DepositStats } from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { depositStats, listDeposits } from './deposits.service.ts'

/**
 * Deposits (spec §7): incoming customer payments, for administrators. Every customer's payments
 * are an admin power, so only a session that entered the admin password sees them.
 */
export const depositsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['deposits']

  app.get(
    '/deposits',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags,
        summary: 'Incoming payments, newest first, with their fees and refunds (administrators)',
        querystring: DepositsQuery,
        response: { 200: DepositsAnswer },
      },
    },
    async (request) => listDeposits(db, request.query),
  )

  app.get(
    '/deposits/stats',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags,
        summary: 'Totals of every incoming payment (administrators)',
        response: { 200: DepositStats },
      },
    },
    async () => depositStats(db),
  )
}
