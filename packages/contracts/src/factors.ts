import { z } from 'zod'
import { text } from './text.ts'
import { PhoneNumber, ServerUser } from './auth.ts'

/**
 * Multi-factor sign-in (spec §3 "Auth session … factors list", §7 auth provider): an authenticator
 * app (TOTP) or a phone that receives codes by text message.
 */
export const factorTypes = ['totp', 'phone'] as const
export const FactorType = z.enum(factorTypes)
export type FactorType = z.infer<typeof FactorType>

/** A factor as the sign-in step offers it: no secret, the phone number masked (+1•••••4567). */
export const SecondFactor = z.object({
  id: z.string(),
  factor_type: FactorType,
  friendly_name: z.string().nullable(),
  phone: z.string().nullable(),
})
export type SecondFactor = z.infer<typeof SecondFactor>

/** A factor on the account page: also whether a code confirmed it, and since when it exists. */
export const Factor = SecondFactor.extend({
  status: z.enum(['verified', 'unverified']),
  created_at: z.iso.datetime({ offset: true }),
})
export type Factor = z.infer<typeof Factor>

export const FactorList = z.object({ factors: z.array(Factor) })

const FriendlyName = text()
  .trim()
  .min(1, 'Give the factor a name, or leave the name out')
  .max(60, 'Factor names are at most 60 characters')

/** Re-authentication for a sensitive change: required when the account has a password. */
const ConfirmPassword = text().min(1, 'Enter your password to confirm this change').max(128)

/** `POST /auth/factors`: an authenticator app (optional issuer) or a phone number. */
export const NewFactorBody = z.discriminatedUnion(
  'factor_type',
  [
    z
      .object({
        factor_type: z.literal('totp'),
        friendly_name: FriendlyName.optional(),
        issuer: text().trim().min(1).max(60).optional(),
        password: ConfirmPassword.optional(),
      })
      .strict(),
    z
      .object({
        factor_type: z.literal('phone'),
        friendly_name: FriendlyName.optional(),
        phone: PhoneNumber,
        password: ConfirmPassword.optional(),
      })
      .strict(),
  ],
  { error: "factor_type must be 'totp' or 'phone'" },
)
export type NewFactorBody = z.infer<typeof NewFactorBody>

/** A new authenticator-app factor: the QR code (an SVG data URL), the secret to type by hand, its URI. */
export const NewFactorAnswer = z.object({
  factor: Factor,
  totp: z.object({ qr_code: z.string(), secret: z.string(), uri: z.string() }).optional(),
})

export const FactorParams = z.object({ id: text().trim().min(1).max(100) })

/** `POST /auth/factors/{id}/challenge`: a phone factor's code goes by text message. */
export const ChallengeFactorBody = z.object({ channel: z.literal('sms').optional() }).strict()
export const FactorChallenge = z.object({ challenge_id: z.string(), expires_at: z.iso.datetime({ offset: true }) })
export type FactorChallenge = z.infer<typeof FactorChallenge>

export const OneTimeCode = text()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code')

export const VerifyFactorBody = z
  .object({ code: OneTimeCode, challenge_id: text().trim().min(1, 'challenge_id is required').max(100) })
  .strict()

/** The session user a completed sign-in answers with (the same shape as the password sign-in's). */
export const SignedInUser = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  phone: z.string().nullish(),
})

export const RemoveFactorBody = z.object({ password: ConfirmPassword.optional() }).strict()

/** `POST /users/me/phone`: the number to confirm with a texted code. */
export const PhoneBody = z.object({ phone: PhoneNumber }).strict()
export const VerifyPhoneBody = z.object({ phone: PhoneNumber, code: OneTimeCode }).strict()
export const PhoneCodeSent = z.object({ expires_at: z.iso.datetime({ offset: true }) })
export const PhoneVerifiedAnswer = z.object({ user: ServerUser })
