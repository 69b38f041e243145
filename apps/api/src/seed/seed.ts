import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { seedDemoPicks } from '../modules/picks/picks.service.ts'
import { connectDemoCreators, seedDemoData } from './demo-data.ts'

/**
 * The demo start-up step (start.ts runs it once, after the app is built): on the first start of an
 * empty database with SEED_DEMO_DATA (the default in development) it loads the demo creators; with
 * sandbox payments it connects them so they can sell; with the fixture odds it posts and grades
 * their demo picks. Picks come only after a fresh load, so a restart never adds a second set.
 */
export async function seedDemo(app: FastifyInstance, db: Db, config: Pick<Config, 'seedDemoData'>): Promise<void> {
  if (!config.seedDemoData) return
  const seeded = await seedDemoData(db)
  if (seeded.created) app.log.info({ creators: seeded.creators }, 'demo data loaded')
  if (app.billing.sandbox) {
    const connected = await connectDemoCreators(db, app.billing.sandbox)
    if (connected) app.log.info({ creators: connected }, 'demo creators take test payments (sandbox)')
  }
  if (seeded.created && app.odds.name === 'fixtures') {
    const posted = await seedDemoPicks({ db, odds: app.odds, now: () => new Date(), grader: app.grader })
    app.log.info({ picks: posted }, 'demo picks posted and graded')
  }
}
