import { createHash } from 'node:crypto'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { MediaStorage } from './storage.ts'
import { createSlidingWindow, type SlidingWindow } from '../../http/sliding-window.ts'

export { createMediaStorage, type MediaStorage } from './storage.ts'

/** Spec'd upload rules for profile pictures. */
export const avatarRules = {
  /** The largest file accepted, in bytes (2 MB). */
  maxBytes: 2 * 1024 * 1024,
  /** Width and height of the stored square. */
  size: 256,
  /** Decoding an image takes memory for every pixel: more than this (about 6,300 × 6,300) is refused. */
  maxInputPixels: 40_000_000,
  /** Uploads one person may start per window (kept in this process's memory). */
  uploadsPerWindow: 20,
  windowMs: 60 * 60 * 1000,
} as const

export const avatarMessages = {
  missing: 'Choose a picture to upload in the field file',
  tooLarge: 'Profile pictures must be at most 2 MB',
  wrongType: 'Profile pictures must be JPEG, PNG or WebP',
  unreadable: 'The picture could not be read; it may be damaged',
  tooManyPixels: 'The picture has too many pixels; use one under 40 megapixels',
  tooMany: 'Too many uploads. Please try again later.',
} as const

type ImageType = 'jpeg' | 'png' | 'webp'

/** The image type the first bytes announce (JPEG, PNG or WebP), or null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (offset: number, signature: number[]) => signature.every((b, i) => bytes[offset + i] === b)
  if (starts(0, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (starts(0, [0x52, 0x49, 0x46, 0x46]) && starts(8, [0x57, 0x45, 0x42, 0x50])) return 'webp'
  return null
}

/** A refused upload, in our error shape, naming the multipart field `file`. */
export function uploadProblem(
  code: 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE',
  message: string,
  reason: string,
): AppError {
  return new AppError(code, message, { details: [{ field: 'file', message }], reason })
}

export interface Avatar {
  key: string
  bytes: Buffer
  width: number
  height: number
}

/**
 * Turns an uploaded picture into the stored avatar: the type is read from the bytes (never the
 * name), decompression bombs are refused before decoding, and the result is a 256 × 256 WebP cut
 * from the centre, turned upright, without metadata (EXIF, GPS, XMP). The key is the hash of the
 * result, so the same picture always lands on the same address.
 */
export async function processAvatar(input: Uint8Array): Promise<Avatar> {
  if (input.length > avatarRules.maxBytes)
    throw uploadProblem('PAYLOAD_TOO_LARGE', avatarMessages.tooLarge, 'TOO_LARGE')
  const sniffed = sniffImageType(input)
  if (!sniffed) throw uploadProblem('VALIDATION_FAILED', avatarMessages.wrongType, 'UNSUPPORTED_TYPE')
  // sharp (libvips) loads with the first upload rather than at start-up.
  const { default: sharp } = await import('sharp')
  const options = { limitInputPixels: avatarRules.maxInputPixels, failOn: 'warning' } as const
  let bytes: Buffer
  try {
    const metadata = await sharp(input, options).metadata()
    // The decoder must agree with the signature: a JPEG header on something else is not a JPEG.
    if (metadata.format !== sniffed)
      throw uploadProblem('VALIDATION_FAILED', avatarMessages.wrongType, 'UNSUPPORTED_TYPE')
    bytes = await sharp(input, options)
      .rotate()
      .resize(avatarRules.size, avatarRules.size, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch (err) {
    if (err instanceof AppError) throw err
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw uploadProblem('VALIDATION_FAILED', avatarMessages.tooManyPixels, 'TOO_MANY_PIXELS')
    }
    throw uploadProblem('VALIDATION_FAILED', avatarMessages.unreadable, 'UNREADABLE')
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32)
  return { key: `avatars/${hash}.webp`, bytes, width: avatarRules.size, height: avatarRules.size }
}

/** Processes and stores an avatar; answers the address it is served at. */
export async function saveAvatar(
  storage: MediaStorage,
  input: Uint8Array,
): Promise<{ url: string; width: number; height: number }> {
  const avatar = await processAvatar(input)
  await storage.put(avatar.key, avatar.bytes, 'image/webp')
  return { url: `/media/${avatar.key}`, width: avatar.width, height: avatar.height }
}

export type UploadLimiter = SlidingWindow

/** Uploads per person in a sliding window, counted in the database across processes (http/sliding-window.ts). */
export function createUploadLimiter({ db, now }: { db: Db; now: () => Date }): UploadLimiter {
  return createSlidingWindow({
    db,
    name: 'avatar-uploads',
    limit: avatarRules.uploadsPerWindow,
    windowMs: avatarRules.windowMs,
    now,
  })
}
