import { inspect } from 'node:util'
import pino, { type LoggerOptions } from 'pino'

/** Secrets and personal data never reach the logs. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.secret',
  '*.apiKey',
  '*.otp',
  '*.newPassword',
  '*.currentPassword',
  // A message's recipient: an e-mail address or a phone number.
  'to',
]

const censor = '[Redacted]'

/** Fields of a failed query that hold its values: drizzle's and PGlite's `params`, PGlite's `queryOptions`. */
const valueKeys = new Set(['params', 'queryOptions'])

/** Addresses and phone numbers inside a message (a provider's "The number +1… is invalid", say). */
const emailAddress = /[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}/g
const phoneNumber = /\+\d[\d\s-]{6,18}\d/g

function maskContacts(text: string): string {
  return text.replace(emailAddress, censor).replace(phoneNumber, censor)
}

/** drizzle's `Failed query: <sql>\nparams: <values>` keeps the SQL; the values, to the end, go. */
function withoutQueryValues(message: string): string {
  const at = message.indexOf('\nparams: ')
  return message.startsWith('Failed query: ') && at >= 0 ? `${message.slice(0, at)}\nparams: ${censor}` : message
}

/** A PostgreSQL error's detail names the values it refused: `Key (email)=(…)`, `Failing row contains (…)`. */
function withoutDetailValues(detail: string): string {
  return detail
    .replace(/\)=\([\s\S]*?\)(?= already| is not| conflicts|\.|$)/g, `)=(${censor})`)
    .replace(/contains \([\s\S]*\)/, `contains (${censor})`)
    .replace(/Token "[\s\S]*?" is invalid/, `Token "${censor}" is invalid`)
}

/** PostgreSQL's data errors quote the refused value at the end: `invalid input syntax for type uuid: "…"`. */
function withoutQuotedValue(message: string, code: unknown): string {
  return typeof code === 'string' && code.startsWith('22') ? message.replace(/: "[\s\S]*"$/, `: "${censor}"`) : message
}

function isErrorLike(value: unknown): value is Error {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string'
}

/**
 * A copy of the error (same prototype, so the same type name) without the values of a failed
 * query, in it or in any error it holds (`cause`, an AggregateError's `errors`).
 */
function scrubbed(error: Error, seen: Map<Error, Error>): Error {
  const done = seen.get(error)
  if (done) return done
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error
  seen.set(error, copy)
  const fields = error as unknown as Record<string, unknown>
  for (const key of Object.getOwnPropertyNames(error)) {
    if (valueKeys.has(key)) continue
    // Read through any accessor (V8 may keep `stack` as one): the copy holds plain values.
    const enumerable = Object.getOwnPropertyDescriptor(error, key)?.enumerable ?? false
    const value = scrubbedValue(key, fields[key], fields, seen)
    Object.defineProperty(copy, key, { value, enumerable, writable: true, configurable: true })
  }
  return copy
}

function scrubbedValue(key: string, value: unknown, fields: Record<string, unknown>, seen: Map<Error, Error>) {
  if (isErrorLike(value)) return scrubbed(value, seen)
  if (Array.isArray(value)) return value.map((item: unknown) => (isErrorLike(item) ? scrubbed(item, seen) : item))
  if (typeof value !== 'string') return value
  const scrubbedMessage = (message: string) => withoutQuotedValue(withoutQueryValues(message), fields.code)
  if (key === 'message') return maskContacts(scrubbedMessage(value))
  if (key === 'stack') {
    // The stack opens with the message: the same message, scrubbed, replaces it.
    const message = typeof fields.message === 'string' ? fields.message : ''
    if (message && value.includes(message)) return maskContacts(value.replace(message, () => scrubbedMessage(message)))
    return maskContacts(value.replace(/(Failed query: [\s\S]*?\nparams: )[\s\S]*?(?=\n {4}at |$)/, `$1${censor}`))
  }
  if (key === 'detail') return maskContacts(withoutDetailValues(value))
  // PostgreSQL can quote a parameter in the context of an error: `unnamed portal parameter $1 = '…'`.
  if (key === 'where') return maskContacts(value.replace(/ = '[\s\S]*'/, ` = '${censor}'`))
  return value
}

/** An error as it is logged (the shape Fastify asks of an `err` serializer). */
interface LoggedError {
  [key: string]: unknown
  type: string
  message: string
  stack: string
}

/**
 * pino's error serializer, given the error without the values of a failed query. Whatever else is
 * logged as `err` (a message string, say) becomes its text with addresses and numbers masked.
 */
export function serializeError(value: unknown): LoggedError {
  if (isErrorLike(value)) return pino.stdSerializers.err(scrubbed(value, new Map()))
  const message = typeof value === 'string' ? value : inspect(value, { depth: 3, breakLength: Infinity })
  return { type: typeof value, message: maskContacts(message), stack: '' }
}

/** The logger options every process shares: the redactions and the error serializer. */
export const logRedaction = {
  redact: redactedPaths,
  serializers: { err: serializeError },
} satisfies LoggerOptions
