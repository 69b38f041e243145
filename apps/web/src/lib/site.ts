/** Product-wide names shown in the UI. */
export const site = {
  name: 'Picks Marketplace',
  gamblingHelpline: '1-800-GAMBLER',
  legalEffectiveDate: 'December 15, 2024',
  minimumAge: 18,
} as const

export function pageTitle(title: string): string {
  return `${title} | ${site.name}`
}
