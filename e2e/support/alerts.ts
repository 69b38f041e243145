import { expect, type Page } from '@playwright/test'

interface OutboxText {
  to: string
  body: string
  createdAt: string
}

/**
 * The texts the SMS outbox holds for `phone`, oldest first, read as a verified administrator (in
 * full: numbers are masked in the log unless `includePersonal`, a read the audit log records).
 */
async function textsTo(admin: Page, phone: string): Promise<OutboxText[]> {
  const query = new URLSearchParams({ limit: '100', includePersonal: 'true', search: phone })
  const answer = await admin.request.get(`/api/admin/sms-logs?${query.toString()}`)
  expect(answer.status(), await answer.text()).toBe(200)
  const { outbox } = (await answer.json()) as { outbox: OutboxText[] }
  return outbox.filter((t) => t.to === phone).sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))
}

/** Waits for a text to `phone` matching `pattern` in the SMS outbox; returns it (or its first group). */
export async function readFromTexts(admin: Page, phone: string, pattern: RegExp): Promise<string> {
  let found = ''
  await expect
    .poll(
      async () => {
        for (const text of (await textsTo(admin, phone)).reverse()) {
          const match = text.body.match(pattern)
          if (match) {
            found = match[1] ?? match[0]
            return true
          }
        }
        return false
      },
      { timeout: 15_000, message: `a text to ${phone} matching ${pattern}` },
    )
    .toBe(true)
  return found
}

/** How many texts in the SMS outbox went to `phone` and match `pattern`. */
export async function countTexts(admin: Page, phone: string, pattern: RegExp): Promise<number> {
  return (await textsTo(admin, phone)).filter((t) => pattern.test(t.body)).length
}

/** A US number in the 555 range no real phone has, unique enough for one run. */
export function testPhone(): string {
  return `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
}
