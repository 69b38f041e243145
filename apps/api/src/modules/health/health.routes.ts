import { ConnectivityAnswer } from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { AppError } from '../../errors.ts'

export interface HealthRoutesOptions {
  database: Database
  now: () => Date
  /** Whether start-up work is still running (a first start's demo picks): not ready until it is done. */
  starting: () => boolean
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { database, now, starting }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  )
  // Spec §7's `GET /test`: the client asks it to tell "the server is unreachable" from "you are
  // offline". Nothing behind it is asked (no database), so it answers whenever the process does.
  app.get(
    '/test',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: "The server is reachable: answers at once with the server's time, asking nothing behind it",
        response: { 200: ConnectivityAnswer },
      },
    },
    async (_request, reply): Promise<ConnectivityAnswer> => {
      reply.header('cache-control', 'no-store')
      return { ok: true, time: now().toISOString() }
    },
  )
  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The database answers and the start-up work is done',
        response: { 200: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async (request) => {
      if (starting()) {
        throw new AppError('SERVICE_UNAVAILABLE', 'Still starting', { retryAfterMs: 1_000 })
      }
      try {
        await database.ping()
      } catch (err) {
        request.log.error({ err }, 'database ping failed')
        throw new AppError('SERVICE_UNAVAILABLE', 'Database unavailable')
      }
      return { status: 'ready' as const, database: database.kind }
    },
  )
}
