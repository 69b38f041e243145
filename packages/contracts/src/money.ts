/** Money is integer cents with a currency code; formatting is the only place it becomes text. */
export function formatCents(cents: number, currency = 'usd'): string {
  const formatter = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  })
  return formatter.format(cents / 100)
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
