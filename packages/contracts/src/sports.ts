/** Sports use short slugs in URLs, mapped to the odds provider's keys (product-decisions.md). */
export const sports = [
  { slug: 'nfl', label: 'NFL', oddsKey: 'americanfootball_nfl' },
  { slug: 'ncaaf', label: 'NCAAF', oddsKey: 'americanfootball_ncaaf' },
  { slug: 'nba', label: 'NBA', oddsKey: 'basketball_nba' },
  { slug: 'ncaab', label: 'NCAAB', oddsKey: 'basketball_ncaab' },
  { slug: 'wnba', label: 'WNBA', oddsKey: 'basketball_wnba' },
  { slug: 'mlb', label: 'MLB', oddsKey: 'baseball_mlb' },
  { slug: 'nhl', label: 'NHL', oddsKey: 'icehockey_nhl' },
  { slug: 'soccer', label: 'Soccer', oddsKey: 'soccer_epl' },
  { slug: 'mma', label: 'MMA', oddsKey: 'mma_mixed_martial_arts' },
] as const

export const sportSlugs = sports.map((s) => s.slug) as unknown as readonly [SportSlug, ...SportSlug[]]
export type SportSlug = (typeof sports)[number]['slug']

export function sportLabel(slug: string): string {
  return sports.find((s) => s.slug === slug)?.label ?? slug.toUpperCase()
}

export function isSportSlug(value: string): value is SportSlug {
  return sports.some((s) => s.slug === value)
}
