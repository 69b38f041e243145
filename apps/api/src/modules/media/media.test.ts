import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { deflateSync } from 'node:zlib'
import { uploadedMediaPattern } from '@picks/contracts'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { openDatabase } from '../../db/client.ts'
import { migrateDatabase } from '../../db/migrate.ts'
import { signUpAndVerify, testOrigin } from '../../test/accounts.ts'
import { buildTestApp, testConfig, type TestApp } from '../../test/build-test-app.ts'
import { startS3Double, type S3Double } from '../../test/s3-double.ts'

const mb2 = 2 * 1024 * 1024

interface FilePart {
  field?: string
  filename: string
  type: string
  bytes: Buffer
}

/** A multipart/form-data body as a browser sends it. */
function multipart(...parts: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----picks-test-boundary-7MA4YWxkTrZu0gW'
  const chunks: Buffer[] = []
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type}\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

function upload(app: FastifyInstance, cookie: string | null, ...parts: FilePart[]) {
  const { payload, headers } = multipart(...parts)
  return app.inject({
    method: 'POST',
    url: '/api/media/avatar',
    headers: { ...headers, origin: testOrigin, ...(cookie ? { cookie } : {}) },
    payload,
  })
}

/** A photo-like picture: three vertical bands, red, green and blue, `width` × `height`. */
async function bands(width: number, height: number, format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  const third = Math.round(width / 3)
  const band = (color: string, w: number) =>
    sharp({ create: { width: w, height, channels: 3, background: color } })
      .png()
      .toBuffer()
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([
      { input: await band('#ff0000', third), left: 0, top: 0 },
      { input: await band('#00ff00', third), left: third, top: 0 },
    ])
    .toFormat(format)
    .toBuffer()
}

/** A real PNG that declares `size` × `size` pixels of black in a few kilobytes: a decompression bomb. */
function pngBomb(size: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc32 = (data: Buffer) => {
    let crc = 0xffffffff
    for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
    return (crc ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 1 // one bit per pixel, greyscale
  const rows = Buffer.alloc((1 + Math.ceil(size / 8)) * size)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function pixel(raw: { data: Buffer; info: { width: number; channels: number } }, x: number, y: number): number[] {
  const at = (y * raw.info.width + x) * raw.info.channels
  return [...raw.data.subarray(at, at + 3)]
}

function errorOf(res: LightMyRequestResponse) {
  return res.json<{ error: { code: string; message: string; reason?: string; details?: { field: string }[] } }>().error
}

const tempDirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'picks-media-'))
  tempDirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
})

let t: TestApp
let cookie: string
let png: Buffer
beforeAll(async () => {
  const webDist = tempDir()
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Picks</title>')
  t = await buildTestApp({ dataDir: tempDir(), webDistDir: webDist })
  png = await bands(900, 300, 'png')
})
afterAll(async () => {
  await t.app.close()
})
// Each test uploads as someone new, so no test spends another's hourly allowance.
let uploaders = 0
beforeEach(async () => {
  cookie = await signUpAndVerify(t.app, t.database.db, `uploader${++uploaders}@example.com`)
})

describe('POST /api/media/avatar', () => {
  it('turns a JPEG, a PNG or a WebP into a 256 × 256 WebP at an address the profile accepts', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const res = await upload(t.app, cookie, {
        filename: `me.${format}`,
        type: `image/${format}`,
        bytes: await bands(900, 600, format),
      })
      expect(res.statusCode, format).toBe(201)
      const body = res.json<{ url: string; width: number; height: number }>()
      expect(body).toEqual({
        url: expect.stringMatching(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/),
        width: 256,
        height: 256,
      })
      expect(uploadedMediaPattern.test(body.url)).toBe(true)
    }
  })

  it('crops from the centre and turns a sideways photo upright', async () => {
    const res = await upload(t.app, cookie, { filename: 'wide.png', type: 'image/png', bytes: png })
    const served = await t.app.inject({ method: 'GET', url: res.json<{ url: string }>().url })
    const raw = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true })
    // 900 × 300 in three bands of 300: the centre square is the green band only.
    for (const [x, y] of [
      [5, 5],
      [128, 128],
      [250, 250],
    ] as const) {
      const [r, g, b] = pixel(raw, x, y)
      expect(g).toBeGreaterThan(200)
      expect(r! + b!).toBeLessThan(60)
    }

    // Red on the left, blue on the right, stored with "rotate 90° clockwise to view": red on top.
    const left = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer()
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0000ff' } })
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const upright = await upload(t.app, cookie, { filename: 'phone.jpg', type: 'image/jpeg', bytes: sideways })
    const image = await t.app.inject({ method: 'GET', url: upright.json<{ url: string }>().url })
    const pixels = await sharp(image.rawPayload).raw().toBuffer({ resolveWithObject: true })
    expect(pixel(pixels, 128, 10)[0]).toBeGreaterThan(200)
    expect(pixel(pixels, 128, 245)[2]).toBeGreaterThan(200)
  })

  it('serves the stored image cached for a year, as WebP, without the EXIF of the upload', async () => {
    const withExif = await sharp(await bands(400, 400, 'jpeg'))
      .jpeg()
      .withExif({ IFD0: { ImageDescription: 'secret-hideout', Copyright: 'Pat Bettor' } })
      .toBuffer()
    expect((await sharp(withExif).metadata()).exif?.toString('latin1')).toContain('secret-hideout')
    const res = await upload(t.app, cookie, { filename: 'me.jpg', type: 'image/jpeg', bytes: withExif })
    const { url } = res.json<{ url: string }>()

    const served = await t.app.inject({ method: 'GET', url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.headers.etag).toMatch(/^"[0-9a-f]{32}"$/)
    const metadata = await sharp(served.rawPayload).metadata()
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 })
    expect(metadata.exif).toBeUndefined()
    expect(metadata.xmp).toBeUndefined()
    expect(served.rawPayload.includes('secret-hideout')).toBe(false)

    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': served.headers.etag! } })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    const head = await t.app.inject({ method: 'HEAD', url })
    expect(head.statusCode).toBe(200)
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('gives the same picture the same address, and another picture another', async () => {
    const first = await upload(t.app, cookie, { filename: 'a.png', type: 'image/png', bytes: png })
    const second = await upload(t.app, cookie, { filename: 'b.png', type: 'image/png', bytes: png })
    const other = await upload(t.app, cookie, {
      filename: 'c.png',
      type: 'image/png',
      bytes: await bands(300, 600, 'png'),
    })
    expect(second.json<{ url: string }>().url).toBe(first.json<{ url: string }>().url)
    expect(other.json<{ url: string }>().url).not.toBe(first.json<{ url: string }>().url)
  })

  it('goes by the content, not the name: a PNG called .jpg is taken', async () => {
    const res = await upload(t.app, cookie, { filename: 'holiday.jpg', type: 'image/jpeg', bytes: png })
    expect(res.statusCode).toBe(201)
  })

  it('refuses anything that is not a JPEG, PNG or WebP, whatever its name says', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    )
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer()
    for (const bytes of [
      Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      svg,
      Buffer.from('just some text, not a picture'),
      gif,
    ]) {
      const res = await upload(t.app, cookie, { filename: 'avatar.png', type: 'image/png', bytes })
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Profile pictures must be JPEG, PNG or WebP',
        reason: 'UNSUPPORTED_TYPE',
        details: [{ field: 'file' }],
      })
    }
  })

  it('refuses a file that only starts like a picture', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html>not really a jpeg</html>')])
    const truncated = (await bands(400, 400, 'jpeg')).subarray(0, 300)
    for (const bytes of [fake, truncated]) {
      const res = await upload(t.app, cookie, { filename: 'me.jpg', type: 'image/jpeg', bytes })
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toMatchObject({ reason: 'UNREADABLE', details: [{ field: 'file' }] })
    }
  })

  it('takes a file of exactly 2 MB and refuses one byte more with 413', async () => {
    const jpeg = await bands(300, 300, 'jpeg')
    // Bytes after a JPEG's end marker are ignored by decoders: a real picture of an exact size.
    const exactly = Buffer.concat([jpeg, Buffer.alloc(mb2 - jpeg.length)])
    expect(exactly.length).toBe(mb2)
    const taken = await upload(t.app, cookie, { filename: 'big.jpg', type: 'image/jpeg', bytes: exactly })
    expect(taken.statusCode).toBe(201)

    const over = await upload(t.app, cookie, {
      filename: 'big.jpg',
      type: 'image/jpeg',
      bytes: Buffer.concat([exactly, Buffer.alloc(1)]),
    })
    expect(over.statusCode).toBe(413)
    expect(errorOf(over)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Profile pictures must be at most 2 MB',
      details: [{ field: 'file' }],
    })
  })

  it('refuses a request declaring far more than 2 MB before reading it', async () => {
    const res = await upload(t.app, cookie, { filename: 'huge.png', type: 'image/png', bytes: Buffer.alloc(5 * mb2) })
    expect(res.statusCode).toBe(413)
    expect(errorOf(res).details).toEqual([{ field: 'file', message: 'Profile pictures must be at most 2 MB' }])
  })

  it('refuses a small file that decodes to an enormous image (a decompression bomb)', async () => {
    const bomb = pngBomb(20_000)
    expect(bomb.length).toBeLessThan(100_000)
    const res = await upload(t.app, cookie, { filename: 'bomb.png', type: 'image/png', bytes: bomb })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toMatchObject({ reason: 'TOO_MANY_PIXELS', details: [{ field: 'file' }] })
  })

  it('asks for the picture in the field file', async () => {
    const elsewhere = await upload(t.app, cookie, {
      field: 'picture',
      filename: 'me.png',
      type: 'image/png',
      bytes: png,
    })
    const empty = await upload(t.app, cookie, { filename: 'me.png', type: 'image/png', bytes: Buffer.alloc(0) })
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/media/avatar',
      headers: { origin: testOrigin, cookie },
      payload: { file: 'me.png' },
    })
    for (const res of [elsewhere, empty, json]) {
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toMatchObject({
        message: 'Choose a picture to upload in the field file',
        details: [{ field: 'file' }],
      })
    }
  })

  it('answers a broken form (cut off, or without its boundary) with a 400, not a 500', async () => {
    const cutOff = await t.app.inject({
      method: 'POST',
      url: '/api/media/avatar',
      headers: { origin: testOrigin, cookie, 'content-type': 'multipart/form-data; boundary=a' },
      payload:
        '--a\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n',
    })
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/media/avatar',
      headers: { origin: testOrigin, cookie, 'content-type': 'multipart/form-data' },
      payload: 'whatever',
    })
    for (const res of [cutOff, noBoundary]) {
      expect(res.statusCode, res.body).toBe(400)
      expect(errorOf(res)).toMatchObject({ reason: 'BAD_FORM', details: [{ field: 'file' }] })
    }
  })

  it('asks a visitor to sign in, and refuses an upload sent from another site', async () => {
    const visitor = await upload(t.app, null, { filename: 'me.png', type: 'image/png', bytes: png })
    expect(visitor.statusCode).toBe(401)
    const { payload, headers } = multipart({ filename: 'me.png', type: 'image/png', bytes: png })
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/media/avatar',
      headers: { ...headers, origin: 'https://evil.example', cookie },
      payload,
    })
    expect(foreign.statusCode).toBe(403)
  })

  it('asks a visitor to sign in before reading what they sent', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/media/avatar',
      headers: { origin: testOrigin, 'content-type': 'application/json' },
      payload: '{"file":',
    })
    expect(broken.statusCode).toBe(401)
    expect(errorOf(broken)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'NOT_SIGNED_IN' })
    const huge = await upload(t.app, null, {
      filename: 'big.png',
      type: 'image/png',
      bytes: Buffer.alloc(3 * 1024 * 1024),
    })
    expect(huge.statusCode).toBe(401)
  })

  it('becomes the profile picture through the profile update, and /api/me shows it', async () => {
    const uploaded = await upload(t.app, cookie, { filename: 'me.png', type: 'image/png', bytes: png })
    expect(uploaded.statusCode).toBe(201)
    const { url } = uploaded.json<{ url: string }>()
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
    const id = me.json<{ user: { id: string } }>().user.id
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}/profile`,
      headers: { origin: testOrigin, cookie },
      payload: { profile_picture: url },
    })
    expect(put.statusCode).toBe(200)
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
    expect(after.json<{ user: { profile_picture: string } }>().user.profile_picture).toBe(url)
  })
})

describe('GET /media/*', () => {
  it('answers 404 for an unknown or malformed address, never the web page', async () => {
    for (const url of [
      '/media/avatars/00000000000000000000000000000000.webp',
      '/media/avatars/short.webp',
      '/media/avatars/..%2f..%2fetc%2fpasswd',
      '/media/avatars/%2e%2e%2f%2e%2e%2fpglite.webp',
      '/media/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type'], url).toMatch(/^application\/json/)
      expect(res.headers['cache-control'], url).not.toMatch(/immutable/)
    }
    // The web app still answers its own pages.
    expect((await t.app.inject({ method: 'GET', url: '/edit-profile' })).headers['content-type']).toMatch(/text\/html/)
  })
})

describe('upload limits per person', () => {
  it('takes 20 uploads an hour and then asks to wait, until the hour has passed', async () => {
    let now = new Date('2026-05-01T12:00:00Z')
    const limited = await buildTestApp({ dataDir: tempDir() }, { now: () => now })
    try {
      const uploader = await signUpAndVerify(limited.app, limited.database.db, 'busy@example.com')
      const small = await bands(30, 30, 'png')
      for (let i = 0; i < 20; i++) {
        now = new Date(now.getTime() + 60_000)
        const res = await upload(limited.app, uploader, { filename: 'me.png', type: 'image/png', bytes: small })
        expect(res.statusCode, `upload ${i + 1}`).toBe(201)
      }
      const refused = await upload(limited.app, uploader, { filename: 'me.png', type: 'image/png', bytes: small })
      expect(refused.statusCode).toBe(429)
      expect(errorOf(refused).message).toBe('Too many uploads. Please try again later.')
      // The first of the 20, 19 minutes ago, leaves the hour's window 41 minutes from now.
      expect(Number(refused.headers['retry-after'])).toBe(41 * 60)

      const someoneElse = await signUpAndVerify(limited.app, limited.database.db, 'calm@example.com')
      expect(
        (await upload(limited.app, someoneElse, { filename: 'me.png', type: 'image/png', bytes: small })).statusCode,
      ).toBe(201)

      now = new Date(now.getTime() + 41 * 60_000)
      expect(
        (await upload(limited.app, uploader, { filename: 'me.png', type: 'image/png', bytes: small })).statusCode,
      ).toBe(201)
    } finally {
      await limited.app.close()
    }
  })
})

describe('stored in an S3-compatible bucket', () => {
  let s3: S3Double
  beforeAll(async () => {
    s3 = await startS3Double()
  })
  afterAll(async () => {
    await s3.close()
  })

  it('puts the upload in the bucket and serves it from there', async () => {
    const dataDir = tempDir()
    const bucketApp = await buildTestApp({ dataDir, s3: s3.config })
    try {
      const uploader = await signUpAndVerify(bucketApp.app, bucketApp.database.db, 's3@example.com')
      const res = await upload(bucketApp.app, uploader, { filename: 'me.png', type: 'image/png', bytes: png })
      expect(res.statusCode).toBe(201)
      const { url } = res.json<{ url: string }>()
      const key = url.replace('/media/', '')
      expect(s3.objects.get(key)?.contentType).toBe('image/webp')
      expect(s3.log).toContain(`PUT /${s3.config.bucket}/${key} 200`)

      const served = await bucketApp.app.inject({ method: 'GET', url })
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/webp')
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(served.rawPayload.equals(s3.objects.get(key)!.bytes)).toBe(true)
      expect(s3.log).toContain(`GET /${s3.config.bucket}/${key} 200`)
      expect(
        (await bucketApp.app.inject({ method: 'GET', url: url.replace(/[0-9a-f]{8}\.webp$/, '00000000.webp') }))
          .statusCode,
      ).toBe(404)
    } finally {
      await bucketApp.app.close()
    }
  })
})

describe('after a restart', () => {
  it("keeps a creator's picture, profile, link and plans (embedded database under DATA_DIR)", async () => {
    const dataDir = tempDir()
    const config = testConfig({ dataDir, database: { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') } })
    mkdirSync(path.join(dataDir, 'pglite'), { recursive: true })
    const start = async () => {
      const database = await openDatabase(config.database)
      await migrateDatabase(database)
      const app = await buildApp(config, { database })
      await app.ready()
      return { app, database }
    }
    const send = (app: FastifyInstance, method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
      app.inject({ method, url, headers: { origin: testOrigin, cookie }, ...(payload ? { payload } : {}) })

    const first = await start()
    const uploader = await signUpAndVerify(first.app, first.database.db, 'restart@example.com')
    const { url } = (await upload(first.app, uploader, { filename: 'me.png', type: 'image/png', bytes: png })).json<{
      url: string
    }>()
    const stored = (await first.app.inject({ method: 'GET', url })).rawPayload
    const me = (await send(first.app, 'GET', '/api/me', uploader)).json<{ user: { id: string } }>()
    const registered = await send(first.app, 'POST', `/api/users/${me.user.id}/register-creator`, uploader, {
      username: 'RestartRay',
      bio: 'Totals that survive a reboot.',
      profilePicture: url,
      specialtySport: 'nba',
    })
    expect(registered.statusCode, registered.body).toBe(201)
    const plan = await send(first.app, 'POST', '/api/subscription-pricing', uploader, {
      name: 'Monthly',
      kind: 'subscription',
      interval: 'month',
      price_cents: 2900,
    })
    expect(plan.statusCode, plan.body).toBe(201)
    await first.app.close()

    const second = await start()
    try {
      const link = await second.app.inject({ method: 'GET', url: '/api/creator/restartray' })
      expect(link.json()).toEqual({ success: true, creator: { id: me.user.id, username: 'RestartRay' } })
      const after = await send(second.app, 'GET', '/api/me', uploader)
      expect(after.json<{ user: { profile_picture: string; bio: string } }>().user).toMatchObject({
        profile_picture: url,
        bio: 'Totals that survive a reboot.',
      })
      // Their own plans (not on sale to others: this creator has not set up payouts).
      const plans = await send(second.app, 'GET', `/api/subscription-pricing/${me.user.id}?all=true`, uploader)
      expect(plans.json<{ plans: { name: string; price_cents: number }[] }>().plans).toMatchObject([
        { name: 'Monthly', price_cents: 2900, on_sale: false },
      ])
      const served = await second.app.inject({ method: 'GET', url })
      expect(served.statusCode).toBe(200)
      expect(served.rawPayload.equals(stored)).toBe(true)
    } finally {
      await second.app.close()
    }
    // Two embedded databases are created and migrated from nothing: slow on a busy machine.
  }, 90_000)
})
