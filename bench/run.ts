/**
 * `npm run bench` [-- --only api|http|reads|query|bundle|alerts|start|lighthouse|scale]
 *                 [--duration SECONDS] [--connections N] [--delivery-limit SECONDS]
 *                 [--log-level LEVEL]
 *
 *   api    = http + query (sections a and b); http = a only; query = b only; bundle = c;
 *   reads  = the mixed public reads of issue 19 and a subscriber's feed against bare node:http;
 *   alerts = d (a pick's fan-out to 100,000 subscribers, and sending through SMTP and an SMS double);
 *   start = e (`npm start` after the build on an empty data directory: time to the first page).
 *   lighthouse = f (Lighthouse's mobile performance score, FCP, LCP, TBT, CLS and JS transferred on
 *   /shop-picks, a purchase page, /locker-room and /my-picks, signed out: the production build and
 *   server, Debian's Chromium or CHROME_PATH, 3 runs per page, medians; builds the web app if stale).
 *   scale = 1 and then 2 API processes and the worker behind nginx (Debian's package) on one
 *   PostgreSQL: the mixed public workload through nginx, a pick published to 100,000 subscribers
 *   during it (use --duration 30 or more: the fan-out should fall inside the measured load).
 *   --delivery-limit SECONDS (scale): how long to wait for a pick's deliveries (default 600).
 *   --log-level sets the API server's LOG_LEVEL (default warn), to show what logging costs.
 *   --no-breakdown skips the cheaper-routes breakdown of section a (health, ready, list).
 *   --out NAME writes bench/results/NAME.{md,json} instead of latest.{md,json}.
 *
 * Env: BENCH_DATABASE_URL (a PostgreSQL server to use; otherwise a sandbox is started with
 * scripts/postgres-sandbox.sh and stopped at the end).
 *
 * Writes bench/results/latest.md and bench/results/latest.json. With --only, the sections that
 * did not run are carried over from the previous latest.json (each keeps its own date).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { runAlertsSection } from './lib/alerts-section.ts'
import { runBundleSection } from './lib/bundle-section.ts'
import { installExitHandlers, repoRoot } from './lib/children.ts'
import { runHttpSection } from './lib/http-section.ts'
import { runLighthouseSection } from './lib/lighthouse-section.ts'
import { acquirePostgres, type PostgresAvailability } from './lib/postgres.ts'
import { runQuerySection } from './lib/query-section.ts'
import { runReadsSection } from './lib/reads-section.ts'
import { runScaleSection } from './lib/scale-out-section.ts'
import { runStartSection } from './lib/start-section.ts'
import { machine, toMarkdown, type Results } from './lib/report.ts'

const onlyChoices = ['api', 'http', 'reads', 'query', 'bundle', 'alerts', 'start', 'lighthouse', 'scale'] as const
type Only = (typeof onlyChoices)[number]
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

function parseOptions() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      'log-level': { type: 'string', default: 'warn' },
      'delivery-limit': { type: 'string', default: '600' },
      'no-breakdown': { type: 'boolean', default: false },
      out: { type: 'string', default: 'latest' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  })
  if (values.help) {
    console.log(readFileSync(new URL(import.meta.url), 'utf8').split('*/')[0])
    process.exit(0)
  }
  const only = values.only ?? null
  if (only !== null && !onlyChoices.includes(only as Only))
    throw new Error(`--only must be one of ${onlyChoices.join(', ')}`)
  const durationSec = Number(values.duration)
  const connections = Number(values.connections)
  if (!Number.isInteger(durationSec) || durationSec < 1 || durationSec > 600)
    throw new Error('--duration must be 1..600 seconds')
  if (!Number.isInteger(connections) || connections < 1 || connections > 1000)
    throw new Error('--connections must be 1..1000')
  const deliveryLimitSec = Number(values['delivery-limit'])
  if (!Number.isInteger(deliveryLimitSec) || deliveryLimitSec < 10 || deliveryLimitSec > 3600)
    throw new Error('--delivery-limit must be 10..3600 seconds')
  if (!logLevels.includes(values['log-level'])) throw new Error(`--log-level must be one of ${logLevels.join(', ')}`)
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(values.out))
    throw new Error('--out must be a plain file name (letters, digits, - and _)')
  return {
    only: only as Only | null,
    durationSec,
    connections,
    apiLogLevel: values['log-level'],
    deliveryLimitSec,
    breakdown: !values['no-breakdown'],
    out: values.out,
  }
}

const resultsDir = path.join(repoRoot, 'bench/results')

function previousResults(jsonPath: string): Partial<Results> {
  if (!existsSync(jsonPath)) return {}
  try {
    const previous = JSON.parse(readFileSync(jsonPath, 'utf8')) as Partial<Results>
    return previous.schema === 1 ? previous : {}
  } catch {
    return {}
  }
}

async function main(): Promise<void> {
  installExitHandlers()
  const options = parseOptions()
  const log = (message: string) => console.log(message)
  const runs = (section: 'http' | 'reads' | 'query' | 'bundle' | 'alerts' | 'start' | 'lighthouse' | 'scale') =>
    options.only === null ||
    options.only === section ||
    (options.only === 'api' && (section === 'http' || section === 'query'))

  const startedAt = new Date()
  log(`picks benchmark ${startedAt.toISOString()}: ${options.only ? `--only ${options.only}` : 'all sections'}`)
  const jsonPath = path.join(resultsDir, `${options.out}.json`)
  const markdownPath = path.join(resultsDir, `${options.out}.md`)
  const previous = options.only ? previousResults(jsonPath) : {}
  const results: Results = {
    schema: 1,
    generatedAt: startedAt.toISOString(),
    machine: machine(previous.machine?.postgres ?? null),
    options: {
      durationSec: options.durationSec,
      connections: options.connections,
      warmupSec: 2,
      apiLogLevel: options.apiLogLevel,
      only: options.only,
    },
    ...(previous.http ? { http: previous.http } : {}),
    ...(previous.reads ? { reads: previous.reads } : {}),
    ...(previous.query ? { query: previous.query } : {}),
    ...(previous.bundle ? { bundle: previous.bundle } : {}),
    ...(previous.alerts ? { alerts: previous.alerts } : {}),
    ...(previous.start ? { start: previous.start } : {}),
    ...(previous.lighthouse ? { lighthouse: previous.lighthouse } : {}),
    ...(previous.scale ? { scale: previous.scale } : {}),
  }

  if (runs('http') || runs('reads') || runs('query') || runs('alerts') || runs('scale')) {
    const postgres: PostgresAvailability = await acquirePostgres()
    if (postgres.available) {
      results.machine.postgres = postgres.server.version
      log(`PostgreSQL: ${postgres.server.version} (${postgres.server.source})`)
    } else {
      log(`PostgreSQL: skipped (${postgres.reason})`)
    }
    // What the sections that load an API process share.
    const loadRun = {
      postgres,
      connections: options.connections,
      durationSec: options.durationSec,
      warmupSec: 2,
      apiLogLevel: options.apiLogLevel,
      log,
    }
    try {
      if (runs('http')) results.http = await runHttpSection({ ...loadRun, breakdown: options.breakdown })
      if (runs('reads')) results.reads = await runReadsSection(loadRun)
      if (runs('query')) results.query = await runQuerySection({ postgres, log })
      if (runs('alerts')) results.alerts = await runAlertsSection({ postgres, log })
      if (runs('scale'))
        results.scale = await runScaleSection({ ...loadRun, deliveryLimitSec: options.deliveryLimitSec })
    } finally {
      if (postgres.available) postgres.server.release()
    }
  }
  if (runs('bundle')) results.bundle = runBundleSection(log)
  if (runs('start')) results.start = await runStartSection(log)
  if (runs('lighthouse')) results.lighthouse = await runLighthouseSection(log)

  const markdown = toMarkdown(results)
  mkdirSync(resultsDir, { recursive: true })
  writeFileSync(markdownPath, markdown)
  writeFileSync(jsonPath, `${JSON.stringify(results, null, 2)}\n`)
  log(`\n${markdown}`)
  log(
    `written: ${path.relative(repoRoot, markdownPath)}, ${path.relative(repoRoot, jsonPath)} (${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s)`,
  )

  const failed =
    results.http?.databases.some((d) => d.ran && d.rows.some((r) => !r.api.ok || !r.bare.ok)) ||
    results.reads?.databases.some((d) => d.ran && [d.mixed, d.subscribed].some((c) => !c.api.ok || !c.bare.ok))
  if (failed) {
    console.error('FAILED: some requests returned non-2xx or errors (see the tables)')
    process.exitCode = 1
  }
  const scaleRuns = results.scale?.ran ? results.scale.runs : []
  const scaleFailed = scaleRuns.filter(
    (r) =>
      r.loads.some((l) => !l.load.ok) ||
      r.delivery.duplicateKeys !== 0 ||
      r.delivery.notExactlyOnce.email !== 0 ||
      r.delivery.notExactlyOnce.sms !== 0 ||
      r.delivery.smtp.duplicates !== 0 ||
      r.delivery.smsOutbox.duplicates !== 0 ||
      r.delivery.failed !== r.delivery.abandoned,
  )
  if (scaleFailed.length) {
    console.error(
      `FAILED: scale-out with ${scaleFailed.map((r) => r.apiProcesses).join(' and ')} API process(es): failed requests, failed deliveries or duplicates (see the scale-out table)`,
    )
    process.exitCode = 1
  }
  const duplicated = results.alerts?.databases.some(
    (d) => d.ran && d.sending.sinks.email.duplicates + d.sending.sinks.sms.duplicates > 0,
  )
  if (duplicated) {
    console.error('FAILED: a sink received the same alert twice (see the pick alerts table)')
    process.exitCode = 1
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err)
  process.exit(1)
})
