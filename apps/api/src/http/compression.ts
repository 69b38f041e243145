import { constants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/** Answers smaller than this go out as they are: a compressed copy would save less than a packet. */
export const compressionThresholdBytes = 1024

/**
 * The content types compressed on the fly: text, JSON and XML (also `+json` and `+xml` types such as
 * `application/problem+json`), and JavaScript. Never an event stream, whose events must reach the
 * browser one by one (a compressor holds them back), and never images, archives or
 * `application/octet-stream` (the plugin's default compresses the latter): they are compressed
 * already or opaque.
 */
export const compressibleType = /^text\/(?!event-stream)|^application\/javascript|[/+](?:json|xml)(?:;|$)/i

/**
 * Compresses the API's answers over a kilobyte for browsers that accept it, brotli first, then gzip
 * (decision 045). Register it first in the scope of the `/api` routes: its hooks are added to each
 * route registered after it there. The web app's files are not compressed here: the build wrote
 * their copies (`static-web.ts`). A route that streams its answer as it goes (none does today) says
 * `compress: false`; a route that writes to `reply.raw` never passes through it.
 *
 * Brotli at quality 4, not zlib's default 11: quality 11 is for the build, which pays once; per
 * request it would cost more CPU than the answer itself on two cores that also run the database.
 * Request bodies are never decompressed: no client of ours sends one compressed.
 */
export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: compressionThresholdBytes,
    customTypes: compressibleType,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 6 },
    globalDecompression: false,
  })
}
