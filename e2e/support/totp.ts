import { createHmac } from 'node:crypto'

/**
 * Authenticator-app codes for the browser suite (RFC 6238: HMAC-SHA-1, 30-second steps, 6 digits),
 * computed from the setup key the page shows, as a phone app would.
 */
export const totpStepSeconds = 30
const digits = 6
const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32 to bytes; case, spaces, dashes and `=` padding are ignored. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '')
  let bits = 0
  let value = 0
  const bytes: number[] = []
  for (const char of clean) {
    const index = base32Alphabet.indexOf(char)
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

/** The time step of `atMs` (milliseconds since the epoch). */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / totpStepSeconds)
}

/** The code of time step `step` for a base32 `secret` (RFC 4226 HOTP with the step as counter). */
export function totpAt(secret: string, step: number, length = digits): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest()
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f
  const binary = mac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** length).padStart(length, '0')
}

/**
 * A code to type now, from a step after `usedStep` (a server refuses a code used before) and with
 * at least `marginMs` of its step left, waiting for the next step when needed.
 */
export async function freshTotp(
  secret: string,
  options: { usedStep?: number; marginMs?: number } = {},
): Promise<{ code: string; step: number }> {
  const marginMs = options.marginMs ?? 5_000
  for (;;) {
    const now = Date.now()
    const step = totpStep(now)
    const leftMs = (step + 1) * totpStepSeconds * 1000 - now
    if ((options.usedStep === undefined || step > options.usedStep) && leftMs >= marginMs) {
      return { code: totpAt(secret, step), step }
    }
    await new Promise((resolve) => setTimeout(resolve, leftMs + 50))
  }
}
