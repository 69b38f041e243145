import { CreatorsPage, ErrorBody } from '@picks/contracts'
import { count, ne } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { picks } from './modules/picks/picks.table.ts'
import { demoCreatorCount, seedDemoData } from './seed/demo-data.ts'
import { prepareApp, type StartedApp } from './start.ts'
import { createTestDatabase, testConfig } from './test/build-test-app.ts'

/** A promise the test resolves or rejects itself: the background step waits for it. */
function gate() {
  let open = () => {}
  let fail = (_error: Error) => {}
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve
    fail = reject
  })
  return { promise, open, fail }
}

let started: StartedApp | null = null
afterEach(async () => {
  await started?.app.close()
  started = null
})

/** A first start with demo data on an empty database, its background step held by `hold`. */
async function firstStart(hold: Promise<void>): Promise<StartedApp> {
  const database = await createTestDatabase()
  started = await prepareApp(testConfig({ seedDemoData: true }), database, { holdBackground: hold })
  // As server.ts does: afterListening comes once the app listens.
  await started.app.listen({ host: '127.0.0.1', port: 0 })
  return started
}

function urlOf(start: StartedApp, path: string): string {
  const address = start.app.server.address()
  if (typeof address !== 'object' || !address) throw new Error('the app is not listening')
  return `http://127.0.0.1:${address.port}${path}`
}

async function picksCount(start: StartedApp, graded = false): Promise<number> {
  const query = start.database.db.select({ n: count() }).from(picks)
  const [row] = await (graded ? query.where(ne(picks.result, 'pending')) : query)
  return Number(row?.n)
}

describe('a first start with demo data', () => {
  it('answers the first page with the demo creators on sale before the demo picks, and while they are graded', async () => {
    const hold = gate()
    const start = await firstStart(hold.promise)
    const background = start.afterListening()

    // The background step is held: the shop answers already, every demo creator on sale.
    const page = await fetch(urlOf(start, '/api/creators/paginated?limit=100'))
    expect(page.status).toBe(200)
    const shop = CreatorsPage.parse(await page.json())
    expect(shop.total).toBe(demoCreatorCount)
    expect(shop.creators.every((creator) => creator.price_cents !== null)).toBe(true)
    expect(await picksCount(start)).toBe(0)
    const notReady = await fetch(urlOf(start, '/api/ready'))
    expect(notReady.status).toBe(503)
    expect(ErrorBody.parse(await notReady.json()).error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Still starting',
    })

    // Let go: hundreds of picks are posted and graded, and a request sent now is answered before that ends.
    hold.open()
    const first = await Promise.race([
      fetch(urlOf(start, '/api/health')).then((res) => `answered ${res.status}`),
      background.then(() => 'background step ended'),
    ])
    expect(first).toBe('answered 200')
    await background
    expect(await picksCount(start)).toBeGreaterThan(300)
    expect(await picksCount(start, true)).toBeGreaterThan(200)
    expect((await fetch(urlOf(start, '/api/ready'))).status).toBe(200)
    // Asking again starts nothing new.
    const posted = await picksCount(start)
    await start.afterListening()
    expect(await picksCount(start)).toBe(posted)
  }, 120_000)

  it('logs a failed background step and goes on serving', async () => {
    const hold = gate()
    const start = await firstStart(hold.promise)
    const logged = vi.spyOn(start.app.log, 'error')
    const background = start.afterListening()

    hold.fail(new Error('odds provider down'))
    await expect(background).resolves.toBeUndefined()
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.objectContaining({ message: 'odds provider down' }) }),
      'posting or grading the demo picks failed',
    )
    expect((await fetch(urlOf(start, '/api/creators/paginated'))).status).toBe(200)
    expect((await fetch(urlOf(start, '/api/ready'))).status).toBe(200)
  }, 120_000)

  it('closes only once the background step has ended: the picks posted, their grading stopped', async () => {
    const hold = gate()
    const start = await firstStart(hold.promise)
    const logged = vi.spyOn(start.app.log, 'error')
    const told = vi.spyOn(start.app.log, 'info')
    const order: string[] = []
    const background = start.afterListening().then(() => order.push('background step ended'))

    const closed = start.app.close().then(() => order.push('app closed'))
    hold.open()
    await Promise.all([background, closed])
    started = null
    expect(order).toEqual(['background step ended', 'app closed'])
    expect(logged).not.toHaveBeenCalled()
    const stopped = told.mock.calls.find(
      ([, message]) =>
        message === 'demo picks posted; their grading stopped for the shutdown (the grading job finishes it)',
    )
    expect((stopped?.[0] as { picks?: number } | undefined)?.picks).toBeGreaterThan(300)
  }, 120_000)

  it('has nothing to do in the background on a later start', async () => {
    const database = await createTestDatabase()
    await seedDemoData(database.db)
    // Held for ever: a start with nothing to do in the background never waits for it.
    started = await prepareApp(testConfig({ seedDemoData: true }), database, { holdBackground: gate().promise })
    expect((await started.app.inject('/api/ready')).statusCode).toBe(200)
    await started.afterListening()
    expect(await picksCount(started)).toBe(0)
  }, 120_000)
})
