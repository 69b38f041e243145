import { ErrorBody } from '@picks/contracts'
import type { FastifyInstance } from 'fastify'
import { isOpen, type Access } from './modules/auth/guard.ts'

/**
 * The security schemes a guarded operation accepts: the session cookie, or a bearer token; the
 * server metrics also take the METRICS_TOKEN as a bearer.
 */
export const securitySchemes = {
  sessionCookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'A session token, or a 15-minute access token from GET /auth/token',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: "The server's METRICS_TOKEN, when it sets one: for a Prometheus scraper (GET /metrics only)",
  },
} as const

/** Any one of these: the guard's declaration decides which schemes apply. */
function securityOf(access: Access): Record<string, string[]>[] {
  if (isOpen(access)) return []
  const session: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerToken: [] }]
  return access === 'metrics' ? [...session, { metricsToken: [] }] : session
}

/** `GET /users/:id/profile` -> `getUsersByIdProfile`: unique because method and path are. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean)
  const capitalised = words.map((word) => word[0]!.toUpperCase() + word.slice(1))
  return method.toLowerCase() + capitalised.join('')
}

function errorResponses(access: Access, hasParams: boolean) {
  const error = (description: string) => ErrorBody.describe(description)
  return {
    400: error('The request is not valid; `details` names each field'),
    ...(isOpen(access) ? {} : { 401: error('Not signed in'), 403: error('Signed in without the right to do this') }),
    ...(hasParams ? { 404: error('Not found') } : {}),
    500: error('Something went wrong on our side'),
  }
}

/**
 * Documents every declared route from its declaration, so the document cannot drift from what is
 * enforced: an operationId, the security the guard asks for, and the one error shape per status.
 */
export function describeOperations(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access
    if (access === undefined || route.schema?.hide) return
    const method = [route.method].flat()[0] ?? 'GET'
    route.schema = {
      ...route.schema,
      operationId: route.schema?.operationId ?? operationIdOf(method, route.url),
      security: securityOf(access),
      response: {
        ...errorResponses(access, route.url.includes(':')),
        ...(route.schema?.response as Record<string, unknown> | undefined),
      },
    }
  })
}
