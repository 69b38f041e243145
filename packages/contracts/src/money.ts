/**
 * Money is integer cents with a currency code; formatting is the only place it becomes text.
 *
 * Dollars are written by hand, the way `Intl.NumberFormat('en-US', { style: 'currency' })` writes
 * them (a test holds the two equal): a page's first use of `Intl` makes the browser load its locale
 * data, which took 290 ms of a throttled phone's main thread here (decision 052), and every price on
 * the shop's first screen is dollars. Other currencies go through `Intl`.
 */
export function formatCents(cents: number, currency = 'usd'): string {
  if (currency.toLowerCase() === 'usd' && Number.isSafeInteger(cents)) {
    const whole = Math.abs(cents)
    const fraction = whole % 100
    return `${cents < 0 ? '-' : ''}$${groupThousands((whole - fraction) / 100)}${fraction === 0 ? '' : `.${String(fraction).padStart(2, '0')}`}`
  }
  return currencyFormat(currency.toUpperCase(), cents % 100 === 0).format(cents / 100)
}

const currencyFormats = new Map<string, Intl.NumberFormat>()

function currencyFormat(currency: string, whole: boolean): Intl.NumberFormat {
  const key = `${currency} ${whole}`
  let format = currencyFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: whole ? 0 : 2 })
    currencyFormats.set(key, format)
  }
  return format
}

/** A whole number with its thousands grouped as en-US writes them ("1,234,567"), without `Intl` (see above). */
export function groupThousands(count: number): string {
  if (!Number.isSafeInteger(count)) return String(count)
  const digits = String(Math.abs(count))
  const head = digits.length % 3 || 3
  let text = digits.slice(0, head)
  for (let at = head; at < digits.length; at += 3) text += `,${digits.slice(at, at + 3)}`
  return count < 0 ? `-${text}` : text
}

/**
 * A dollar amount as typed ("19", "19.9", "$1,250.00") to integer cents, without floating point;
 * null when it is not an amount.
 */
export function dollarsToCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match) return null
  const whole = Number((match[1] ?? '').replaceAll(',', ''))
  const fraction = Number((match[2] ?? '').padEnd(2, '0'))
  const cents = whole * 100 + fraction
  return Number.isSafeInteger(cents) ? cents : null
}
