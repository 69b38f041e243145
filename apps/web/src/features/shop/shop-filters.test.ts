import { describe, expect, it } from 'vitest'
import { demoCreators } from '../../test/fake-creator-api.ts'
import { filterCreatorsLocally, readShopFilters, writeShopFilters } from './shop-filters.ts'

describe('shop filters in the URL', () => {
  it('reads a hand-edited link, dropping sports and sort orders the API would reject', () => {
    const filters = readShopFilters(new URLSearchParams('search=%20sharp%20&sports=NBA,curling,,nfl&sortBy=cheapest'))
    expect(filters).toEqual({ search: 'sharp', sports: ['nfl', 'nba'], sortBy: 'name' })
  })

  it('leaves defaults out of the URL and keeps parameters it does not own', () => {
    const params = writeShopFilters(new URLSearchParams('ref=newsletter&search=old'), {
      search: '',
      sports: ['mma', 'nfl'],
      sortBy: 'name',
    })
    expect(params.toString()).toBe('ref=newsletter&sports=nfl%2Cmma')
  })
})

describe('local filtering for the fallback list', () => {
  it('keeps creators in any chosen sport whose name, username or bio contains the search', () => {
    const names = (search: string, sports: Parameters<typeof filterCreatorsLocally>[1]['sports']) =>
      filterCreatorsLocally(demoCreators, { search, sports }).map((c) => c.name)

    expect(names('', ['nba'])).toEqual(['Dana Ortiz', 'Priya Walsh'])
    expect(names('LOCK', [])).toEqual(['Dana Ortiz'])
    expect(names('trader', [])).toEqual(['Keisha Okafor'])
    expect(names('keisha', ['nba'])).toEqual([])
  })
})
