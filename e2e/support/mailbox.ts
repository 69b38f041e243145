import { expect, type APIRequestContext } from '@playwright/test'
import { mailboxPorts } from './ports.ts'

interface CapturedMail {
  to: string[]
  raw: string
}

/** Undoes quoted-printable: soft line breaks and =XX escapes (enough for codes and links). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

/** Waits for the newest e-mail to `to` whose decoded text matches `pattern`; returns the first group. */
export async function readFromMail(request: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined
  await expect
    .poll(
      async () => {
        const res = await request.get(`http://127.0.0.1:${mailboxPorts.http}/messages?to=${encodeURIComponent(to)}`)
        const mails = (await res.json()) as CapturedMail[]
        for (const mail of [...mails].reverse()) {
          const match = decodeQuotedPrintable(mail.raw).match(pattern)
          if (match) {
            found = match[1] ?? match[0]
            return true
          }
        }
        return false
      },
      { timeout: 10_000, message: `an e-mail to ${to} matching ${pattern}` },
    )
    .toBe(true)
  return found as string
}
