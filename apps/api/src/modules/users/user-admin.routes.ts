import {
  AdminUserAnswer,
  AdminUsersPage,
  AdminUsersQuery,
  RoleChangeBody,
  SuspensionBody,
  UserIdParams,
} from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { auditPersonalRead } from '../audit/audit.service.ts'
import { changeRole, listAdminUsers, restoreUser, suspendUser } from './user-admin.ts'

/**
 * The administrators' user management (issue 16, point 3): the user list at the spec's `GET
 * /users`, role changes, suspensions and restores. `manage_users` is held only by an administrator
 * whose session entered the admin password (guard.ts: an unverified one acts as a customer).
 */
export const userAdminRoutes: FastifyPluginAsyncZod<{
  db: Db
  now: () => Date
  /** A suspension hides a storefront from the shop: its cached answers are forgotten. */
  shopCache: { invalidate(): Promise<void> }
}> = async (app, { db, now, shopCache }) => {
  app.get(
    '/users',
    {
      config: { access: { permission: 'manage_users' } },
      schema: {
        tags: ['admin'],
        summary:
          'Server users for the admin console: search by name or e-mail, filter by role and status, sort; e-mails and phones masked unless includePersonal (audited) (verified admin)',
        querystring: AdminUsersQuery,
        response: { 200: AdminUsersPage },
      },
    },
    async (request) => {
      const query = request.query
      if (query.includePersonal) await auditPersonalRead(db, request, now(), 'users', query)
      return listAdminUsers(db, query)
    },
  )

  app.put(
    '/admin/users/:id/role',
    {
      config: { access: { permission: 'manage_users' } },
      schema: {
        tags: ['admin'],
        summary:
          "Changes a person's role, with a reason (audited); never one's own administrator role, never the last administrator's (verified admin)",
        params: UserIdParams,
        body: RoleChangeBody,
        response: { 200: AdminUserAnswer },
      },
    },
    async (request) => {
      const user = await changeRole({ db, now }, request, request.params.id, request.body)
      await shopCache.invalidate()
      return { user }
    },
  )

  app.post(
    '/admin/users/:id/suspend',
    {
      config: { access: { permission: 'manage_users' } },
      schema: {
        tags: ['admin'],
        summary:
          'Suspends an account: its sessions end at once, it cannot sign in, its storefront and picks are hidden (audited) (verified admin)',
        params: UserIdParams,
        body: SuspensionBody,
        response: { 200: AdminUserAnswer },
      },
    },
    async (request) => {
      const { user, changed } = await suspendUser({ db, now }, request, request.params.id, request.body.reason)
      if (changed) await shopCache.invalidate()
      return { user }
    },
  )

  app.post(
    '/admin/users/:id/restore',
    {
      config: { access: { permission: 'manage_users' } },
      schema: {
        tags: ['admin'],
        summary:
          'Restores a suspended account: it may sign in again and its storefront is back (audited) (verified admin)',
        params: UserIdParams,
        body: SuspensionBody,
        response: { 200: AdminUserAnswer },
      },
    },
    async (request) => {
      const { user, changed } = await restoreUser({ db, now }, request, request.params.id, request.body.reason)
      if (changed) await shopCache.invalidate()
      return { user }
    },
  )
}
