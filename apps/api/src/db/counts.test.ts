import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/build-test-app.ts'
import { queryRows } from './client.ts'
import { countUpTo, estimatedRows, exactCountLimit } from './counts.ts'

let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase()
  // A table of its own, so the test owns every row and its statistics.
  await queryRows(database.db, sql`create table count_probe (n int not null, even boolean not null)`)
  await queryRows(
    database.db,
    sql`insert into count_probe select g, g % 2 = 0 from generate_series(1, ${3 * exactCountLimit}) g`,
  )
  await queryRows(database.db, sql`analyze count_probe`)
})
afterAll(async () => {
  await database.close()
})

describe('countUpTo', () => {
  it('counts exactly up to the limit', async () => {
    expect(await countUpTo(database.db, sql`from count_probe where n <= 7`)).toEqual({ total: 7, exact: true })
    expect(await countUpTo(database.db, sql`from count_probe where n > ${3 * exactCountLimit}`)).toEqual({
      total: 0,
      exact: true,
    })
    expect(await countUpTo(database.db, sql`from count_probe where n <= ${exactCountLimit}`)).toEqual({
      total: exactCountLimit,
      exact: true,
    })
  })

  it('answers the planner’s estimate past the limit, never below what it counted', async () => {
    const whole = await countUpTo(database.db, sql`from count_probe`)
    expect(whole.exact).toBe(false)
    // ANALYZE read every row of a table this small: the estimate is the count.
    expect(whole.total).toBe(3 * exactCountLimit)

    const half = await countUpTo(database.db, sql`from count_probe where even`)
    expect(half.exact).toBe(false)
    expect(half.total).toBeGreaterThan(exactCountLimit)
    expect(half.total).toBeLessThanOrEqual(3 * exactCountLimit)

    // One row past the limit is still "more than the limit", whatever the planner guesses.
    const justOver = await countUpTo(database.db, sql`from count_probe where n <= ${exactCountLimit + 1}`)
    expect(justOver).toMatchObject({ exact: false })
    expect(justOver.total).toBeGreaterThan(exactCountLimit)
  })

  it('reads the estimate of a query with parameters', async () => {
    const rows = await estimatedRows(database.db, sql`select 1 from count_probe where n > ${exactCountLimit}`)
    expect(rows).toBeGreaterThan(exactCountLimit)
    expect(rows).toBeLessThanOrEqual(3 * exactCountLimit)
  })
})
