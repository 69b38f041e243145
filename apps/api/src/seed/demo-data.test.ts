import { count } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { creatorProfiles, subscriptionPlans } from '../modules/creators/creators.table.ts'
import { users } from '../modules/users/users.table.ts'
import { createTestDatabase, type TestDatabase } from '../test/build-test-app.ts'
import { demoCreator } from './demo-creators.ts'
import { createSandboxProvider } from '../modules/payments/payments.service.ts'
import { payoutAccounts } from '../modules/payouts/payouts.table.ts'
import { connectDemoCreators, demoCreatorCount, insertDemoCreators, seedDemoData } from './demo-data.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})
beforeEach(async () => {
  await database.reset()
})

async function countOf(table: typeof creatorProfiles | typeof subscriptionPlans): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(table)
  return Number(row?.n)
}

describe('demo data', () => {
  it('loads at least 40 creators with plans on the first start, across every sport', async () => {
    const result = await seedDemoData(database.db)
    expect(result).toEqual({ created: true, creators: demoCreatorCount })
    expect(await countOf(creatorProfiles)).toBeGreaterThanOrEqual(40)
    expect(await countOf(subscriptionPlans)).toBeGreaterThanOrEqual(demoCreatorCount)
    const sports = await database.db.selectDistinct({ sport: creatorProfiles.specialtySport }).from(creatorProfiles)
    expect(sports).toHaveLength(9)
  })

  it('does nothing on a second start', async () => {
    await seedDemoData(database.db)
    expect(await seedDemoData(database.db)).toEqual({ created: false, creators: 0 })
    expect(await countOf(creatorProfiles)).toBe(demoCreatorCount)
  })

  it('loads the demo data when the only accounts are administrators made before the first start', async () => {
    await database.db.insert(users).values({ email: 'root@picks.example', name: 'Root', role: 'admin' })
    expect(await seedDemoData(database.db)).toEqual({ created: true, creators: demoCreatorCount })
  })

  it('connects every demo creator to the sandbox payment provider, once, which puts their plans on sale', async () => {
    await seedDemoData(database.db)
    const onSale = () =>
      database.db
        .select({ accepting: creatorProfiles.acceptingPayments, price: creatorProfiles.lowestPriceCents })
        .from(creatorProfiles)
    expect((await onSale()).filter((c) => c.accepting || c.price !== null)).toEqual([])
    const sandbox = createSandboxProvider({
      db: database.db,
      publicUrl: 'http://localhost:3000',
      deliver: async () => {},
    })
    expect(await connectDemoCreators(database.db, sandbox)).toBe(demoCreatorCount)
    const accounts = await database.db.select().from(payoutAccounts)
    expect(accounts).toHaveLength(demoCreatorCount)
    for (const account of accounts) {
      expect(await sandbox.getAccountStatus(account.accountId)).toMatchObject({
        chargesEnabled: true,
        payoutsEnabled: true,
      })
    }
    expect((await onSale()).filter((c) => !c.accepting || c.price === null)).toEqual([])
    expect(await connectDemoCreators(database.db, sandbox)).toBe(0)
  })

  it('leaves a database with a customer in it alone', async () => {
    await database.db.insert(users).values({ email: 'fan@picks.example', name: 'Fan', role: 'customer' })
    expect(await seedDemoData(database.db)).toEqual({ created: false, creators: 0 })
    expect(await countOf(creatorProfiles)).toBe(0)
  })

  it('skips creators that already exist when inserted again', async () => {
    await insertDemoCreators(database.db, 10)
    expect(await insertDemoCreators(database.db, 15)).toBe(5)
    expect(await countOf(creatorProfiles)).toBe(15)
  })

  it('stores benchmark creators on sale at their cheapest plan, and others off sale until connected', async () => {
    await insertDemoCreators(database.db, 3)
    await insertDemoCreators(database.db, 3, { from: 3, onSale: true })
    const stored = await database.db
      .select({
        username: creatorProfiles.username,
        accepting: creatorProfiles.acceptingPayments,
        lowest: creatorProfiles.lowestPriceCents,
      })
      .from(creatorProfiles)
    const expected = [0, 1, 2, 3, 4, 5].map((i) => {
      const c = demoCreator(i)
      const onSale = i >= 3
      return {
        username: c.username,
        accepting: onSale,
        lowest: onSale ? Math.min(...c.plans.map((p) => p.priceCents)) : null,
      }
    })
    expect(stored).toEqual(expect.arrayContaining(expected))
    expect(stored).toHaveLength(6)
  })

  it('generates the same creator for the same index and unique usernames', () => {
    expect(demoCreator(7)).toEqual(demoCreator(7))
    const names = Array.from({ length: 2000 }, (_, i) => demoCreator(i).username.toLowerCase())
    expect(new Set(names).size).toBe(2000)
    expect(names.every((n) => /^[a-z0-9_]{3,30}$/.test(n))).toBe(true)
  })
})
