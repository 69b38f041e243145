/**
 * `npm run bench:analytics` [-- --runs N] [--divide 1|10]
 *
 * Issue 17: `GET /api/creator/analytics/{id}?timeframe` for a creator with about 20,000 live
 * subscribers and five years of history, on PostgreSQL. Starts a PostgreSQL sandbox on loopback (or
 * uses BENCH_DATABASE_URL), migrates it with the app's migrations, signs the creator up through the
 * app, then seeds with set-based SQL: 30,000 subscriptions of that creator over 1,825 days (monthly,
 * yearly, weekly and 7-day-trial plans; a third churn, some trials never pay, 4% with a 50%-off code,
 * one in eight through the share link) with a ledger charge and fee for every period paid (about
 * 900,000 charges), 1% of them refunded, 3,000 day passes, 9,000 picks graded over the five years with
 * 40 alerts each, 50,000 share-link visits and 3,000 sign-ups; around it 40,000 customers and 500
 * other creators with 60,000 purchases and 30,000 picks. VACUUM ANALYZE (as autovacuum does after
 * a bulk insert), then through `app.inject` as the
 * creator: the first call (which stores the settled days, decision 037) apart, then every timeframe
 * cold once and up to --runs times (default 50, at most 15 s each): median and p95. Baselines of the
 * same run: `select 1` over a pool, and the creator's billing-emails switch (a one-row authenticated
 * read through the same path).
 *
 * --keep (with BENCH_DATABASE_URL) seeds a database named bench_analytics_kept once and leaves it, so a
 * later run with --keep applies new migrations, forgets the stored days and times the calls again:
 * for working on a query (EXPLAIN on the kept database), not for a fresh seed's figures.
 * Writes bench/results/creator-analytics.{md,json}; the sandbox is stopped and removed at the end.
 */
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { creatorDailyFigures } from '../apps/api/src/modules/analytics/analytics.table.ts'
import { users } from '../apps/api/src/modules/users/users.table.ts'
import { cookieOf, signUpAndVerify, testOrigin, testPassword } from '../apps/api/src/test/accounts.ts'
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

const fullScale = {
  subscriptions: 30_000,
  passes: 3_000,
  customers: 40_000,
  otherCreators: 500,
  otherPurchases: 60_000,
  picks: 9_000,
  otherPicks: 30_000,
  alertsPerPick: 40,
  visits: 50_000,
  signups: 3_000,
}
let scale = fullScale
const days = 1825
const targetMedianMs = 50
const perEndpointBudgetMs = 15_000
const timeframes = ['7d', '30d', '90d', '1y', 'all'] as const

/** Each step of the seed: one SQL statement or a few, timed. `big` is the measured creator's id. */
function seedSteps(big: string): SeedStep[] {
  const s = scale
  const spread = (g: string, n: number) =>
    `now() - interval '${days} days' + (${g} * ${days}.0 / ${n}) * interval '1 day' + ((${g}::bigint * 104729) % 86400) * interval '1 second'`
  return [
    {
      label: `${s.customers.toLocaleString('en-US')} customers`,
      sql: `
        insert into users (email, name, role, email_verified, created_at, updated_at)
        select 'customer' || g || '@bench.test', 'Customer ' || g, 'customer', true, now() - interval '${days + 30} days', now()
        from generate_series(1, ${s.customers}) g;
        create temp table bench_customers as
          select row_number() over (order by id) as n, id as user_id from users where email like 'customer%@bench.test';
        create unique index on bench_customers (n);`,
    },
    {
      label: `${s.otherCreators} other creators, their ${s.otherPurchases.toLocaleString('en-US')} purchases (a charge and a fee each) and ${s.otherPicks.toLocaleString('en-US')} picks`,
      sql: `
        insert into users (email, name, role, email_verified, created_at, updated_at)
        select 'creator' || g || '@bench.test', 'Creator ' || g, 'creator', true, now() - interval '${days} days', now()
        from generate_series(1, ${s.otherCreators}) g;
        insert into creator_profiles (user_id, username, display_name, bio, sports, specialty_sport,
          lowest_price_cents, accepting_payments, created_at, updated_at)
        select u.id, 'creator_' || substr(u.email, 8, strpos(u.email, '@') - 8), u.name, 'Sharp picks every day',
          array['nba'], 'nba', 1500, true, u.created_at, now()
        from users u where u.email like 'creator%@bench.test';
        insert into subscription_plans (creator_id, name, kind, interval, price_cents, created_at, updated_at)
        select user_id, 'Monthly', 'subscription', 'month', 1500, created_at, now()
        from creator_profiles where user_id <> '${big}';
        create temp table bench_creators as
          select row_number() over (order by p.creator_id) as n, p.creator_id as user_id, p.id as plan_id
          from subscription_plans p where p.creator_id <> '${big}';
        insert into purchases (user_id, creator_id, plan_id, plan_name, kind, interval, price_cents, fee_bps, status,
          auto_renewal, current_period_start, current_period_end, canceled_at, ended_at, provider, created_at, updated_at)
        select b.user_id, c.user_id, c.plan_id, 'Monthly', 'subscription', 'month', 1500, 1000,
          case when g % 4 = 0 then 'canceled' else 'active' end, g % 4 <> 0, t.at, t.at + interval '30 days',
          case when g % 4 = 0 then t.at + interval '30 days' end, case when g % 4 = 0 then t.at + interval '30 days' end,
          'sandbox', t.at, t.at
        from generate_series(1, ${s.otherPurchases}) g
        cross join lateral (select ${spread('g', s.otherPurchases)} as at) t
        join bench_creators c on c.n = 1 + (g * 31) % ${s.otherCreators}
        join bench_customers b on b.n = 1 + (g * 7) % ${s.customers};
        insert into ledger_entries (creator_id, purchase_id, kind, amount_cents, description, provider_ref, occurred_at, available_at)
        select p.creator_id, p.id, k.kind, case k.kind when 'charge' then p.price_cents else -(p.price_cents / 10) end,
          k.kind, 'other_' || p.id, p.created_at, p.created_at
        from purchases p cross join (values ('charge'), ('platform_fee')) k(kind) where p.creator_id <> '${big}';
        insert into picks (creator_id, sport, home_team, away_team, game_date, bet_type, selection, odds, reasoning,
          stake_units, result, graded_at, graded_by, api_version, form_type, created_at, updated_at)
        select c.user_id, 'nba', 'Home', 'Away', t.at + interval '1 day', 'moneyline', 'Home', -110, 'Value', 1,
          case when g % 2 = 0 then 'won' else 'lost' end, t.at + interval '1 day 3 hours', 'auto', 'v1', 'standard', t.at, t.at
        from generate_series(1, ${s.otherPicks}) g
        cross join lateral (select ${spread('g', s.otherPicks)} - interval '4 days' as at) t
        join bench_creators c on c.n = 1 + (g * 13) % ${s.otherCreators};`,
    },
    {
      label: `the creator's plans, a promo code, ${s.subscriptions.toLocaleString('en-US')} subscriptions and ${s.passes.toLocaleString('en-US')} passes over ${days} days (the totals triggers fire)`,
      sql: `
        insert into subscription_plans (creator_id, name, kind, interval, access_days, price_cents, trial_days, created_at, updated_at)
        values ('${big}', 'Monthly', 'subscription', 'month', null, 2900, 0, now() - interval '${days + 1} days', now()),
               ('${big}', 'Yearly', 'subscription', 'year', null, 24000, 0, now() - interval '${days + 1} days', now()),
               ('${big}', 'Weekly', 'subscription', 'week', null, 900, 0, now() - interval '${days + 1} days', now()),
               ('${big}', 'Trial monthly', 'subscription', 'month', null, 2900, 7, now() - interval '${days + 1} days', now()),
               ('${big}', 'Day pass', 'one_time', null, 1, 1000, 0, now() - interval '${days + 1} days', now());
        insert into promo_codes (creator_id, code, discount_kind, percent_off, duration)
        values ('${big}', 'BENCH50', 'percent', 50, 'forever');
        create temp table big_plans as select id, name, interval, price_cents, trial_days from subscription_plans where creator_id = '${big}';
        insert into purchases (user_id, creator_id, plan_id, plan_name, kind, interval, price_cents, trial_days, fee_bps,
          status, auto_renewal, current_period_start, current_period_end, canceled_at, ended_at, provider,
          promo_code_id, promo_code, discount_kind, percent_off, discount_duration,
          referral_source, referral_code, referred_at, created_at, updated_at)
        select c.user_id, '${big}', pl.id, pl.name, 'subscription', pl.interval, pl.price_cents, pl.trial_days, 1000,
          case when e.ended is null then 'active' else 'canceled' end, e.ended is null,
          coalesce(e.ended, now()) - interval '10 days', coalesce(e.ended, now() + interval '20 days'),
          e.ended - interval '5 days', e.ended, 'sandbox',
          case when g % 25 = 2 then (select id from promo_codes where creator_id = '${big}') end,
          case when g % 25 = 2 then 'BENCH50' end, case when g % 25 = 2 then 'percent' end,
          case when g % 25 = 2 then 50 end, case when g % 25 = 2 then 'forever' end,
          case when g % 8 = 3 then 'share_link' end, case when g % 8 = 3 then 'bigcode' end,
          case when g % 8 = 3 then t.at - interval '1 hour' end,
          t.at, t.at
        from generate_series(1, ${s.subscriptions}) g
        cross join lateral (select ${spread('g', s.subscriptions)} as at) t
        join big_plans pl on pl.name = case when g % 20 = 0 then 'Weekly' when g % 10 = 5 then 'Yearly'
                                            when g % 10 = 1 then 'Trial monthly' else 'Monthly' end
        join bench_customers c on c.n = 1 + (g * 7) % ${s.customers}
        cross join lateral (select case
            when g % 20 = 11 then t.at + interval '7 days'
            when g % 3 = 0 and t.at + (30 + (g * 7919) % 900) * interval '1 day' < now()
              then t.at + (30 + (g * 7919) % 900) * interval '1 day'
          end as ended) e;
        insert into purchases (user_id, creator_id, plan_id, plan_name, kind, access_days, price_cents, fee_bps, status,
          current_period_start, current_period_end, canceled_at, ended_at, provider, referral_source, referral_code,
          referred_at, created_at, updated_at)
        select c.user_id, '${big}', pl.id, 'Day pass', 'one_time', 1, 1000, 1000, 'expired', t.at, t.at + interval '1 day',
          t.at + interval '1 day', t.at + interval '1 day', 'sandbox',
          case when g % 8 = 3 then 'share_link' end, case when g % 8 = 3 then 'bigcode' end,
          case when g % 8 = 3 then t.at - interval '1 hour' end, t.at, t.at
        from generate_series(1, ${s.passes}) g
        cross join lateral (select ${spread('g', s.passes)} as at) t
        join big_plans pl on pl.name = 'Day pass'
        join bench_customers c on c.n = 1 + (g * 11 + 5) % ${s.customers};`,
    },
    {
      label: "the creator's ledger: a charge and a fee for every period paid (the totals trigger fires)",
      sql: `
        insert into ledger_entries (creator_id, purchase_id, kind, amount_cents, description, provider_ref, occurred_at, available_at)
        select p.creator_id, p.id, k.kind,
          case k.kind when 'charge' then a.amount else -(a.amount / 10) end,
          k.kind || ' for ' || p.plan_name, 'bench_' || p.id || '_' || a.n, a.at, a.at + interval '7 days'
        from purchases p
        cross join lateral (
          select ch.at, ch.n,
            case when p.discount_kind = 'percent' then p.price_cents * (100 - p.percent_off) / 100 else p.price_cents end as amount
          from generate_series(p.created_at + p.trial_days * interval '1 day',
                               case when p.kind = 'one_time' then p.created_at else coalesce(p.ended_at, now()) - interval '1 second' end,
                               case p.interval when 'week' then interval '1 week' when 'year' then interval '1 year' else interval '1 month' end)
            with ordinality as ch(at, n)
        ) a
        cross join (values ('charge'), ('platform_fee')) k(kind)
        where p.creator_id = '${big}'
        -- In time order, as a live ledger is appended: a day's rows sit together on disk.
        order by a.at;`,
    },
    {
      label: "1% of the creator's charges refunded two days later, with the fee given back",
      sql: `
        insert into ledger_entries (creator_id, purchase_id, kind, amount_cents, description, provider_ref, occurred_at, available_at)
        select l.creator_id, l.purchase_id, k.kind, case k.kind when 'refund' then -l.amount_cents else l.amount_cents / 10 end,
          k.kind, l.provider_ref || ':refund:' || l.amount_cents, least(l.occurred_at + interval '2 days', now()),
          least(l.occurred_at + interval '2 days', now())
        from ledger_entries l cross join (values ('refund'), ('platform_fee')) k(kind)
        where l.creator_id = '${big}' and l.kind = 'charge' and abs(hashtext(l.provider_ref)) % 100 = 0
        order by l.occurred_at;`,
    },
    {
      label: `the creator's ${s.picks.toLocaleString('en-US')} picks graded over ${days} days`,
      sql: `
        insert into picks (creator_id, sport, home_team, away_team, game_date, bet_type, selection, odds, reasoning,
          is_premium, stake_units, result, graded_at, graded_by, api_version, form_type, created_at, updated_at)
        select '${big}', (array['nba','nfl','mlb','nhl'])[1 + g % 4], 'Home ' || (g % 30), 'Away ' || (g % 29),
          t.at + interval '1 day', (array['moneyline','spread','total','player_prop'])[1 + (g / 4) % 4], 'Home',
          (array[-110, 150, -105, 120])[1 + (g / 16) % 4], 'Value on the home side', g % 3 = 0, 1 + (g % 3),
          case when t.at > now() - interval '2 days' then 'pending' when g % 50 = 1 then 'void' when g % 20 = 0 then 'push'
               when (g * 7) % 13 < 7 then 'won' else 'lost' end,
          case when t.at > now() - interval '2 days' then null else t.at + interval '1 day 3 hours' end,
          case when t.at > now() - interval '2 days' then null else 'auto' end,
          'v1', 'standard', t.at, t.at
        from generate_series(1, ${s.picks}) g
        cross join lateral (select ${spread('g', s.picks)} as at) t;
        create temp table big_picks as
          select row_number() over (order by id) as n, id, created_at from picks where creator_id = '${big}';`,
    },
    {
      label: `the creator's ${(s.picks * s.alertsPerPick).toLocaleString('en-US')} pick alerts (1 in 40 failed)`,
      sql: `
        insert into alert_deliveries (kind, pick_id, creator_id, recipient_id, channel, destination, preview, status,
          attempts, next_attempt_at, created_at, sent_at, delivered_at, failed_at, error, updated_at)
        select 'pick', p.id, '${big}', b.user_id, case when k < 30 then 'email' else 'sms' end, 'someone@bench.test',
          'New pick', case when (p.n + k) % 40 = 0 then 'failed' else 'delivered' end, 1, p.created_at, p.created_at,
          case when (p.n + k) % 40 = 0 then null else p.created_at + interval '5 seconds' end,
          case when (p.n + k) % 40 = 0 then null else p.created_at + interval '20 seconds' end,
          case when (p.n + k) % 40 = 0 then p.created_at + interval '1 minute' end,
          case when (p.n + k) % 40 = 0 then 'mailbox unavailable' end, p.created_at
        from big_picks p cross join generate_series(0, ${s.alertsPerPick - 1}) k
        join bench_customers b on b.n = 1 + (p.n * 13 + k * 997) % ${s.customers}
        on conflict do nothing;`,
    },
    {
      label: `${s.visits.toLocaleString('en-US')} share-link visits and ${s.signups.toLocaleString('en-US')} sign-ups`,
      sql: `
        insert into creator_referral_visits (creator_id, code, visited_at, visitor_hash)
        select '${big}', 'bigcode', ${spread('g', s.visits)}, md5(g::text) || md5((g + 1000000)::text)
        from generate_series(1, ${s.visits}) g;
        insert into creator_referral_signups (user_id, creator_id, code, visited_at, signed_up_at)
        select c.user_id, '${big}', 'bigcode', ${spread('c.n', s.signups)} - interval '1 hour', ${spread('c.n', s.signups)}
        from bench_customers c where c.n <= ${s.signups};`,
    },
  ]
}

async function main(): Promise<void> {
  installExitHandlers()
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '50' },
      divide: { type: 'string', default: '1' },
      keep: { type: 'boolean', default: false },
    },
    strict: true,
  })
  const divide = Number(values.divide)
  if (![1, 10].includes(divide)) throw new Error('--divide must be 1 or 10')
  scale = Object.fromEntries(
    Object.entries(fullScale).map(([k, v]) => [k, k === 'alertsPerPick' ? v : Math.round(v / divide)]),
  ) as typeof fullScale
  const runs = Number(values.runs)
  if (!Number.isInteger(runs) || runs < 1 || runs > 500) throw new Error('--runs must be 1..500')
  const log = (m: string) => console.log(m)
  const generatedAt = new Date().toISOString()
  await withScaleDatabase(
    { prefix: 'bench_analytics', keep: values.keep, log, title: `creator-analytics ${generatedAt}` },
    async ({ url, reuse, database, postgresVersion, openApp }) => {
      const server = await openApp()
      // The measured creator signs up and registers through the app, so the requests carry a real session.
      const email = 'big-creator@bench.test'
      let cookie: string
      if (reuse) {
        const signIn = await server.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: testOrigin },
          payload: { email, password: testPassword },
        })
        if (signIn.statusCode !== 200) throw new Error(`sign-in: ${signIn.statusCode} ${signIn.body}`)
        cookie = cookieOf(signIn)
      } else {
        cookie = await signUpAndVerify(server, database.db, email)
      }
      const [me] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
      if (!me) throw new Error('no creator user')
      const big = me.id
      if (!reuse) {
        const registered = await server.inject({
          method: 'POST',
          url: `/api/users/${big}/register-creator`,
          headers: { origin: testOrigin, cookie },
          payload: { username: 'big_creator', specialtySport: 'nba' },
        })
        if (registered.statusCode !== 201)
          throw new Error(`register-creator: ${registered.statusCode} ${registered.body}`)
      }

      log(reuse ? 'reusing bench_analytics_kept (seed times are not measured)' : 'seeding')
      if (reuse) await database.db.delete(creatorDailyFigures).where(eq(creatorDailyFigures.creatorId, big))
      const seedTimes = reuse ? [] : await runSeed(url, seedSteps(big), log, 'vacuum analyze')
      const counts: Record<string, number> = {}
      {
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        const one = async (label: string, query: string) => {
          const res = await client.query<{ n: string }>(query)
          counts[label] = Number(res.rows[0]?.n)
        }
        for (const table of ['users', 'purchases', 'ledger_entries', 'picks', 'alert_deliveries']) {
          await one(table, `select count(*) as n from ${table}`)
        }
        await one('creator purchases', `select count(*) as n from purchases where creator_id = '${big}'`)
        await one(
          'creator live subscriptions',
          `select count(*) as n from purchases where creator_id = '${big}' and kind = 'subscription' and ended_at is null`,
        )
        await one('creator ledger rows', `select count(*) as n from ledger_entries where creator_id = '${big}'`)
        await one('creator picks', `select count(*) as n from picks where creator_id = '${big}'`)
        await one('creator alerts', `select count(*) as n from alert_deliveries where creator_id = '${big}'`)
        await client.end()
      }
      log(`rows: ${JSON.stringify(counts)}`)

      const get = (u: string) => async () =>
        (await server.inject({ method: 'GET', url: u, headers: { origin: testOrigin, cookie } })).statusCode
      const t0 = performance.now()
      const first = await get(`/api/creator/analytics/${big}?timeframe=all`)()
      const firstCallMs = performance.now() - t0
      if (first !== 200) throw new Error(`first call: ${first}`)
      log(`  first call (settles the days): ${firstCallMs.toFixed(0)} ms`)

      const timings: Timing[] = []
      const baselineOptions = { runs, budgetMs: perEndpointBudgetMs, targetMs: null }
      const pool = new pg.Pool({ connectionString: url, max: 1 })
      try {
        timings.push(
          await timeCalls(
            'baseline: select 1 (pg round trip)',
            'select 1',
            async () => ((await pool.query('select 1')).rowCount === 1 ? 200 : 500),
            baselineOptions,
          ),
        )
      } finally {
        await pool.end()
      }
      const baseline = `/api/creators/${big}/billing-emails`
      timings.push(
        await timeCalls('baseline: GET billing-emails (inject, signed in)', baseline, get(baseline), baselineOptions),
      )
      for (const timeframe of timeframes) {
        const u = `/api/creator/analytics/${big}?timeframe=${timeframe}`
        const timing = await timeCalls(`analytics ${timeframe}`, u, get(u), {
          runs,
          budgetMs: perEndpointBudgetMs,
          targetMs: targetMedianMs,
        })
        log(timingLine(timing, 20))
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
        firstCallMs,
        timings,
      }
      const markdown = scaleMarkdown({
        ...results,
        title: `Creator analytics at scale — ${generatedAt}`,
        notes: [`First call (stores every settled day of the five years): ${firstCallMs.toFixed(1)} ms`],
      })
      writeScaleResults('creator-analytics', markdown, results, log)
    },
  )
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err)
  process.exit(1)
})
