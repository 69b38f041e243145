import { ServerUser, UserEmailParams } from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { requireUser, type Auth } from '../auth/auth.service.ts'
import { findUserByEmail } from './users.service.ts'

const UserBody = z.object({ user: ServerUser })

export const usersRoutes: FastifyPluginAsyncZod<{ auth: Auth; db: Db }> = async (app, { auth, db }) => {
  app.get(
    '/me',
    { schema: { tags: ['users'], summary: 'The signed-in server user', response: { 200: UserBody } } },
    async (request) => ({ user: await requireUser(auth, db, request) }),
  )

  app.get(
    '/users/email/:email',
    {
      schema: {
        tags: ['users'],
        summary: "A server user by e-mail: one's own record, or anyone's for an admin",
        params: UserEmailParams,
        response: { 200: UserBody },
      },
    },
    async (request) => {
      const me = await requireUser(auth, db, request)
      const { email } = request.params
      // Anyone else's e-mail answers exactly like an unknown one: no way to probe who has an account.
      if (me.email !== email && me.role !== 'admin') throw new AppError('NOT_FOUND', 'User not found')
      const user = me.email === email ? me : await findUserByEmail({ db }, email)
      if (!user) throw new AppError('NOT_FOUND', 'User not found')
      return { user }
    },
  )
}
