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

function fieldIssues(error: FastifyError & { validation: { instancePath: string; message?: string }[] }): FieldIssue[] {
  const where = contextNames[error.validationContext ?? ''] ?? error.validationContext ?? 'request'
  return error.validation.map((issue) => {
    const path = issue.instancePath.split('/').filter(Boolean).join('.')
    return { field: path ? `${where}.${path}` : where, message: issue.message ?? 'Invalid value' }
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
  return reply.status(error.status).send(body)
}

/** One error shape for every failure; 5xx details are logged, never sent. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, request, error)
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = fieldIssues(error)
      const fields = [...new Set(details.map((d) => d.field))].join(', ')
      return sendError(reply, request, new AppError('VALIDATION_FAILED', `Invalid ${fields}`, details))
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema')
      return sendError(reply, request, new AppError('INTERNAL', 'Internal server error'))
    }
    const status = error.statusCode ?? 500
    if (status === 413) return sendError(reply, request, new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large'))
    if (status === 429) return sendError(reply, request, new AppError('RATE_LIMITED', error.message))
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const type = String(request.headers['content-type'] ?? 'none')
      const message = `Unsupported content type ${type}; send application/json`
      return sendError(
        reply,
        request,
        new AppError('VALIDATION_FAILED', message, [{ field: 'headers.content-type', message }]),
      )
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, said plainly.
      return sendError(
        reply,
        request,
        new AppError('VALIDATION_FAILED', error.message, [{ field: 'body', message: error.message }]),
      )
    }
    request.log.error({ err: error }, 'unhandled error')
    return sendError(reply, request, new AppError('INTERNAL', 'Internal server error'))
  })
}
