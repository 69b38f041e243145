import {
  get,
  set,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormSetError,
} from 'react-hook-form'

/** A form's problems as its rule functions list them: one message per problem field. */
export type Problems<Field extends string> = Partial<Record<Field, string>>

/**
 * How a form's problem fields (the keys its rule functions use) sit among its react-hook-form
 * errors: `fields` in the order they are checked, and `pathOf` the value each problem is kept at
 * (a problem about several values, such as a game's two teams, is kept at one of them).
 */
export function formProblems<Values extends FieldValues, Field extends string>(
  fields: readonly Field[],
  pathOf: (field: Field) => FieldPath<Values>,
) {
  return {
    /** A resolver from the form's rule function: every problem it finds becomes its field's error. */
    resolver(problemsOf: (values: Values) => Problems<Field>): Resolver<Values> {
      return (values) => {
        const problems = problemsOf(values)
        const errors: FieldErrors<Values> = {}
        for (const field of fields) {
          const message = problems[field]
          if (!message) continue
          const path = pathOf(field)
          // Merged, so a problem about a group (the social links) keeps those of its members.
          set(errors, path, {
            ...get<FieldErrors<Values>, object | undefined>(errors, path),
            type: 'validate',
            message,
          })
        }
        return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors }
      }
    },
    /** The problems the form's errors hold, by problem field. */
    read(errors: FieldErrors<Values>): Problems<Field> {
      const problems: Problems<Field> = {}
      for (const field of fields) {
        const message = get<FieldErrors<Values>, FieldError | undefined>(errors, pathOf(field))?.message
        if (message) problems[field] = message
      }
      return problems
    },
    /** Shows problems found elsewhere (the server's answer) at their fields. */
    show(setError: UseFormSetError<Values>, problems: Problems<Field>): void {
      for (const field of fields) {
        const message = problems[field]
        if (message) setError(pathOf(field), { type: 'server', message })
      }
    },
    /** The paths of every problem field, to clear them and leave the form-level error. */
    paths(): FieldPath<Values>[] {
      return fields.map(pathOf)
    },
  }
}

/** The one message a form shows under it, and the field it is about (null: the form as a whole). */
export interface ShownProblem<F extends string> {
  message: string
  field: F | null
}

/**
 * What a form shows, one problem at a time: the first of `fields` (in the order the form checks
 * them) that has an error, else the form-level error (`root.server`). Pass `formState.errors`.
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

/**
 * A resolver from a check that finds one problem at a time: the first problem `check` finds
 * becomes that one field's error, so the form shows one message, in the order the checks run.
 */
export function firstProblemResolver<T extends FieldValues, F extends keyof T & string>(
  check: (values: T) => { field: F; message: string } | null,
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

/**
 * The problems a server answer names (`details`, each `{ field: 'body.price_cents', message }`), at
 * the form's fields: `fieldOf` maps the body's top-level names onto them; the first message wins.
 */
export function problemsFromServer<Field extends string>(
  details: readonly { field: string; message: string }[] | undefined,
  fieldOf: Readonly<Record<string, Field>>,
): Problems<Field> {
  const problems: Problems<Field> = {}
  for (const { field, message } of details ?? []) {
    const key = fieldOf[field.replace(/^body\./, '').split('.')[0] ?? '']
    if (key && !problems[key]) problems[key] = message
  }
  return problems
}
