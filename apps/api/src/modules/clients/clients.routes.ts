import { ClientCreated, ClientsPage, ClientsQuery, hasRole, NewClientBody, toRole } from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { requireRole, type Auth } from '../auth/auth.service.ts'
import { findUserById } from '../users/users.service.ts'
import { addClient, listClients } from './clients.service.ts'

export const clientsRoutes: FastifyPluginAsyncZod<{ auth: Auth; db: Db }> = async (app, { auth, db }) => {
  app.get(
    '/clients',
    {
      schema: {
        tags: ['clients'],
        summary: "The caller's client list (creators and above); an admin may name another creator",
        querystring: ClientsQuery,
        response: { 200: ClientsPage },
      },
    },
    async (request) => {
      const me = await requireRole(auth, db, request, 'creator')
      const { creatorId = me.id, limit, offset, search } = request.query
      if (creatorId !== me.id) {
        if (!hasRole({ role: toRole(me.role), permissions: [] }, 'admin')) {
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
      schema: {
        tags: ['clients'],
        summary: "Adds a person to the caller's client list (creators and above)",
        body: NewClientBody,
        response: { 201: ClientCreated },
      },
    },
    async (request, reply) => {
      const me = await requireRole(auth, db, request, 'creator')
      const client = await addClient({ db }, me.id, request.body)
      if (!client) {
        throw new AppError('CONFLICT', 'A client with this e-mail is already on your list', [
          { field: 'body.email', message: 'Already on your client list' },
        ])
      }
      return reply.status(201).send({ client })
    },
  )
}
