import { clientMessages, ClientCreated, ClientsPage, ClientsQuery, NewClientBody } from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { callerOf, canActFor } from '../auth/guard.ts'
import { findUserById } from '../users/users.service.ts'
import { addClient, listClients } from './clients.service.ts'

export const clientsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/clients',
    {
      // creatorId is optional (the caller's own list); another creator's is checked in the handler.
      config: { access: 'creator' },
      schema: {
        tags: ['clients'],
        summary: "The caller's client list (creators and above); an admin may name another creator",
        querystring: ClientsQuery,
        response: { 200: ClientsPage },
      },
    },
    async (request) => {
      const caller = await callerOf(request)
      const { creatorId = caller.user.id, limit, offset, search } = request.query
      if (creatorId !== caller.user.id) {
        if (!canActFor(caller, creatorId)) {
          throw new AppError('FORBIDDEN', "Only administrators can see another creator's clients")
        }
        if (!(await findUserById({ db }, creatorId))) throw new AppError('NOT_FOUND', 'Creator not found')
      }
      return listClients({ db }, { creatorId, limit, offset, search })
    },
  )

  app.post(
    '/clients',
    {
      config: { access: 'creator' },
      schema: {
        tags: ['clients'],
        summary: "Adds a person to the caller's client list (creators and above)",
        body: NewClientBody,
        response: { 201: ClientCreated },
      },
    },
    async (request, reply) => {
      const { user } = await callerOf(request)
      const client = await addClient({ db }, user.id, request.body)
      if (!client) {
        throw new AppError('CONFLICT', clientMessages.emailTaken, {
          details: [{ field: 'body.email', message: clientMessages.emailTakenField }],
        })
      }
      return reply.status(201).send({ client })
    },
  )
}
