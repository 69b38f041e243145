import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * Helmet's security headers (CSP, HSTS, frame and referrer policies, …) on every answer, from one
 * helmet middleware made here. `@fastify/helmet` 13 makes a new one for every request, parsing the
 * CSP directives again each time: in the mixed-reads benchmark's CPU profile that was helmet's
 * `parseDirectives` and `dashify` at about 5% of the API's time for a cached read (decision 053).
 * The headers are the same: the same library, given the same options, sets them on the raw response.
 */
export function addSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const setHeaders = helmet(options)
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet 8 throws a failure rather than passing it on; Fastify answers a throw in a hook as an error too.
    setHeaders(request.raw, reply.raw, () => done())
  })
}
