import { fc, it } from '@fast-check/vitest'
import { purchaseStatuses } from '@picks/contracts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { queryRows } from '../../db/client.ts'
import { createTestDatabase, type TestDatabase } from '../../test/build-test-app.ts'
import { createCreator } from '../../test/factories.ts'
import { users } from '../users/users.table.ts'
import { givesAccessAt, livePurchasesQuery, purchaseGivesAccess } from './entitlements.ts'
import { purchases } from './purchases.table.ts'

let database: TestDatabase
let buyerId: string
let creatorId: string
const now = new Date('2026-11-28T12:00:00Z')
const hourMs = 60 * 60 * 1000

beforeAll(async () => {
  database = await createTestDatabase()
  creatorId = (await createCreator(database.db)).id
  const [buyer] = await database.db
    .insert(users)
    .values({ email: 'buyer@test.example', name: 'Buyer', role: 'customer' })
    .returning({ id: users.id })
  buyerId = buyer!.id
})
afterAll(async () => {
  await database.close()
})

const purchase = fc.record({
  status: fc.constantFrom(...purchaseStatuses),
  autoRenewal: fc.boolean(),
  // Around the access's edges: the period's end and the day of grace after it.
  periodEndHours: fc.option(fc.integer({ min: -60, max: 60 }), { nil: null }),
})

describe('livePurchasesQuery', () => {
  it.prop([fc.array(purchase, { minLength: 1, maxLength: 12 })], { numRuns: 40 })(
    'selects exactly the purchases that give access now, as givesAccessAt and the in-memory rule say',
    async (specs) => {
      await database.db.delete(purchases)
      const rows = await database.db
        .insert(purchases)
        .values(
          specs.map((spec) => ({
            userId: buyerId,
            creatorId,
            planName: 'Monthly',
            kind: 'subscription' as const,
            interval: 'month' as const,
            priceCents: 1000,
            feeBps: 1000,
            status: spec.status,
            autoRenewal: spec.autoRenewal,
            currentPeriodEnd:
              spec.periodEndHours === null ? null : new Date(now.getTime() + spec.periodEndHours * hourMs),
            provider: 'sandbox' as const,
          })),
        )
        .returning()
      const live = await queryRows<{ id: string }>(
        database.db,
        sql`select id::text from (${livePurchasesQuery(now, sql`purchases.id`)}) as live`,
      )
      const bySql = await database.db.select({ id: purchases.id }).from(purchases).where(givesAccessAt(now))
      const inMemory = rows.filter((row) => purchaseGivesAccess(row, now)).map((row) => row.id)
      const sorted = (ids: string[]) => [...ids].sort()
      expect(sorted(live.map((r) => r.id))).toEqual(sorted(inMemory))
      expect(sorted(bySql.map((r) => r.id))).toEqual(sorted(inMemory))
    },
  )
})
