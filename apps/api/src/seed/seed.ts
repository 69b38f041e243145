import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { seedDemoPicks } from '../modules/picks/picks.service.ts'
import { connectDemoCreators, seedDemoData } from './demo-data.ts'

/**
 * The demo start-up step (start.ts runs it once, after the app is built and before it listens): on
 * the first start of an empty database with SEED_DEMO_DATA (the default in development) it loads
 * the demo creators; with sandbox payments it connects them so they can sell, so the first page
 * shows them on sale. Says whether their demo picks are due: with the fixture odds, after a fresh
 * load only, so a restart never adds a second set. Those are `postDemoPicks`, run after listening.
 */
export async function seedDemo(
  app: FastifyInstance,
  db: Db,
  config: Pick<Config, 'seedDemoData'>,
): Promise<{ demoPicksDue: boolean }> {
  if (!config.seedDemoData) return { demoPicksDue: false }
  const seeded = await seedDemoData(db)
  if (seeded.created) app.log.info({ creators: seeded.creators }, 'demo data loaded')
  if (app.billing.sandbox) {
    const connected = await connectDemoCreators(db, app.billing.sandbox)
    if (connected) app.log.info({ creators: connected }, 'demo creators take test payments (sandbox)')
  }
  return { demoPicksDue: seeded.created && app.odds.name === 'fixtures' }
}

/**
 * The demo creators' picks, posted and graded by the normal grader: seconds of work, which start.ts
 * runs in the background once the server listens. An aborted `signal` (a shutdown) stops the
 * grading after the pick in hand; the grading job grades the rest. Logs how many and how long.
 */
export async function postDemoPicks(app: FastifyInstance, db: Db, signal: AbortSignal): Promise<void> {
  const startedAt = performance.now()
  const posted = await seedDemoPicks({ db, odds: app.odds, now: () => new Date(), grader: app.grader, signal })
  const done = { picks: posted, ms: Math.round(performance.now() - startedAt) }
  if (signal.aborted)
    app.log.info(done, 'demo picks posted; their grading stopped for the shutdown (the grading job finishes it)')
  else app.log.info(done, 'demo picks posted and graded')
}
