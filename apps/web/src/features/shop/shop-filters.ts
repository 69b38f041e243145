import type { CreatorSummary } from '@picks/contracts'
import { creatorSortOptions, sports, type CreatorSortBy, type SportSlug } from '@picks/contracts/client'

/** What the shop is filtered by; mirrored in the URL as `?search=&sports=nba,nfl&sortBy=`. */
export interface ShopFilters {
  search: string
  sports: SportSlug[]
  sortBy: CreatorSortBy
}

export const defaultSortBy: CreatorSortBy = 'name'

export const sortLabels: Record<CreatorSortBy, string> = {
  name: 'Name',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  newest: 'Newest',
}

/** The server caps search at 100 characters. */
export const searchMaxLength = 100

/** Known sports only, in the contracts' order, so the same selection always makes the same URL and query key. */
function canonicalSports(requested: readonly string[]): SportSlug[] {
  return sports.map((sport) => sport.slug).filter((slug) => requested.includes(slug))
}

function isSortBy(value: string): value is CreatorSortBy {
  return (creatorSortOptions as readonly string[]).includes(value)
}

/** Reads filters from the URL, dropping anything the API would reject so a hand-edited link still works. */
export function readShopFilters(params: URLSearchParams): ShopFilters {
  const requested = (params.get('sports') ?? '').split(',').map((slug) => slug.trim().toLowerCase())
  const sortBy = params.get('sortBy') ?? ''
  return {
    search: (params.get('search') ?? '').trim().slice(0, searchMaxLength),
    sports: canonicalSports(requested),
    sortBy: isSortBy(sortBy) ? sortBy : defaultSortBy,
  }
}

/** Writes filters into a copy of `params`, leaving defaults out of the URL and other parameters alone. */
export function writeShopFilters(params: URLSearchParams, filters: ShopFilters): URLSearchParams {
  const next = new URLSearchParams(params)
  const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key))
  set('search', filters.search.trim())
  set('sports', canonicalSports(filters.sports).join(','))
  set('sortBy', filters.sortBy === defaultSortBy ? '' : filters.sortBy)
  return next
}

export function hasActiveFilters(filters: ShopFilters): boolean {
  return filters.search !== '' || filters.sports.length > 0
}

/** The server's filter, applied on the device when the shop falls back to `GET /creators`. */
export function filterCreatorsLocally<T extends Pick<CreatorSummary, 'name' | 'username' | 'bio' | 'sports'>>(
  creators: readonly T[],
  filters: Pick<ShopFilters, 'search' | 'sports'>,
): T[] {
  const term = filters.search.trim().toLowerCase()
  return creators.filter((creator) => {
    if (filters.sports.length > 0 && !creator.sports.some((sport) => filters.sports.includes(sport))) return false
    if (!term) return true
    return `${creator.name} ${creator.username} ${creator.bio}`.toLowerCase().includes(term)
  })
}
