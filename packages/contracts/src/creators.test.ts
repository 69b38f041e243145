import { describe, expect, it } from 'vitest'
import { sortCreatorsLocally } from './creator-rules.ts'
import { CreatorsPageQuery } from './creators.ts'

describe('the shop query', () => {
  it('defaults to page 1, 20 per page, sorted by name', () => {
    expect(CreatorsPageQuery.parse({})).toEqual({ page: 1, limit: 20, sortBy: 'name' })
  })

  it('reads sports as a comma list, ignoring blanks, case and repeats', () => {
    expect(CreatorsPageQuery.parse({ sports: 'NBA, nfl,,nba' }).sports).toEqual(['nba', 'nfl'])
  })

  it('rejects an unknown sport, a limit over 100 and a page below 1', () => {
    const result = CreatorsPageQuery.safeParse({ sports: 'nba,darts', limit: '101', page: '0' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['limit', 'page', 'sports.1'])
  })
})

describe('the client-side fallback sort (spec §7)', () => {
  const creators = [
    { name: 'Cara', price_cents: 2900 },
    { name: 'abe', price_cents: null },
    { name: 'Bo', price_cents: 1500 },
  ]

  it('sorts by name', () => {
    expect(sortCreatorsLocally(creators, 'name').map((c) => c.name)).toEqual(['abe', 'Bo', 'Cara'])
  })

  it('sorts by price both ways with unpriced creators last', () => {
    expect(sortCreatorsLocally(creators, 'price-low').map((c) => c.name)).toEqual(['Bo', 'Cara', 'abe'])
    expect(sortCreatorsLocally(creators, 'price-high').map((c) => c.name)).toEqual(['Cara', 'Bo', 'abe'])
  })

  it('leaves the input untouched', () => {
    sortCreatorsLocally(creators, 'name')
    expect(creators[0]?.name).toBe('Cara')
  })
})
