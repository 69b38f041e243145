import { authMessages, isPlausibleEmail, passwordProblem, signUpMessages } from '@picks/contracts/client'
import { ApiError } from '../../lib/api-client.ts'

/** The auth forms' checks before any call, and the field a server's refusal is about. */

export interface FieldProblem<F extends string> {
  field: F
  message: string
}

/** Spec §5 new-password rules, then the confirmation. */
export function newPasswordProblem(password: string, confirm: string): FieldProblem<'password' | 'confirm'> | null {
  const weak = passwordProblem(password)
  if (weak) return { field: 'password', message: weak }
  if (password !== confirm) return { field: 'confirm', message: signUpMessages.passwordsDiffer }
  return null
}

export interface SignUpFields {
  name: string
  email: string
  password: string
  confirm: string
  terms: boolean
  privacy: boolean
}

export type SignUpField = 'name' | 'email' | 'password' | 'confirm' | 'phone' | 'agreements'

/**
 * Spec §5 sign-up checks, in order: the required name and e-mail first (what a browser's own
 * `required` check would stop on), then the password rules, the confirmation and the agreements.
 */
export function signUpProblem(fields: SignUpFields): FieldProblem<SignUpField> | null {
  if (!fields.name.trim()) return { field: 'name', message: signUpMessages.nameRequired }
  if (!fields.email.trim()) return { field: 'email', message: signUpMessages.emailRequired }
  if (!isPlausibleEmail(fields.email)) return { field: 'email', message: authMessages.invalidEmail }
  const password = newPasswordProblem(fields.password, fields.confirm)
  if (password) return password
  if (!fields.terms || !fields.privacy) return { field: 'agreements', message: signUpMessages.termsRequired }
  return null
}

/** The field a server's validation answer names (`body.password` → `password`), if any. */
export function fieldOfServerError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null
  const field = error.details?.[0]?.field
  return field ? field.replace(/^body\./, '') : null
}
