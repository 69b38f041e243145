import { z } from 'zod'
import { text } from './text.ts'
import { EmailAddress, PhoneNumber } from './auth.ts'
import { clientLimits, clientMessages } from './client-rules.ts'

/**
 * A creator's client list (decision 009): people the creator serves or wants to serve. `manual`
 * entries are added by the creator; purchases and follows add theirs automatically (later issues).
 */
export const clientSources = ['manual', 'purchase', 'follow'] as const
export type ClientSource = (typeof clientSources)[number]

/** One entry of a creator's list. Whether the e-mail belongs to a registered user is never said. */
export const ClientRecord = z.object({
  id: z.uuid(),
  creator_id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  note: z.string().nullable(),
  source: z.enum(clientSources),
  created_at: z.iso.datetime({ offset: true }),
})
export type ClientRecord = z.infer<typeof ClientRecord>

/** `POST /clients`: name and e-mail required; phone and note optional (a blank note counts as none). */
export const NewClientBody = z
  .object({
    name: text({ error: clientMessages.nameRequired })
      .trim()
      .min(1, clientMessages.nameRequired)
      .max(clientLimits.nameMax, clientMessages.nameTooLong),
    email: EmailAddress,
    phone: PhoneNumber.nullish().transform((v) => v ?? null),
    note: text()
      .trim()
      .max(clientLimits.noteMax, clientMessages.noteTooLong)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .strict()
export type NewClientBody = z.input<typeof NewClientBody>

/** `GET /clients`: one page of the caller's list (an admin may name another creator). */
export const ClientsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(clientLimits.pageMax).default(clientLimits.pageDefault),
  offset: z.coerce.number().int().min(0).max(clientLimits.offsetMax).default(0),
  search: text().trim().max(100).optional(),
  creatorId: z.uuid('creatorId must be a user id').optional(),
})
export type ClientsQuery = z.input<typeof ClientsQuery>

export const ClientsPage = z.object({
  clients: z.array(ClientRecord),
  total: z.number().int(),
})
export type ClientsPage = z.infer<typeof ClientsPage>

export const ClientCreated = z.object({ client: ClientRecord })
export type ClientCreated = z.infer<typeof ClientCreated>
