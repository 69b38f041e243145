import { z } from 'zod'

/**
 * `GET /config`: what this server offers the client. Nothing secret: no key but Stripe's
 * publishable one, and no address but the public support mailbox (`SUPPORT_EMAIL`).
 */
export const SiteConfigAnswer = z.object({
  auth: z.object({ google: z.boolean(), emailDelivery: z.enum(['smtp', 'outbox']) }),
  payments: z.object({ provider: z.enum(['stripe', 'sandbox']), publishable_key: z.string().nullable() }),
  odds: z.object({ provider: z.enum(['the-odds-api', 'fixtures']) }),
  support: z.object({ email: z.email() }),
})
export type SiteConfigAnswer = z.infer<typeof SiteConfigAnswer>

/** `GET /test` (spec §7): the server is reachable; the client tells "unreachable" from "offline" by it. */
export const ConnectivityAnswer = z.object({ ok: z.literal(true), time: z.iso.datetime({ offset: true }) })
export type ConnectivityAnswer = z.infer<typeof ConnectivityAnswer>
