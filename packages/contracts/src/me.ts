import { z } from 'zod'
import { ServerUser } from './auth.ts'

/**
 * `GET /me`: the signed-in server user, and whether the sidebar shows them the Admin Dashboard
 * entry (their e-mail is the configured `ADMIN_EMAIL`; the address itself is never sent).
 */
export const MeAnswer = z.object({ user: ServerUser, admin_entry: z.boolean() })
export type MeAnswer = z.infer<typeof MeAnswer>
