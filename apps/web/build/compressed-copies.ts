import { constants } from 'node:zlib'
import type { Plugin } from 'vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'

/** What a browser fetches as text and compresses well; images and fonts are compressed already. */
export const compressibleAsset = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/

/** Below about a kilobyte a compressed copy saves less than a packet; the server sends the file as it is. */
export const compressionThresholdBytes = 1024

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the build, which
 * the API serves to browsers that accept them (@fastify/static `preCompressed`, decision 045). Both
 * at their highest setting: the cost is paid once per build, never per request. Source maps are not
 * compressible assets (they are moved out of the web root, see source-maps.ts), nor is the bundle
 * benchmark's manifest under `.vite/`, which the server never sends. A copy no smaller than its file
 * is not written.
 */
export function compressedCopies(): Plugin {
  return compression({
    include: compressibleAsset,
    exclude: /(^|[\\/])\.vite[\\/]/,
    threshold: compressionThresholdBytes,
    algorithms: [
      defineAlgorithm('brotliCompress', {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
    ],
    skipIfLargerOrEqual: true,
    deleteOriginalAssets: false,
  })
}
