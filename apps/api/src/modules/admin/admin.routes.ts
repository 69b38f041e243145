import { AdminSessionAnswer, text } from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import type { Auth } from '../auth/auth.service.ts'
import { callerOf } from '../auth/guard.ts'
import { adminStatus, setAdminPassword, verifyAdminPassword } from './admin.service.ts'

const PasswordBody = z.object({ password: text().min(1, 'Password is required').max(128) })
const Ok = z.object({ success: z.literal(true) })

export const adminRoutes: FastifyPluginAsyncZod<{ auth: Auth; db: Db; now: () => Date }> = async (app, deps) => {
  app.get(
    '/admin/status',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Whether the administrator has an admin password, and whether this session entered it',
        response: { 200: z.object({ hasPassword: z.boolean(), verified: z.boolean() }) },
      },
    },
    async (request) => adminStatus(deps, request),
  )

  app.post(
    '/admin/set-password',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Sets the admin password', body: PasswordBody, response: { 200: Ok } },
    },
    async (request) => {
      await setAdminPassword(deps, request, request.body.password)
      return { success: true as const }
    },
  )

  app.post(
    '/admin/verify-password',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Enters the admin password for this session',
        body: PasswordBody,
        response: { 200: Ok },
      },
    },
    async (request) => {
      await verifyAdminPassword(deps, request, request.body.password)
      return { success: true as const }
    },
  )

  app.get(
    '/admin/session',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: 'The verified administrator (the check every other admin call makes)',
        response: { 200: AdminSessionAnswer },
      },
    },
    async (request) => {
      const { user } = await callerOf(request)
      return { email: user.email, name: user.name }
    },
  )
}
