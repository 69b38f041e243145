/** Creator rules the browser needs too; the zod schemas built on them live in creators.ts. */
export const creatorSortOptions = ['name', 'price-low', 'price-high', 'newest'] as const
export type CreatorSortBy = (typeof creatorSortOptions)[number]

export const creatorPaging = { defaultPage: 1, defaultLimit: 20, maxLimit: 100, maxPage: 10_000 } as const

/**
 * The shop's first call when nothing filters it (issue 19 point 2, decision 049): the server
 * announces exactly this address with the /shop-picks page (`Link: rel=preload`), so the browser
 * fetches it alongside the app's code. The shop asks for exactly it (same parameters, same order),
 * or the browser would fetch it twice.
 */
export const unfilteredShopFirstPagePath = `/creators/paginated?page=1&limit=${creatorPaging.defaultLimit}&sortBy=name`

export const usernamePattern = /^[A-Za-z0-9_]{3,30}$/

/** Spec §7: client-side fallback sort when the server cannot sort. */
export function sortCreatorsLocally<T extends { name: string; price_cents: number | null }>(
  creators: readonly T[],
  sortBy: CreatorSortBy,
): T[] {
  const copy = [...creators]
  const price = (c: T, missing: number) => c.price_cents ?? missing
  switch (sortBy) {
    case 'price-low':
      return copy.sort((a, b) => price(a, Infinity) - price(b, Infinity))
    case 'price-high':
      return copy.sort((a, b) => price(b, -Infinity) - price(a, -Infinity))
    case 'name':
      return copy.sort((a, b) => a.name.localeCompare(b.name))
    default:
      return copy
  }
}
