import type { FieldErrors, FieldValues } from 'react-hook-form'

/** The one message a form shows under it, and the field it is about (null: the form as a whole). */
export interface ShownProblem<F extends string> {
  message: string
  field: F | null
}

/**
 * What a react-hook-form form shows, one problem at a time as the hand-written forms did: the
 * first of `fields` (in the order the form checks them) that has an error, else the form-level
 * error (`root.server`). Pass `formState.errors`.
 */
export function shownProblem<T extends FieldValues, F extends keyof T & string>(
  errors: FieldErrors<T>,
  fields: readonly F[],
): ShownProblem<F> {
  for (const field of fields) {
    const message = errors[field]?.message
    if (typeof message === 'string' && message) return { message, field }
  }
  return { message: errors.root?.server?.message ?? '', field: null }
}
