import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

export interface PublicEtagOptions {
  /**
   * Whether the request is signed in or tries to be (a session cookie, an `Authorization` header):
   * what it reads may be that person's own, so it gets no validator.
   */
  carriesCredentials(request: FastifyRequest): boolean
}

/**
 * A weak validator of an answer's body as serialized. Weak (`W/`): the same body is the same answer
 * whether it goes out as brotli, gzip or plain bytes, which a strong tag would have to tell apart.
 */
export function weakEtagOf(body: string | Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

// Answers sent from a read cache carry the tag taken when they were cached (http/read-cache.ts).
const knownTags = new WeakMap<FastifyReply, { bytes: Buffer; etag: string }>()

/**
 * Sends an answer of a read cache as it is, with the weak ETag it was cached with, so the tag is not
 * hashed again on each request. It was checked against the route's response schema when it was
 * made; bytes skip the serializer and go to the socket as they are.
 */
export function sendCachedJson(reply: FastifyReply, answer: { bytes: Buffer; etag: string }): FastifyReply {
  knownTags.set(reply, answer)
  return reply.type('application/json; charset=utf-8').send(answer.bytes)
}

/** Whether `If-None-Match` names the tag, by the weak comparison GET uses (RFC 9110 §13.1.2), or is `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, '')
  const wanted = opaqueTag(etag)
  return header.split(',').some((tag) => tag.trim() === '*' || opaqueTag(tag) === wanted)
}

/**
 * Whether an answer is a visitor's read of a public route, the same for every visitor: a successful
 * GET of a route that declares `access: 'public'`, by a request without credentials, that sets no
 * cookie, carries no validator of its own and does not forbid storing (`no-store`, `private`).
 */
function isSharedPublicRead(request: FastifyRequest, reply: FastifyReply, options: PublicEtagOptions): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  if (reply.statusCode !== 200 || request.routeOptions.config.access !== 'public') return false
  if (reply.hasHeader('set-cookie') || reply.hasHeader('etag')) return false
  if (/\b(?:no-store|private)\b/i.test(String(reply.getHeader('cache-control') ?? ''))) return false
  return !options.carriesCredentials(request)
}

/**
 * ETags on visitors' public reads, and `304 Not Modified` with no body when the browser's copy is
 * still the answer (`If-None-Match`): a visitor returning to the shop or a profile downloads
 * nothing new (decision 045). The tag hashes the body, so the answer is computed as before and
 * only its transfer is saved. Signed-in reads are left alone. Add it in the scope of the `/api`
 * routes: its hook runs before the compression's, which @fastify/compress adds to each route, so the
 * tag is taken of the body before it is compressed and a 304 leaves nothing to compress. Existing
 * `cache-control` headers are kept as they are.
 */
export function addPublicEtags(scope: FastifyInstance, options: PublicEtagOptions): void {
  scope.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    if (!isSharedPublicRead(request, reply, options)) return payload
    const known = knownTags.get(reply)
    const etag = known && known.bytes === payload ? known.etag : weakEtagOf(payload)
    reply.header('etag', etag)
    if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return payload
    reply.code(304)
    return null
  })
}
