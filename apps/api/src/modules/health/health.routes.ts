import { ConnectivityAnswer } from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { AppError } from '../../errors.ts'

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; now: () => Date }> = async (
  app,
  { database, now },
) => {
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
        summary: 'The database answers',
        response: { 200: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async (request) => {
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
