/** Money is integer cents with a currency code; formatting is the only place it becomes text. */
export function formatCents(cents: number, currency = 'usd'): string {
  const formatter = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  })
  return formatter.format(cents / 100)
}
