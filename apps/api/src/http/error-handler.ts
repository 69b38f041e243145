import type { ErrorBody, FieldIssue } from '@picks/contracts'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { AppError } from '../errors.ts'

const contextNames: Record<string, string> = {
  querystring: 'query',
  body: 'body',
  params: 'params',
  headers: 'headers',
}

/** One of zod's issues as it reaches us: a union's failure keeps each option's own issues in `errors`. */
interface ZodIssueLike {
  code?: unknown
  path?: unknown
  message?: unknown
  errors?: unknown
}

function isIssueList(value: unknown): value is ZodIssueLike[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null)
}

/** An option of a union that the value is not of the kind of (an object, not a list): its own place's type is wrong. */
function wrongKind(issues: ZodIssueLike[]): boolean {
  return issues.some((issue) => issue.code === 'invalid_type' && Array.isArray(issue.path) && !issue.path.length)
}

/**
 * A union's failure names its own place with zod's "Invalid input". When the value was of the kind
 * of just one option (one report, or a list of them), that option's issues say what is wrong and
 * where (`body.1.message`), so they are named instead, and so on for unions inside it.
 */
function unionIssues(path: string[], message: string, options: unknown): { path: string[]; message: string }[] {
  const candidates = Array.isArray(options) ? options.filter(isIssueList).filter((issues) => !wrongKind(issues)) : []
  const [chosen] = candidates
  if (candidates.length !== 1 || !chosen) return [{ path, message }]
  return chosen.flatMap((issue) => {
    const at = [...path, ...(Array.isArray(issue.path) ? issue.path.map(String) : [])]
    const text = typeof issue.message === 'string' ? issue.message : 'Invalid value'
    return issue.code === 'invalid_union' ? unionIssues(at, text, issue.errors) : [{ path: at, message: text }]
  })
}

function fieldIssues(
  error: FastifyError & {
    validation: { instancePath: string; message?: string; keyword?: string; params?: Record<string, unknown> }[]
  },
): FieldIssue[] {
  const where = contextNames[error.validationContext ?? ''] ?? error.validationContext ?? 'request'
  return error.validation.flatMap((issue) => {
    const path = issue.instancePath.split('/').filter(Boolean)
    const message = issue.message ?? 'Invalid value'
    const found =
      issue.keyword === 'invalid_union' ? unionIssues(path, message, issue.params?.errors) : [{ path, message }]
    return found.map((f) => ({ field: [where, ...f.path].join('.'), message: f.message }))
  })
}

export function sendError(reply: FastifyReply, request: FastifyRequest, error: AppError): FastifyReply {
  const body: ErrorBody = {
    error: {
      code: error.code,
      message: error.message,
      requestId: String(request.id),
      ...(error.reason ? { reason: error.reason } : {}),
      ...(error.details ? { details: error.details } : {}),
    },
  }
  if (error.retryAfterMs !== undefined)
    reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))))
  return reply.status(error.status).send(body)
}

/**
 * PostgreSQL's data errors that a client's value causes (a NUL byte, text where a number or a date
 * belongs, a value too long): the request was wrong, so a 400, not a 500.
 */
const badValueCodes = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05'])

/** The refused value's SQLSTATE, if the error (or one it wraps: drizzle keeps PostgreSQL's as `cause`) is one. */
function badValueCode(error: unknown): string | null {
  let current: unknown = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, severity } = current as { code?: unknown; severity?: unknown }
    if (typeof code === 'string' && typeof severity === 'string' && badValueCodes.has(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return null
}

/** A media type worth repeating back (`text/csv`); anything else is not echoed. */
function plainMediaType(header: unknown): string | null {
  const type = typeof header === 'string' ? (header.split(';')[0]?.trim() ?? '') : ''
  return /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,63}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,63}$/.test(type) ? type : null
}

function validationFailed(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { details: [{ field, message }] })
}

/** Our answer to any error: our own, a validation failure, a framework error, or an unexpected one. */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AppError) return sendError(reply, request, error)
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = fieldIssues(error)
    const fields = [...new Set(details.map((d) => d.field))].join(', ')
    return sendError(reply, request, new AppError('VALIDATION_FAILED', `Invalid ${fields}`, { details }))
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema')
    return sendError(reply, request, new AppError('INTERNAL', 'Internal server error'))
  }
  // Fastify's own messages for these repeat the address; ours do not.
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendError(
      reply,
      request,
      validationFailed('url', 'The address holds an escape (%XX) that is not valid UTF-8'),
    )
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    const message = 'A part of the address is too long'
    return sendError(reply, request, new AppError('URI_TOO_LONG', message, { details: [{ field: 'params', message }] }))
  }
  const code = badValueCode(error)
  if (code) {
    request.log.warn({ err: error, sqlstate: code }, 'the database refused a value of the request')
    return sendError(reply, request, validationFailed('request', 'The request holds a value that cannot be stored'))
  }
  const status = error.statusCode ?? 500
  if (status === 413) return sendError(reply, request, new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large'))
  if (status === 429) return sendError(reply, request, new AppError('RATE_LIMITED', error.message))
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    const type = plainMediaType(request.headers['content-type'])
    const message = `Unsupported content type${type ? ` ${type}` : ''}; send application/json`
    return sendError(reply, request, validationFailed('headers.content-type', message))
  }
  if (status >= 400 && status < 500) {
    // Malformed JSON, an empty JSON body and the like: the client's fault, said plainly.
    return sendError(reply, request, validationFailed('body', error.message))
  }
  request.log.error({ err: error }, 'unhandled error')
  return sendError(reply, request, new AppError('INTERNAL', 'Internal server error'))
}

/** One error shape for every failure; 5xx details are logged, never sent. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(answerError)
}

/**
 * Fastify's `frameworkErrors` option: the errors it meets before any route runs (an address that is
 * not valid UTF-8, a path parameter over the router's limit) get the same shape as all others.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // No route's hooks run for these, so the id a client quotes to us is set here.
  reply.header('x-request-id', request.id)
  answerError(error, request, reply)
}
