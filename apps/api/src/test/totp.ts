import { createHmac } from 'node:crypto'

/**
 * What an authenticator app does with the secret it scanned (RFC 6238: HMAC-SHA-1 over 30-second
 * steps, six digits), for tests that sign in with a second factor.
 */
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32 to bytes; case, spaces, dashes and `=` padding are ignored (a setup key as shown). */
export function base32Decode(text: string): Buffer {
  let bits = 0
  let value = 0
  const bytes: number[] = []
  for (const char of text.toUpperCase().replace(/[\s=-]/g, '')) {
    const index = alphabet.indexOf(char)
    if (index < 0) throw new Error(`not a base32 character: ${char}`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      bits -= 8
      bytes.push((value >>> bits) & 0xff)
    }
  }
  return Buffer.from(bytes)
}

export const totpStepMs = 30_000

/** The time step of `atMs` (milliseconds since the epoch). */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / totpStepMs)
}

/** The six-digit code of time step `step` for a base32 secret (RFC 4226 HOTP with the step as counter). */
export function totpAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest()
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f
  const number = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000
  return number.toString().padStart(6, '0')
}

/** The six-digit code of a base32 secret at `atMs` (milliseconds since the epoch). */
export function totpCode(secret: string, atMs = Date.now()): string {
  return totpAt(secret, totpStep(atMs))
}

/** A six-digit code that is not `code` (a wrong guess). */
export function otherCode(code: string): string {
  return ((Number(code) + 1) % 1_000_000).toString().padStart(6, '0')
}

/** A code the server refuses for `secret`: none of the steps around now (it accepts a step either side). */
export function wrongTotp(secret: string, atMs = Date.now()): string {
  const near = new Set([-1, 0, 1, 2].map((step) => totpCode(secret, atMs + step * 30_000)))
  let guess = Number(totpCode(secret, atMs))
  do guess = (guess + 1) % 1_000_000
  while (near.has(guess.toString().padStart(6, '0')))
  return guess.toString().padStart(6, '0')
}

/** The code of the next time step: accepted now (the server allows a step either side), and not the current one. */
export function nextTotp(secret: string, atMs = Date.now()): string {
  return totpCode(secret, atMs + 30_000)
}
