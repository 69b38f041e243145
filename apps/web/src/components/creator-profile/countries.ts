import { countryCodes } from '@picks/contracts/client'

export interface CountryOption {
  code: string
  name: string
}

let cached: CountryOption[] | null = null

/** Every country with its English name from the browser (`Intl.DisplayNames`), sorted by name. */
export function countryOptions(): CountryOption[] {
  if (cached) return cached
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })
  cached = countryCodes
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
  return cached
}
