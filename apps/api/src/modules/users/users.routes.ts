import {
  EmailAddress,
  MeAnswer,
  ProfileUpdateBody,
  serverRoles,
  ServerUser,
  SyncOAuthBody,
  text,
  UserEmailParams,
  UserIdParams,
} from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { callerOf, identityOf } from '../auth/guard.ts'
import { userAdminRoutes } from './user-admin.routes.ts'
import { createUser, findUserByEmail, syncIdentity, updateProfile } from './users.service.ts'

const UserBody = z.object({ user: ServerUser })
const NewUserBody = z.object({
  email: EmailAddress,
  name: text().trim().min(1).max(120),
  role: z.enum(serverRoles).default('customer'),
})

export const usersRoutes: FastifyPluginAsyncZod<{
  db: Db
  adminEmail: string | null
  /** A creator's name and picture show in the shop: a change forgets its cached answers. */
  shopCache: { invalidate(): Promise<void> }
  now: () => Date
}> = async (app, { db, adminEmail, shopCache, now }) => {
  await app.register(userAdminRoutes, { db, now, shopCache })

  app.get(
    '/me',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in server user, and whether the sidebar offers them the Admin Dashboard entry',
        response: { 200: MeAnswer },
      },
    },
    async (request) => {
      const { user } = await callerOf(request)
      // Only a yes or no: the configured address itself never reaches the client.
      return { user, admin_entry: adminEmail !== null && user.email === adminEmail }
    },
  )

  app.get(
    '/users/email/:email',
    {
      // Anyone else's e-mail answers exactly like an unknown one: no way to probe who has an account.
      config: { access: { owner: 'params.email', by: 'email', hide: true } },
      schema: {
        tags: ['users'],
        summary: "A server user by e-mail: one's own record, or anyone's for a verified admin",
        params: UserEmailParams,
        response: { 200: UserBody },
      },
    },
    async (request) => {
      const { user: me } = await callerOf(request)
      const { email } = request.params
      const user = me.email === email ? me : await findUserByEmail({ db }, email)
      if (!user) throw new AppError('NOT_FOUND', 'User not found')
      return { user }
    },
  )

  app.put(
    '/users/:id/profile',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags: ['users'],
        summary: "Changes a server user's profile (the owner or a verified admin)",
        params: UserIdParams,
        body: ProfileUpdateBody,
        response: { 200: UserBody },
      },
    },
    async (request) => {
      const user = await updateProfile({ db }, request.params.id, request.body)
      if (!user) throw new AppError('NOT_FOUND', 'User not found')
      if (user.username !== null) await shopCache.invalidate()
      return { user }
    },
  )

  app.post(
    '/users/sync-oauth',
    {
      config: { access: 'identity' },
      schema: {
        tags: ['users'],
        summary: 'The server user of the signed-in identity (spec §3 OAuth sync)',
        body: SyncOAuthBody,
        response: { 200: UserBody },
      },
    },
    async (request) => {
      // Only the signed-in identity itself: the body must name its own auth id and e-mail.
      const { identity } = await identityOf(request)
      if (identity.id !== request.body.auth_id || identity.email !== request.body.email) {
        throw new AppError('FORBIDDEN', 'The payload does not match the signed-in account')
      }
      return { user: await syncIdentity({ db }, identity, request.body) }
    },
  )

  app.post(
    '/users',
    {
      config: { access: { permission: 'manage_users' } },
      schema: {
        tags: ['users'],
        summary: 'Creates a server user before the person signs up; their sign-up keeps the role (verified admin)',
        body: NewUserBody,
        response: { 201: UserBody },
      },
    },
    async (request, reply) => {
      // Only a verified administrator's session holds manage_users: the role it sets is theirs to grant.
      const { user: admin } = await callerOf(request)
      const user = await createUser({ db }, request.body, admin.id)
      if (!user) throw new AppError('CONFLICT', 'A user with this e-mail already exists')
      return reply.status(201).send({ user })
    },
  )
}
