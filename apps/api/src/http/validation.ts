import { isSafeText, unsafeTextMessage, type FieldIssue } from '@picks/contracts'
import type { FastifySchemaCompiler } from 'fastify'
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../errors.ts'

export interface UnsafeText {
  /** Where the string is, from the root of the part checked (`['user', 'name']`). */
  path: (string | number)[]
  message: string
}

/** Answers name at most this many fields; one is enough to fix, a flood is no help. */
const maxReported = 20

/** No request of ours nests deeper; a deeper one would only make later code recurse (JSON.stringify). */
export const maxNesting = 32

/**
 * Every string in `value`, object keys included, that holds U+0000 or an unpaired surrogate, and
 * any array or object nested deeper than `maxNesting`. A bad key is reported at its object (the key
 * itself is not repeated back). The walk is iterative, so a deeply nested body cannot exhaust the stack.
 */
export function unsafeTextIn(value: unknown): UnsafeText[] {
  const found: UnsafeText[] = []
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }]
  while (pending.length > 0 && found.length < maxReported) {
    const next = pending.pop()
    if (!next) break
    const { value: item, path } = next
    if (path.length > maxNesting && typeof item === 'object' && item !== null) {
      found.push({ path: path.slice(0, maxNesting), message: `must not nest deeper than ${maxNesting} levels` })
    } else if (typeof item === 'string') {
      if (!isSafeText(item)) found.push({ path, message: unsafeTextMessage })
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) pending.push({ value: item[i] as unknown, path: [...path, i] })
    } else if (typeof item === 'object' && item !== null && !ArrayBuffer.isView(item)) {
      const entries = Object.entries(item)
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] ?? ['', undefined]
        if (isSafeText(key)) pending.push({ value: child, path: [...path, key] })
        else found.push({ path, message: `field names ${unsafeTextMessage}` })
      }
    }
  }
  return found
}

/**
 * For a handler that reads the request without a schema of ours (the auth library's routes): throws
 * the 400 the validator gives, naming each field (`body.token`) that holds unsafe text.
 */
export function refuseUnsafeText(parts: Record<string, unknown>): void {
  const details: FieldIssue[] = Object.entries(parts).flatMap(([where, value]) =>
    unsafeTextIn(value).map(({ path, message }) => ({ field: [where, ...path].join('.'), message })),
  )
  if (details.length === 0) return
  const fields = [...new Set(details.map((d) => d.field))].join(', ')
  throw new AppError('VALIDATION_FAILED', `Invalid ${fields}`, { details })
}

/** Fails with one issue per unsafe string, in zod's shape, so the error handler names each field. */
const SafeTextOnly = z.unknown().superRefine((value, ctx) => {
  for (const { path, message } of unsafeTextIn(value)) ctx.addIssue({ code: 'custom', path, message })
})

/**
 * fastify-type-provider-zod's validator, behind a check of every string of the body, query and
 * path parameters: NUL and unpaired surrogates are refused even where a schema forgot `text()`,
 * with the same 400 VALIDATION_FAILED naming the field (`query.search`).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route)
  const refuseUnsafeText = zodValidatorCompiler({ ...route, schema: SafeTextOnly })
  return (data) => (unsafeTextIn(data).length > 0 ? refuseUnsafeText(data) : validate(data))
}
