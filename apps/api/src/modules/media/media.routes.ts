import { createHash } from 'node:crypto'
import fastifyMultipart from '@fastify/multipart'
import { text } from '@picks/contracts'
import type { FastifyError } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { callerOf } from '../auth/guard.ts'
import {
  avatarMessages,
  avatarRules,
  saveAvatar,
  uploadProblem,
  type MediaStorage,
  type UploadLimiter,
} from './media.service.ts'
import { isMediaKey } from './storage.ts'

const AvatarUploadAnswer = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
})

/** Room for the multipart envelope (boundaries, part headers) around a file of the largest size. */
const envelopeBytes = 64 * 1024

function isFastifyError(err: unknown): err is FastifyError {
  return err instanceof Error && 'code' in err && typeof err.code === 'string'
}

/** The multipart library's own failures, said in our shape and naming the field. */
function uploadError(err: unknown): unknown {
  if (err instanceof AppError || !isFastifyError(err)) return err
  if (err.code === 'FST_REQ_FILE_TOO_LARGE')
    return uploadProblem('PAYLOAD_TOO_LARGE', avatarMessages.tooLarge, 'TOO_LARGE')
  if (err.code.startsWith('FST_') && (err.statusCode ?? 500) < 500) {
    return uploadProblem('VALIDATION_FAILED', avatarMessages.missing, 'BAD_FORM')
  }
  return err
}

/** Reading the form failed: the multipart parser's own errors (a cut-off body, no boundary) are the sender's. */
function formError(err: unknown): unknown {
  if (err instanceof AppError || isFastifyError(err)) return uploadError(err)
  return uploadProblem('VALIDATION_FAILED', avatarMessages.missing, 'BAD_FORM')
}

/** `POST /api/media/avatar`: a signed-in person uploads a profile picture. */
export const mediaUploadRoutes: FastifyPluginAsyncZod<{
  db: Db
  storage: MediaStorage
  limiter: UploadLimiter
}> = async (app, { storage, limiter }) => {
  // Only this plugin's routes read multipart bodies. Busboy drops bytes past the file limit instead
  // of keeping them, so an oversized upload costs no memory.
  await app.register(fastifyMultipart, {
    limits: { fileSize: avatarRules.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 20 },
    throwFileSizeLimit: true,
  })

  app.post(
    '/media/avatar',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['media'],
        summary:
          'Uploads a profile picture (multipart field `file`: JPEG, PNG or WebP, at most 2 MB); answers the address of its 256 × 256 WebP',
        consumes: ['multipart/form-data'],
        response: { 201: AvatarUploadAnswer },
      },
    },
    async (request, reply) => {
      const { user } = await callerOf(request)
      const waitMs = await limiter.take(user.id)
      if (waitMs > 0) {
        reply.header('retry-after', String(Math.ceil(waitMs / 1000)))
        throw new AppError('RATE_LIMITED', avatarMessages.tooMany)
      }
      // A declared length that cannot fit is refused before a byte of the body is read.
      const declared = Number(request.headers['content-length'] ?? 0)
      if (declared > avatarRules.maxBytes + envelopeBytes) {
        throw uploadProblem('PAYLOAD_TOO_LARGE', avatarMessages.tooLarge, 'TOO_LARGE')
      }
      if (!request.isMultipart()) throw uploadProblem('VALIDATION_FAILED', avatarMessages.missing, 'NOT_MULTIPART')
      let bytes: Buffer
      try {
        const part = await request.file()
        if (!part || part.fieldname !== 'file') {
          throw uploadProblem('VALIDATION_FAILED', avatarMessages.missing, 'NO_FILE')
        }
        bytes = await part.toBuffer()
      } catch (err) {
        throw formError(err)
      }
      if (bytes.length === 0) throw uploadProblem('VALIDATION_FAILED', avatarMessages.missing, 'NO_FILE')
      return reply.status(201).send(await saveAvatar(storage, bytes))
    },
  )
}

const MediaParams = z.object({ '*': text() })

/**
 * `GET /media/<key>`: stored images, public and cached for a year. Keys are content-addressed, so
 * a file never changes under its address. The bytes are proxied from the storage (never a
 * redirect), so the disk and S3 look the same to a browser.
 */
export const mediaFileRoutes: FastifyPluginAsyncZod<{ storage: MediaStorage }> = async (app, { storage }) => {
  // `/media` itself (and `/media/`, the same with trailing slashes ignored) is no page of the web app.
  app.get('/media', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache')
    throw new AppError('NOT_FOUND', 'No such image')
  })
  app.get(
    '/media/*',
    {
      config: { access: 'public' },
      schema: { tags: ['media'], summary: 'A stored image (avatars/<hash>.webp)', params: MediaParams, hide: true },
    },
    async (request, reply) => {
      const key = request.params['*']
      const stored = isMediaKey(key) ? await storage.get(key) : null
      if (!stored) {
        reply.header('cache-control', 'no-cache')
        throw new AppError('NOT_FOUND', 'No such image')
      }
      const etag = `"${createHash('sha256').update(stored.bytes).digest('hex').slice(0, 32)}"`
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
      const ifNoneMatch = request.headers['if-none-match']
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.status(304).send()
      }
      return reply.type(stored.contentType).send(Buffer.from(stored.bytes))
    },
  )
}
