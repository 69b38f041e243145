import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { S3Client } from '@aws-sdk/client-s3'
import { uploadedMediaPattern } from '@picks/contracts'
import type { S3Config } from '../../config.ts'

/** A stored file: its bytes and the content type it is served with. */
export interface StoredMedia {
  bytes: Uint8Array
  contentType: string
}

/**
 * Where uploaded images live. Keys look like `avatars/<hash>.webp` (a folder of lowercase letters,
 * a name of 8 to 128 letters, digits, `_` or `-`, and an image extension), so `/media/<key>` is the
 * address the site serves the file at; anything else is refused before it reaches a disk or a bucket.
 */
export interface MediaStorage {
  readonly kind: 'disk' | 's3'
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  /** The file, or null when there is none under `key`. */
  get(key: string): Promise<StoredMedia | null>
  /** Removes the file; removing a missing one is not an error. */
  delete(key: string): Promise<void>
  close(): Promise<void>
}

export class InvalidMediaKeyError extends Error {
  constructor(key: string) {
    super(`Invalid media key ${JSON.stringify(key.slice(0, 200))}`)
    this.name = 'InvalidMediaKeyError'
  }
}

const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
}

export function isMediaKey(key: string): boolean {
  return uploadedMediaPattern.test(`/media/${key}`)
}

/** The content type a key's extension stands for; throws for a key that is not a media key. */
export function contentTypeOfKey(key: string): string {
  const type = isMediaKey(key) ? contentTypes[key.slice(key.lastIndexOf('.') + 1)] : undefined
  if (!type) throw new InvalidMediaKeyError(key)
  return type
}

function checkPut(key: string, contentType: string): void {
  const expected = contentTypeOfKey(key)
  if (contentType !== expected) throw new Error(`Content type ${contentType} does not match ${key} (${expected})`)
}

/** Files under `root` (`${DATA_DIR}/media`); each write lands whole or not at all (temp file, then rename). */
export function createDiskStorage(root: string): MediaStorage {
  const base = path.resolve(root)
  const fileOf = (key: string): string => {
    contentTypeOfKey(key)
    const file = path.resolve(base, key)
    // The key pattern already rules out `..` and absolute paths; this holds even if it changes.
    if (!file.startsWith(base + path.sep)) throw new InvalidMediaKeyError(key)
    return file
  }
  return {
    kind: 'disk',
    async put(key, bytes, contentType) {
      checkPut(key, contentType)
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      const temp = `${file}.${randomUUID()}.tmp`
      try {
        await writeFile(temp, bytes, { flag: 'wx' })
        await rename(temp, file)
      } catch (err) {
        await rm(temp, { force: true })
        throw err
      }
    },
    async get(key) {
      const file = fileOf(key)
      try {
        return { bytes: await readFile(file), contentType: contentTypeOfKey(key) }
      } catch (err) {
        if (err instanceof Error && 'code' in err && err.code === 'ENOENT') return null
        throw err
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true })
    },
    async close() {},
  }
}

/** An S3-compatible bucket (AWS, MinIO, Cloudflare R2, …) through the official client. */
export function createS3Storage(config: S3Config): MediaStorage {
  // The SDK loads on first use, so a server that keeps images on disk never pays for it at start-up.
  let opened: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | null = null
  const open = () =>
    (opened ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // Checksums only where S3 demands them: several S3-compatible services refuse the newer
        // default checksum headers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
      }),
    })))
  const Bucket = config.bucket
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      checkPut(key, contentType)
      const { sdk, client } = await open()
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }))
    },
    async get(key) {
      contentTypeOfKey(key)
      const { sdk, client } = await open()
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }))
        if (!answer.Body) return null
        return { bytes: await answer.Body.transformToByteArray(), contentType: contentTypeOfKey(key) }
      } catch (err) {
        const missing =
          err instanceof sdk.S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)
        if (missing) return null
        throw err
      }
    },
    async delete(key) {
      contentTypeOfKey(key)
      const { sdk, client } = await open()
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }))
    },
    async close() {
      if (opened) (await opened).client.destroy()
    },
  }
}

/** S3 when configured, else the disk under `${dataDir}/media`. */
export function createMediaStorage(config: { dataDir: string; s3: S3Config | null }): MediaStorage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(path.join(config.dataDir, 'media'))
}
