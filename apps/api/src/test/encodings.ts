import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'

/**
 * Checks that an answer went out in `encoding`, saying it varies with what the browser accepts, and
 * that it unpacks to `text`.
 */
export function expectEncoded(res: LightMyRequestResponse, encoding: 'br' | 'gzip', text: string): void {
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-encoding']).toBe(encoding)
  expect(res.headers['vary']).toContain('accept-encoding')
  const unpacked = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload)
  expect(unpacked.toString()).toBe(text)
}
