import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3Double, type S3Double } from '../../test/s3-double.ts'
import {
  createDiskStorage,
  createMediaStorage,
  createS3Storage,
  InvalidMediaKeyError,
  type MediaStorage,
} from './storage.ts'

const webpBytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50, 9, 9])

/** One contract, two stores: what the app relies on must hold for the disk and for S3 alike. */
function storageContract(name: string, open: () => MediaStorage) {
  describe(`${name} storage`, () => {
    let storage: MediaStorage
    beforeAll(() => {
      storage = open()
    })
    afterAll(async () => {
      await storage.close()
    })

    it('gives back what was put, with its content type', async () => {
      await storage.put('avatars/0123456789abcdef.webp', webpBytes, 'image/webp')
      const stored = await storage.get('avatars/0123456789abcdef.webp')
      expect(stored?.contentType).toBe('image/webp')
      expect(Buffer.from(stored!.bytes)).toEqual(Buffer.from(webpBytes))
    })

    it('answers null for a key it does not hold', async () => {
      expect(await storage.get('avatars/ffffffffffffffff.webp')).toBeNull()
    })

    it('replaces a file put again under the same key', async () => {
      await storage.put('avatars/replace-me-1234.png', new Uint8Array([1, 2, 3]), 'image/png')
      await storage.put('avatars/replace-me-1234.png', new Uint8Array([4, 5]), 'image/png')
      expect(Buffer.from((await storage.get('avatars/replace-me-1234.png'))!.bytes)).toEqual(Buffer.from([4, 5]))
    })

    it('deletes, and deleting a missing key is no error', async () => {
      await storage.put('avatars/delete-me-1234.jpg', new Uint8Array([7]), 'image/jpeg')
      await storage.delete('avatars/delete-me-1234.jpg')
      expect(await storage.get('avatars/delete-me-1234.jpg')).toBeNull()
      await expect(storage.delete('avatars/delete-me-1234.jpg')).resolves.toBeUndefined()
    })

    it('refuses keys that could leave its folder or are not images', async () => {
      for (const key of [
        '../escape/0123456789.webp',
        'avatars/../../0123456789.webp',
        '/etc/0123456789.webp',
        'avatars/0123456789.html',
        'avatars/short.webp',
        'Avatars/0123456789.webp',
        'avatars/sub/0123456789.webp',
        '',
      ]) {
        await expect(storage.put(key, webpBytes, 'image/webp'), key).rejects.toThrow(InvalidMediaKeyError)
        await expect(storage.get(key), key).rejects.toThrow(InvalidMediaKeyError)
        await expect(storage.delete(key), key).rejects.toThrow(InvalidMediaKeyError)
      }
    })

    it('refuses a content type that does not match the key', async () => {
      await expect(storage.put('avatars/0123456789abcdef.webp', webpBytes, 'text/html')).rejects.toThrow(
        /does not match/,
      )
    })
  })
}

const tempDirs: string[] = []
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
})
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'picks-media-'))
  tempDirs.push(dir)
  return dir
}

let s3: S3Double
beforeAll(async () => {
  s3 = await startS3Double()
})
afterAll(async () => {
  await s3.close()
})

storageContract('disk', () => createDiskStorage(tempDir()))
storageContract('S3', () => createS3Storage(s3.config))

describe('disk storage', () => {
  it('writes under the folder it was given and leaves no temporary files behind', async () => {
    const root = tempDir()
    const storage = createDiskStorage(path.join(root, 'media'))
    await storage.put('avatars/0123456789abcdef.webp', webpBytes, 'image/webp')
    expect(readdirSync(path.join(root, 'media', 'avatars'))).toEqual(['0123456789abcdef.webp'])
  })

  it('keeps files across instances on the same folder', async () => {
    const root = tempDir()
    await createDiskStorage(root).put('avatars/0123456789abcdef.webp', webpBytes, 'image/webp')
    expect((await createDiskStorage(root).get('avatars/0123456789abcdef.webp'))?.bytes.length).toBe(webpBytes.length)
  })
})

describe('S3 storage', () => {
  it('signs its requests: a wrong secret is refused by the service', async () => {
    const wrong = createS3Storage({ ...s3.config, secretAccessKey: 'not-the-secret' })
    await expect(wrong.put('avatars/0123456789abcdef.webp', webpBytes, 'image/webp')).rejects.toThrow()
    await wrong.close()
    expect(s3.log.at(-1)).toMatch(/^PUT \/picks-media\/avatars\/0123456789abcdef\.webp 403$/)
  })
})

describe('createMediaStorage', () => {
  it('uses the disk under DATA_DIR/media unless S3 is configured', async () => {
    const root = tempDir()
    const disk = createMediaStorage({ dataDir: root, s3: null })
    expect(disk.kind).toBe('disk')
    await disk.put('avatars/0123456789abcdef.webp', webpBytes, 'image/webp')
    expect(existsSync(path.join(root, 'media', 'avatars', '0123456789abcdef.webp'))).toBe(true)
    const bucket = createMediaStorage({ dataDir: root, s3: s3.config })
    expect(bucket.kind).toBe('s3')
    await bucket.close()
  })
})
