import { isPlausibleEmail, normalizeEmail } from './auth-rules.ts'

/**
 * A creator's client list (decision 009), zod-free: the limits and messages that `POST /clients`
 * applies, and the same checks for the browser's form, so that it refuses what the server would.
 */
export const clientLimits = { nameMax: 120, noteMax: 500, pageMax: 100, pageDefault: 20, offsetMax: 100_000 } as const

export const clientMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Names are at most ${clientLimits.nameMax} characters`,
  emailInvalid: 'Please enter a valid email address.',
  phoneInvalid: 'Phone numbers start with + and the country code',
  noteTooLong: `Notes are at most ${clientLimits.noteMax} characters`,
  emailTaken: 'A client with this e-mail is already on your list',
  emailTakenField: 'Already on your client list',
} as const

/** E.164-ish, as the server reads a phone: a plus sign and 8 to 15 digits, spaces and dashes ignored. */
export function normalizePhone(raw: string): string {
  return raw.trim().replace(/[\s-]/g, '')
}

export function isE164Phone(raw: string): boolean {
  return /^\+[1-9]\d{7,14}$/.test(normalizePhone(raw))
}

export interface NewClientValues {
  name: string
  email: string
  phone: string
  note: string
}

export type NewClientField = keyof NewClientValues

/**
 * The form's problems by field, as `POST /clients` would find them: the name 1–120 characters
 * after trimming, an e-mail (the server's stricter check may still refuse one with an `@`), an
 * optional E.164 phone and an optional note of at most 500 characters.
 */
export function newClientProblems(values: NewClientValues): Partial<Record<NewClientField, string>> {
  const problems: Partial<Record<NewClientField, string>> = {}
  const name = values.name.trim()
  if (!name) problems.name = clientMessages.nameRequired
  else if (name.length > clientLimits.nameMax) problems.name = clientMessages.nameTooLong
  const email = normalizeEmail(values.email)
  if (!isPlausibleEmail(email) || email.length > 254 || /\s/.test(email)) problems.email = clientMessages.emailInvalid
  if (values.phone.trim() && !isE164Phone(values.phone)) problems.phone = clientMessages.phoneInvalid
  if (values.note.trim().length > clientLimits.noteMax) problems.note = clientMessages.noteTooLong
  return problems
}

/** The body `POST /clients` takes for these values: trimmed, blanks left out. */
export function newClientBody(values: NewClientValues): { name: string; email: string; phone?: string; note?: string } {
  const phone = normalizePhone(values.phone)
  const note = values.note.trim()
  return {
    name: values.name.trim(),
    email: normalizeEmail(values.email),
    ...(phone ? { phone } : {}),
    ...(note ? { note } : {}),
  }
}
