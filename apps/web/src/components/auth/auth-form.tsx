import { authMessages, isPlausibleEmail, passwordProblem, signUpMessages } from '@picks/contracts/client'
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form'
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

/**
 * A react-hook-form resolver from one of the checks above: the first problem `check` finds becomes
 * that one field's error, so the form shows one message at a time, in the order the checks run.
 */
export function firstProblemResolver<T extends FieldValues, F extends keyof T & string>(
  check: (values: T) => FieldProblem<F> | null,
): Resolver<T> {
  return (values) => {
    const problem = check(values)
    if (!problem) return { values, errors: {} }
    const errors: FieldErrors<T> = {}
    return {
      values: {},
      errors: Object.assign(errors, { [problem.field]: { type: 'validate', message: problem.message } }),
    }
  }
}

/** What the field errors of an auth form look like to `shownError`. */
type ErrorsOf<F extends string> = { [K in F]?: { message?: string } } & {
  root?: Record<string, { message?: string }>
}

/**
 * The one message an auth form shows and the field it is about: the first of `fields` with an
 * error, else the form-level one (`root.server`, field null).
 */
export function shownError<F extends string>(
  errors: ErrorsOf<F>,
  fields: readonly F[],
): { message: string; field: F | null } {
  for (const field of fields) {
    const message = errors[field]?.message
    if (message) return { message, field }
  }
  return { message: errors.root?.server?.message ?? '', field: null }
}
