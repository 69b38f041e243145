/**
 * `npm run bench:admin` [-- --runs N] [--divide 1|10|100]
 *
 * Issue 16, point 7: the admin console on a big marketplace. Starts a PostgreSQL sandbox on
 * loopback (or uses BENCH_DATABASE_URL), migrates it with the app's migrations, seeds with
 * set-based SQL 10,000 creators, 100,000 customers, 500,000 purchases with their ledger rows
 * (charge and fee each, 1% refunded), 200,000 picks with their fan-outs and 2,000,000 alert
 * deliveries spread over two years, ANALYZEs, builds the app in-process and times every admin
 * list page and overview through app.inject as a verified admin: the first call apart (cold),
 * then up to --runs calls (default 30, and at most 20 s per endpoint), median and p95. The
 * baseline of the same run: GET /api/health through the same inject path, and `select 1`.
 *
 * --divide shrinks every count (a quick check of the seed, not a figure to record).
 * --keep (with BENCH_DATABASE_URL) seeds a database named bench_admin_kept once and leaves it, so a
 * later run with --keep only applies new migrations and times the endpoints again: for working on
 * a query, not for the recorded figures, which come from a fresh seed.
 * Writes bench/results/admin-scale.{md,json}. The sandbox is stopped and removed at the end.
 */
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import type { Database } from '../apps/api/src/db/client.ts'
import { users } from '../apps/api/src/modules/users/users.table.ts'
import { signUpAndVerify, testOrigin } from '../apps/api/src/test/accounts.ts'
import { installExitHandlers } from './lib/children.ts'
import { machine } from './lib/report.ts'
import {
  runSeed,
  scaleMarkdown,
  timeCalls,
  timingLine,
  withScaleDatabase,
  writeScaleResults,
  type SeedStep,
  type Timing,
} from './lib/scale-run.ts'

const fullScale = { creators: 10_000, customers: 100_000, purchases: 500_000, picks: 200_000, deliveriesPerPick: 10 }
let scale = fullScale
const days = 730
const targetMedianMs = 100
const perEndpointBudgetMs = 20_000
const adminPassword = 'Admin2@Password'

/** Each step of the seed: one SQL statement or a few, timed. */
function seedSteps(): SeedStep[] {
  const { creators, customers, purchases, picks, deliveriesPerPick } = scale
  const spread = (g: string) =>
    `now() - interval '1 day' - ((${g}::bigint * 7919) % ${days}) * interval '1 day' - ((${g}::bigint * 104729) % 86400) * interval '1 second'`
  return [
    {
      label: `${creators.toLocaleString('en-US')} creators (users, profiles, plans)`,
      sql: `
        insert into users (email, name, role, email_verified, created_at, updated_at)
        select 'creator' || g || '@bench.test', 'Creator ' || g, 'creator', true, ${spread('g')}, now()
        from generate_series(1, ${creators}) g;
        insert into creator_profiles (user_id, username, display_name, bio, sports, specialty_sport,
          lowest_price_cents, accepting_payments, created_at, updated_at)
        select u.id, 'creator_' || substr(u.email, 8, strpos(u.email, '@') - 8), u.name, 'Sharp picks every day',
          array[(array['nba','nfl','mlb','nhl'])[1 + (hashtext(u.email) & 3)]],
          (array['nba','nfl','mlb','nhl'])[1 + (hashtext(u.email) & 3)],
          500 + (abs(hashtext(u.email)) % 50) * 100, true, u.created_at, now()
        from users u where u.role = 'creator';
        insert into subscription_plans (creator_id, name, kind, interval, price_cents, created_at, updated_at)
        select user_id, 'Monthly', 'subscription', 'month', lowest_price_cents, created_at, now() from creator_profiles;
        create temp table bench_creators as
          select row_number() over (order by p.user_id) as n, p.user_id, s.id as plan_id, s.price_cents
          from creator_profiles p join subscription_plans s on s.creator_id = p.user_id;
        create unique index on bench_creators (n);`,
    },
    {
      label: `${customers.toLocaleString('en-US')} customers`,
      sql: `
        insert into users (email, name, role, email_verified, created_at, updated_at)
        select 'customer' || g || '@bench.test', 'Customer ' || g, 'customer', true, ${spread('g')}, now()
        from generate_series(1, ${customers}) g;
        create temp table bench_customers as
          select row_number() over (order by id) as n, id as user_id from users where role = 'customer';
        create unique index on bench_customers (n);`,
    },
    {
      label: `${purchases.toLocaleString('en-US')} purchases (the totals triggers fire)`,
      sql: `
        insert into purchases (user_id, creator_id, plan_id, plan_name, kind, interval, access_days, price_cents,
          fee_bps, status, auto_renewal, current_period_start, current_period_end, canceled_at, ended_at, provider,
          created_at, updated_at)
        select b.user_id, c.user_id, c.plan_id, case when g % 10 = 0 then 'Day pass' else 'Monthly' end,
          case when g % 10 = 0 then 'one_time' else 'subscription' end,
          case when g % 10 = 0 then null else 'month' end,
          case when g % 10 = 0 then 30 end,
          c.price_cents, 1000,
          case when g % 10 = 0 then 'expired' when g % 5 = 1 then 'canceled' when g % 50 = 3 then 'past_due' else 'active' end,
          g % 10 <> 0, t.at, t.at + interval '30 days',
          case when g % 5 = 1 then t.at + interval '20 days' end,
          case when g % 5 = 1 or g % 10 = 0 then t.at + interval '30 days' end,
          'sandbox', t.at, t.at
        from generate_series(1, ${purchases}) g
        cross join lateral (select ${spread('g')} as at) t
        join bench_creators c on c.n = 1 + (g * 31) % ${creators}
        join bench_customers b on b.n = 1 + (g * 7) % ${customers};`,
    },
    {
      label: 'ledger: a charge and a fee per purchase, 1% refunded (the totals trigger fires)',
      sql: `
        insert into ledger_entries (creator_id, purchase_id, kind, amount_cents, description, provider_ref, occurred_at, available_at)
        select p.creator_id, p.id, k.kind,
          case k.kind when 'charge' then p.price_cents when 'platform_fee' then -(p.price_cents / 10) else -p.price_cents end,
          k.kind || ' for ' || p.plan_name, 'bench_' || p.id,
          p.created_at + case k.kind when 'refund' then interval '2 days' else interval '0' end,
          p.created_at + case k.kind when 'refund' then interval '2 days' else interval '0' end
        from purchases p
        cross join (values ('charge'), ('platform_fee'), ('refund')) k(kind)
        where k.kind <> 'refund' or abs(hashtext(p.id::text)) % 100 = 0;`,
    },
    {
      label: `${picks.toLocaleString('en-US')} picks and their fan-outs`,
      sql: `
        insert into picks (creator_id, sport, home_team, away_team, game_date, bet_type, selection, odds, reasoning,
          is_premium, stake_units, result, graded_at, graded_by, api_version, form_type, created_at, updated_at)
        select c.user_id, (array['nba','nfl','mlb','nhl'])[1 + g % 4], 'Home ' || (g % 30), 'Away ' || (g % 29),
          t.at + interval '1 day', 'moneyline', 'Home ' || (g % 30), case when g % 2 = 0 then -110 else 150 end,
          'Value on the home side', g % 3 = 0, 1,
          case when t.at > now() - interval '3 days' then 'pending' when g % 2 = 0 then 'won' else 'lost' end,
          case when t.at > now() - interval '3 days' then null else t.at + interval '1 day 3 hours' end,
          case when t.at > now() - interval '3 days' then null else 'auto' end,
          'v1', 'standard', t.at, t.at
        from generate_series(1, ${picks}) g
        cross join lateral (select ${spread('g')} as at) t
        join bench_creators c on c.n = 1 + (g * 13) % ${creators};
        create temp table bench_picks as
          select row_number() over (order by id) as n, id, creator_id, created_at from picks;
        insert into alert_fanouts (pick_id, status, queued, started_at, finished_at)
        select id, 'done', ${deliveriesPerPick}, created_at, created_at + interval '1 minute' from bench_picks;`,
    },
    {
      label: "creators' records (as grading keeps them)",
      sql: `
        insert into creator_records (creator_id, picks_count, wins, losses, pushes, voids, net_units)
        select creator_id, count(*), count(*) filter (where result = 'won'), count(*) filter (where result = 'lost'), 0, 0,
          round(coalesce(sum(case when result = 'won' and odds < 0 then 100.0 / -odds when result = 'won' then odds / 100.0
            when result = 'lost' then -1 end), 0)::numeric, 2)
        from picks group by creator_id;`,
    },
    ...[0, 1, 2, 3].map((quarter) => ({
      label: `alert deliveries, quarter ${quarter + 1} of ${(picks * deliveriesPerPick).toLocaleString('en-US')}`,
      sql: `
        insert into alert_deliveries (kind, pick_id, creator_id, recipient_id, channel, destination, preview, status,
          attempts, next_attempt_at, provider_id, created_at, sent_at, delivered_at, failed_at, error, updated_at)
        select 'pick', p.id, p.creator_id, b.user_id, case when k < 7 then 'email' else 'sms' end,
          case when k < 7 then 'customer' || b.n || '@bench.test' else '+1555' || lpad(b.n::text, 7, '0') end,
          'New pick', case when (p.n + k) % 50 = 0 then 'failed' else 'delivered' end, 1, p.created_at,
          case when (p.n + k) % 50 = 0 then null else 'bench_' || p.n || '_' || k end,
          p.created_at, case when (p.n + k) % 50 = 0 then null else p.created_at + interval '5 seconds' end,
          case when (p.n + k) % 50 = 0 then null else p.created_at + interval '20 seconds' end,
          case when (p.n + k) % 50 = 0 then p.created_at + interval '1 minute' end,
          case when (p.n + k) % 50 = 0 then 'mailbox unavailable' end, p.created_at
        from bench_picks p cross join generate_series(0, ${deliveriesPerPick - 1}) k
        join bench_customers b on b.n = 1 + (p.n * 13 + k * 9973) % ${customers}
        where p.n % 4 = ${quarter};`,
    })),
  ]
}

async function signInAdmin(app: FastifyInstance, database: Database): Promise<string> {
  const email = `bench-admin-${Date.now()}@bench.test`
  const cookie = await signUpAndVerify(app, database.db, email)
  await database.db.update(users).set({ role: 'admin' }).where(eq(users.email, email))
  for (const step of ['set-password', 'verify-password']) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/${step}`,
      headers: { origin: testOrigin, cookie },
      payload: { password: adminPassword },
    })
    if (res.statusCode !== 200) throw new Error(`${step} failed: ${res.statusCode} ${res.body}`)
  }
  return cookie
}

async function main(): Promise<void> {
  installExitHandlers()
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '30' },
      divide: { type: 'string', default: '1' },
      keep: { type: 'boolean', default: false },
    },
    strict: true,
  })
  const divide = Number(values.divide)
  if (![1, 10, 100].includes(divide)) throw new Error('--divide must be 1, 10 or 100')
  scale = {
    ...fullScale,
    creators: fullScale.creators / divide,
    customers: fullScale.customers / divide,
    purchases: fullScale.purchases / divide,
    picks: fullScale.picks / divide,
  }
  const runs = Number(values.runs)
  if (!Number.isInteger(runs) || runs < 1 || runs > 500) throw new Error('--runs must be 1..500')
  const log = (m: string) => console.log(m)
  const generatedAt = new Date().toISOString()
  await withScaleDatabase(
    { prefix: 'bench_admin', keep: values.keep, log, title: `admin-scale ${generatedAt}` },
    async ({ url, reuse, database, postgresVersion, openApp }) => {
      log(reuse ? 'reusing bench_admin_kept (seed times are not measured)' : 'seeding')
      const seedTimes = reuse ? [] : await runSeed(url, seedSteps(), log)
      const counts: Record<string, number> = {}
      {
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        for (const table of [
          'users',
          'creator_profiles',
          'purchases',
          'ledger_entries',
          'picks',
          'alert_fanouts',
          'alert_deliveries',
          'creator_records',
          'creator_totals',
          'customer_totals',
        ]) {
          const res = await client.query<{ n: string }>(`select count(*) as n from ${table}`)
          counts[table] = Number(res.rows[0]?.n)
        }
        const ids = await client.query<{ creator: string; purchase: string; pick: string }>(
          `select (select creator_id from creator_totals order by active_subscribers desc limit 1) as creator,
                (select id from purchases where status = 'active' order by created_at desc limit 1) as purchase,
                (select pick_id from alert_deliveries order by created_at desc limit 1) as pick`,
        )
        const known = ids.rows[0]
        await client.end()
        if (!known) throw new Error('no ids')
        log(`rows: ${JSON.stringify(counts)}`)

        const server = await openApp()
        const cookie = await signInAdmin(server, database)
        const get = (u: string) => async () =>
          (await server.inject({ method: 'GET', url: u, headers: { origin: testOrigin, cookie } })).statusCode

        const endpoints: Array<[string, string]> = [
          ['dashboard (overview)', '/api/admin/dashboard'],
          ['metrics/overview', '/api/admin/metrics/overview'],
          ['metrics/revenue', '/api/admin/metrics/revenue'],
          ['subscriptions/overview', '/api/admin/subscriptions/overview'],
          ['creators', '/api/admin/creators'],
          ['creators/performance', '/api/admin/creators/performance'],
          ['creators/{id}/subscribers (busiest)', `/api/admin/creators/${known.creator}/subscribers`],
          ['customers', '/api/admin/customers'],
          ['purchases', '/api/admin/purchases'],
          ['purchases/{id}/delivery-details', `/api/admin/purchases/${known.purchase}/delivery-details`],
          ['delivery/status', '/api/admin/delivery/status'],
          ['delivery/verify/{pick id}', `/api/admin/delivery/verify/${known.pick}`],
          ['email-logs', '/api/admin/email-logs'],
          ['sms-logs', '/api/admin/sms-logs'],
          ['email-subscribers', '/api/admin/email-subscribers'],
          ['sms-subscribers', '/api/admin/sms-subscribers'],
          ['system-status', '/api/admin/system-status'],
          ['users', '/api/users'],
          ['moderation/reports', '/api/moderation/reports'],
          ['audit-log', '/api/admin/audit-log'],
        ]
        const timings: Timing[] = []
        const held = (u: string) =>
          u.startsWith('/api/admin') || u.startsWith('/api/users') || u.startsWith('/api/moderation')
        const options = (u: string) => ({
          runs,
          budgetMs: perEndpointBudgetMs,
          targetMs: held(u) ? targetMedianMs : null,
        })
        const pool = new pg.Pool({ connectionString: url, max: 1 })
        try {
          timings.push(
            await timeCalls(
              'baseline: select 1 (pg round trip)',
              'select 1',
              async () => ((await pool.query('select 1')).rowCount === 1 ? 200 : 500),
              options('select 1'),
            ),
          )
        } finally {
          await pool.end()
        }
        timings.push(
          await timeCalls(
            'baseline: GET /api/health (inject)',
            '/api/health',
            get('/api/health'),
            options('/api/health'),
          ),
        )
        for (const [label, u] of endpoints) {
          const timing = await timeCalls(label, u, get(u), options(u))
          log(timingLine(timing, 40))
          timings.push(timing)
        }

        const results = {
          schema: 1,
          generatedAt,
          machine: machine(postgresVersion),
          scale,
          targetMedianMs,
          runsPerEndpoint: runs,
          counts,
          seed: seedTimes,
          timings,
        }
        const markdown = scaleMarkdown({ ...results, title: `Admin console at scale — ${generatedAt}` })
        writeScaleResults('admin-scale', markdown, results, log)
      }
    },
  )
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err)
  process.exit(1)
})
