import { createHash, createHmac } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { S3Config } from '../config.ts'

export interface S3Double {
  /** Settings that point the real S3 client at this double. */
  config: S3Config
  /** What the bucket holds, by key. */
  objects: Map<string, { bytes: Buffer; contentType: string }>
  /** Every request it answered, as `METHOD /path status` (no query). */
  log: string[]
  close(): Promise<void>
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()

function xmlError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' })
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`)
}

/**
 * Checks an AWS Signature Version 4 the way S3 does: rebuilds the canonical request from what
 * arrived, signs it with the one secret this double knows, and compares. Null when it holds.
 */
function signatureProblem(req: IncomingMessage, body: Buffer, config: S3Config): string | null {
  const auth = req.headers.authorization ?? ''
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    )
  if (!match) return 'missing or malformed Authorization'
  const [, accessKey, day = '', region = '', signedHeaders = '', signature] = match
  if (accessKey !== config.accessKeyId) return 'unknown access key'
  if (region !== config.region) return 'wrong region'
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '')
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) return 'payload hash mismatch'
  const amzDate = String(req.headers['x-amz-date'] ?? '')
  if (!amzDate.startsWith(day)) return 'date mismatch'
  const url = new URL(req.url ?? '/', 'http://double')
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)])
    .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
  const headers = signedHeaders
    .split(';')
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('')
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n')
  const scope = `${day}/${region}/s3/aws4_request`
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${config.secretAccessKey}`, day), region), 's3'), 'aws4_request')
  return hmac(key, toSign).toString('hex') === signature ? null : 'signature does not match'
}

/**
 * A stand-in for an S3-compatible service on 127.0.0.1: path-style PutObject, GetObject and
 * DeleteObject on one bucket, answering in S3's shapes (XML errors, ETag, 204 on delete) and
 * refusing requests that are not signed with its credentials.
 */
export async function startS3Double(): Promise<S3Double> {
  const config: S3Config = {
    bucket: 'picks-media',
    region: 'us-east-1',
    endpoint: '',
    accessKeyId: 'AKIDTESTDOUBLE',
    secretAccessKey: 'test-double-secret-key',
    forcePathStyle: true,
  }
  const objects = new Map<string, { bytes: Buffer; contentType: string }>()
  const log: string[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const path = new URL(req.url ?? '/', 'http://double').pathname
      const answer = (status: number) => log.push(`${req.method} ${path} ${status}`)
      const problem = signatureProblem(req, body, config)
      if (problem) {
        answer(403)
        return xmlError(res, 403, 'SignatureDoesNotMatch', problem)
      }
      const prefix = `/${config.bucket}/`
      if (!path.startsWith(prefix)) {
        answer(404)
        return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist')
      }
      const key = decodeURIComponent(path.slice(prefix.length))
      if (req.method === 'PUT') {
        objects.set(key, { bytes: body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') })
        answer(200)
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` })
        return res.end()
      }
      if (req.method === 'GET') {
        const object = objects.get(key)
        if (!object) {
          answer(404)
          return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.')
        }
        answer(200)
        res.writeHead(200, {
          'content-type': object.contentType,
          'content-length': object.bytes.length,
          etag: `"${createHash('md5').update(object.bytes).digest('hex')}"`,
        })
        return res.end(object.bytes)
      }
      if (req.method === 'DELETE') {
        objects.delete(key)
        answer(204)
        res.writeHead(204)
        return res.end()
      }
      answer(405)
      return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  config.endpoint = `http://127.0.0.1:${port}`
  return {
    config,
    objects,
    log,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}
