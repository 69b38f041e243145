import { api } from '../../lib/api-client.ts'

/** What `POST /media/avatar` accepts; the server checks the bytes again, this only saves a doomed upload. */
export const avatarUpload = {
  maxBytes: 2 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'] as readonly string[],
  accept: 'image/jpeg,image/png,image/webp',
  wrongType: 'Profile pictures must be JPEG, PNG or WebP',
  tooLarge: 'Profile pictures must be 2 MB or smaller',
  timeoutMs: 60_000,
  failed: 'The picture could not be uploaded. Please try again.',
} as const

/** The reason the browser can already see that `file` would be refused, or null. */
export function avatarFileProblem(file: File): string | null {
  if (!avatarUpload.types.includes(file.type)) return avatarUpload.wrongType
  if (file.size > avatarUpload.maxBytes) return avatarUpload.tooLarge
  return null
}

export interface UploadedAvatar {
  url: string
  width: number
  height: number
}

/** Stores the picture on this server; it comes back as a square WebP at `/media/avatars/…`. */
export function uploadAvatar(file: File): Promise<UploadedAvatar> {
  const form = new FormData()
  form.append('file', file)
  // Up to 2 MB from a phone: the spec's 10 s call timeout is for JSON calls, too short for a slow uplink.
  return api.post<UploadedAvatar>('/media/avatar', form, { timeoutMs: avatarUpload.timeoutMs })
}
