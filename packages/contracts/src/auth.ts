import { z } from 'zod'
import { text } from './text.ts'
import { avatarProblem, normalizeEmail, passwordProblem } from './auth-rules.ts'
import { sportSlugs } from './sports.ts'
import { serverRoles } from './roles.ts'

/** Spec §3 "Server user": the API's record of a person, apart from the auth library's own. */
export const ServerUser = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(serverRoles),
  auth_id: z.string().nullable(),
  profile_picture: z.string().nullable(),
  specialty_sport: z.string().nullable(),
  phone: z.string().nullable(),
  /** The phone above was confirmed with a texted code (changing the phone un-confirms it). */
  phone_verified: z.boolean(),
  verified: z.boolean(),
  /** Creator fields; null for everyone else. */
  username: z.string().nullable(),
  bio: z.string().nullable(),
  /** The creator's lowest active plan price, in cents (spec §3 "price"). */
  price_cents: z.number().int().nullable(),
  created_at: z.iso.datetime({ offset: true }),
})
export type ServerUser = z.infer<typeof ServerUser>

export const EmailAddress = text()
  .trim()
  .max(254)
  .transform(normalizeEmail)
  .pipe(z.email('Please enter a valid email address.'))

/** E.164-ish: a plus sign and 8 to 15 digits, spaces and dashes ignored. */
export const PhoneNumber = text()
  .trim()
  .transform((raw) => raw.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, 'Phone numbers start with + and the country code'))

export const NewPassword = text()
  .max(128)
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/** Spec §3 "OAuth sync payload". */
export const SyncOAuthBody = z.object({
  email: EmailAddress,
  name: text().trim().min(1).max(120),
  auth_id: text().min(1).max(200),
  provider: text().min(1).max(50),
  phone: PhoneNumber.nullish(),
})

/** `PUT /users/{id}/profile`: every field optional; null clears it. */
export const ProfileUpdateBody = z
  .object({
    name: text().trim().min(1).max(120),
    profile_picture: text()
      .trim()
      .max(2048)
      .superRefine((value, ctx) => {
        const problem = avatarProblem(value)
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      })
      .nullable(),
    specialty_sport: z.enum(sportSlugs, { error: 'Choose one of the listed sports' }).nullable(),
  })
  .partial()
  .strict()

export const UserIdParams = z.object({ id: z.uuid() })
export const UserEmailParams = z.object({ email: EmailAddress })
