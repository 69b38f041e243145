import os from 'node:os'
import { alertTargets, type AlertsSection } from './alerts-section.ts'
import type { BundleSection } from './bundle-section.ts'
import type { HttpDatabaseResult, HttpSection } from './http-section.ts'
import { lighthouseTargets, type LighthousePage, type LighthouseSection } from './lighthouse-section.ts'
import type { QuerySection } from './query-section.ts'
import { readsTargets, type ReadsComparison, type ReadsSection } from './reads-section.ts'
import type { ScaleRun, ScaleSection } from './scale-out-section.ts'
import type { StartSection } from './start-section.ts'

export interface Machine {
  os: string
  cpuModel: string
  cpuCount: number
  totalMemoryGiB: number
  node: string
  postgres: string | null
}

export interface Results {
  schema: 1
  generatedAt: string
  machine: Machine
  options: { durationSec: number; connections: number; warmupSec: number; apiLogLevel: string; only: string | null }
  http?: HttpSection
  reads?: ReadsSection
  query?: QuerySection
  bundle?: BundleSection
  alerts?: AlertsSection
  start?: StartSection
  lighthouse?: LighthouseSection
  scale?: ScaleSection
}

export const targets = {
  postgresRatio: 0.4,
  postgresP99Ms: 50,
  pgliteReqPerSec: 1_500,
} as const

export function machine(postgres: string | null): Machine {
  const cpus = os.cpus()
  return {
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cpuCount: cpus.length,
    totalMemoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    postgres,
  }
}

const int = (n: number) => Math.round(n).toLocaleString('en-US')
const ms = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '–')
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

function table(headers: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n')
}

export interface TargetVerdict {
  target: string
  measured: string
  met: boolean | null
}

function mainRow(db: HttpDatabaseResult | undefined) {
  return db?.ran ? db.rows[0] : undefined
}

export function verdicts(results: Results): TargetVerdict[] {
  const out: TargetVerdict[] = []
  const dbs = results.http?.databases ?? []
  const pg = mainRow(dbs.find((d) => d.database === 'postgres'))
  out.push(
    pg
      ? {
          target: `PostgreSQL: shop page ≥ ${targets.postgresRatio * 100}% of bare node:http req/s, p99 ≤ ${targets.postgresP99Ms} ms at ${results.http?.connections} connections`,
          measured: `${(pg.ratio * 100).toFixed(1)}% (${int(pg.api.reqPerSec)} vs ${int(pg.bare.reqPerSec)} req/s), p99 ${pg.api.p99Ms} ms${pg.api.ok ? '' : ', FAILED REQUESTS'}`,
          met: pg.api.ok && pg.ratio >= targets.postgresRatio && pg.api.p99Ms <= targets.postgresP99Ms,
        }
      : { target: 'PostgreSQL shop page ≥ 40% of bare, p99 ≤ 50 ms', measured: 'not measured', met: null },
  )
  const pgl = mainRow(dbs.find((d) => d.database === 'pglite'))
  out.push(
    pgl
      ? {
          target: `PGlite: shop page ≥ ${int(targets.pgliteReqPerSec)} req/s`,
          measured: `${int(pgl.api.reqPerSec)} req/s (p99 ${pgl.api.p99Ms} ms)${pgl.api.ok ? '' : ', FAILED REQUESTS'}`,
          met: pgl.api.ok && pgl.api.reqPerSec >= targets.pgliteReqPerSec,
        }
      : { target: 'PGlite shop page ≥ 1,500 req/s', measured: 'not measured', met: null },
  )
  const b = results.bundle
  out.push(
    b?.ran
      ? {
          target: `/shop-picks JS ≤ ${kb(b.budgetBytes)} gzipped`,
          measured: `${kb(b.jsTotal.gzipBytes)} gzipped (${b.js.length} files)${b.shopChunkFound ? '' : '; no shop-page chunk found'}`,
          met: b.jsTotal.gzipBytes <= b.budgetBytes && b.shopChunkFound,
        }
      : {
          target: '/shop-picks JS ≤ 150 kB gzipped',
          measured: b ? `not measured: ${b.reason.split('\n')[0]}` : 'not measured',
          met: null,
        },
  )
  out.push(...readsVerdicts(results.reads))
  out.push(...alertVerdicts(results.alerts))
  out.push(startVerdict(results.start))
  out.push(...lighthouseVerdicts(results.lighthouse))
  out.push(scaleVerdict(results.scale))
  return out
}

const seconds = (msValue: number) => `${(msValue / 1000).toFixed(2)} s`

function alertVerdicts(section: AlertsSection | undefined): TargetVerdict[] {
  const subscribers = int(section?.subscribers ?? 100_000)
  const pg = section?.databases.find((d) => d.database === 'postgres')
  const fanOut: TargetVerdict =
    pg?.ran === true
      ? {
          target: `Pick alerts, PostgreSQL: ${subscribers} subscribers' deliveries queued ≤ ${alertTargets.fanOutMs / 1000} s`,
          measured: `${seconds(pg.fanOut.ms)} (${int(pg.fanOut.queued)} deliveries)`,
          met: pg.fanOut.ms <= alertTargets.fanOutMs,
        }
      : {
          target: `Pick alerts, PostgreSQL: ${subscribers} subscribers' deliveries queued ≤ 5 s`,
          measured: pg?.ran === false ? `not measured: ${pg.reason}` : 'not measured',
          met: null,
        }
  const sending = (section?.databases ?? []).flatMap((d): TargetVerdict[] => {
    if (!d.ran) return []
    const duplicates = d.sending.sinks.email.duplicates + d.sending.sinks.sms.duplicates
    return [
      {
        target: `Pick alerts, ${d.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}: sending ≥ ${int(alertTargets.messagesPerSec)} messages/s through SMTP and the SMS double, 0 duplicates`,
        measured: `${int(d.sending.perSec)} messages/s (${int(d.sending.sent)} sent), ${duplicates} duplicates`,
        met: d.sending.perSec >= alertTargets.messagesPerSec && duplicates === 0,
      },
    ]
  })
  return [fanOut, ...sending]
}

function startVerdict(section: StartSection | undefined): TargetVerdict {
  const target = `\`npm start\` after the build, empty data directory: first page ≤ ${seconds(section?.ran ? section.budgetMs : 5_000)} (median of ${section?.ran ? section.runs.filter((r) => r.kind === 'bundle').length : 3})`
  if (!section?.ran) {
    return { target, measured: section ? `not measured: ${section.reason.split('\n')[0]}` : 'not measured', met: null }
  }
  return {
    target,
    measured: `${seconds(section.firstPageMedianMs)} (from source through tsx: ${seconds(section.sourceFirstPageMedianMs)}; ${section.firstPageCpuMedianMs === null ? '–' : seconds(section.firstPageCpuMedianMs)} CPU, load average ${section.loadAverage.before.toFixed(1)}); demo picks posted and graded after ${section.demoPicksMedianMs === null ? '–' : seconds(section.demoPicksMedianMs)}`,
    met: section.firstPageMedianMs <= section.budgetMs,
  }
}

/** Every delivery of the pick sent, none twice, each subscriber one per channel. */
function exactlyOnce(run: ScaleRun): boolean {
  const d = run.delivery
  return (
    d.allSentMs !== null &&
    d.failed === 0 &&
    d.duplicateKeys === 0 &&
    d.notExactlyOnce.email === 0 &&
    d.notExactlyOnce.sms === 0 &&
    d.smtp.duplicates === 0 &&
    d.smsOutbox.duplicates === 0
  )
}

function scaleVerdict(section: ScaleSection | undefined): TargetVerdict {
  const target =
    'Scale-out behind nginx (1 and 2 API processes): a pick to 100,000 subscribers during the mixed load, every delivery sent exactly once'
  if (!section?.ran) {
    return { target, measured: section ? `not measured: ${section.reason.split('\n')[0]}` : 'not measured', met: null }
  }
  return {
    target,
    measured: section.runs
      .map(
        (r) =>
          `${r.apiProcesses} API: ${int(r.delivery.sent)} of ${int(r.delivery.expected)} sent in ${r.delivery.allSentMs === null ? 'not within the limit' : seconds(r.delivery.allSentMs)}, ${r.delivery.duplicateKeys + r.delivery.smtp.duplicates + r.delivery.smsOutbox.duplicates} duplicates`,
      )
      .join('; '),
    met: section.runs.every(exactlyOnce),
  }
}

function scaleMarkdown(section: ScaleSection): string {
  const parts = [`## Scale-out behind nginx (${section.measuredAt})`, '']
  if (!section.ran) {
    parts.push(`Not measured: ${section.reason.replace(/\n/g, '\n    ')}`)
    return parts.join('\n')
  }
  const groups = ['api', 'nginx', 'postgres', 'worker', 'load generator'] as const
  parts.push(
    `${section.nginx} on 127.0.0.1 in front of the API processes (round robin, keep-alive to them), the worker and one PostgreSQL; ` +
      `${int(section.creators)} creators with ${int(section.picks)} picks; the mixed public workload (bench/lib/mixed-workload.ts) at ${section.connections} connections for ${section.durationSec} s after a ${section.warmupSec} s warm-up. ` +
      `A creator publishes a premium pick through nginx one second into the second load through nginx; ${int(section.subscribers)} subscribers take it by e-mail (SMTP sink) and SMS (database outbox). ` +
      `Seed ${seconds(section.seedMs)}; ${section.loadBefore} before, ${section.loadAfter} after.`,
    '',
    'CPU is per request, over the measured window, from /proc (user + system), in ms; busy cores: the whole machine.',
    '',
    table(
      [
        'API processes',
        'load',
        'req/s',
        'p50 ms',
        'p99 ms',
        'non-2xx / errors',
        'busy cores',
        ...groups.map((g) => `${g} CPU ms/req`),
      ],
      section.runs.flatMap((r) =>
        r.loads.map((l) => [
          String(r.apiProcesses),
          l.label,
          `**${int(l.load.reqPerSec)}**`,
          String(l.load.p50Ms),
          `**${l.load.p99Ms}**`,
          `${l.load.non2xx} / ${l.load.errors + l.load.timeouts}`,
          l.cpu.busyCores.toFixed(2),
          ...groups.map((g) => (l.load.requests > 0 ? ((l.cpu.groups[g] ?? 0) / l.load.requests).toFixed(2) : '–')),
        ]),
      ),
    ),
    '',
    table(
      [
        'API processes',
        'publish (POST)',
        'all queued',
        'all sent',
        'at load end (queued / sent)',
        'sent / expected',
        'failed',
        'duplicate keys',
        'not exactly once (e-mail / SMS)',
        'SMTP sink (messages / dupl.)',
        'SMS outbox (messages / dupl.)',
      ],
      section.runs.map((r) => {
        const d = r.delivery
        const s = (v: number | null) => (v === null ? '**not within the limit**' : `**${seconds(v)}**`)
        return [
          String(r.apiProcesses),
          `${int(d.publishMs)} ms (${d.publishStatus})`,
          s(d.allQueuedMs),
          s(d.allSentMs),
          `${int(d.atLoadEnd.rows)} / ${int(d.atLoadEnd.sent)}`,
          `${int(d.sent)} / ${int(d.expected)} (${int(d.sentPerSec)}/s)`,
          `${d.failed} (${int(d.abandoned)} left queued at the limit)`,
          String(d.duplicateKeys),
          `${d.notExactlyOnce.email} / ${d.notExactlyOnce.sms}`,
          `${int(d.smtp.messages)} / ${d.smtp.duplicates}`,
          `${int(d.smsOutbox.messages)} / ${d.smsOutbox.duplicates}`,
        ]
      }),
    ),
  )
  return parts.join('\n')
}

function lighthouseVerdicts(section: LighthouseSection | undefined): TargetVerdict[] {
  const t = section?.ran ? section.targets : lighthouseTargets
  const pageTarget = `Lighthouse mobile (simulated slow 4G), signed out: performance ≥ ${t.score} and LCP ≤ ${seconds(t.lcpMs)} on each of /shop-picks, a purchase page, /locker-room, /my-picks (median of 3)`
  const jsTarget = `JS transferred by /shop-picks in Lighthouse ≤ ${kb(t.shopJsBytes)} (compressed as sent)`
  if (!section?.ran) {
    const measured = section ? `not measured: ${section.reason.split('\n')[0]}` : 'not measured'
    return [
      { target: pageTarget, measured, met: null },
      { target: jsTarget, measured, met: null },
    ]
  }
  const shop = section.pages.find((p) => p.path === '/shop-picks')
  return [
    {
      target: pageTarget,
      measured: section.pages
        .map((p) => `${p.path.replace('{creatorId}', '…')}: ${p.median.score}, LCP ${seconds(p.median.lcpMs)}`)
        .join('; '),
      met: section.pages.every((p) => p.median.score >= t.score && p.median.lcpMs <= t.lcpMs),
    },
    shop
      ? {
          target: jsTarget,
          measured: `${kb(shop.median.jsTransferBytes)} (${kb(shop.median.jsCriticalTransferBytes)} without the low-priority prefetches)`,
          met: shop.median.jsTransferBytes <= t.shopJsBytes,
        }
      : { target: jsTarget, measured: 'not measured: /shop-picks did not run', met: null },
  ]
}

function lighthouseMarkdown(section: LighthouseSection): string {
  const parts = [`## First paint on a phone: Lighthouse mobile (${section.measuredAt})`, '']
  if (!section.ran) {
    parts.push(`Not measured: ${section.reason.replace(/\n/g, '\n    ')}`)
    return parts.join('\n')
  }
  const figures = (r: LighthousePage['median']) => [
    `${int(r.fcpMs)} ms`,
    `${int(r.lcpMs)} ms`,
    `${int(r.tbtMs)} ms`,
    r.cls.toFixed(3),
    `${int(r.speedIndexMs)} ms`,
    kb(r.jsTransferBytes),
    kb(r.jsCriticalTransferBytes),
    kb(r.unusedJsBytes),
  ]
  const headers = ['FCP', 'LCP', 'TBT', 'CLS', 'Speed Index', 'JS transferred', 'JS without prefetches', 'unused JS']
  parts.push(
    `Lighthouse ${section.lighthouseVersion} (npm package, default mobile configuration: simulated throttling, performance only) against ${section.chromeVersion} (headless), ` +
      `the production build (${section.built}) served by the production server (NODE_ENV=production, demo data, a new data directory), signed out; ` +
      `${section.pages[0]?.runs.length ?? 0} runs per page, medians of each figure. JS transferred: every script of the run as sent (brotli, headers included); ` +
      "without prefetches: less those fetched at Chrome's lowest priority (the next pages' chunks and the error reporter, fetched once the page is up). " +
      `1-minute load average ${section.loadAverage.before.toFixed(1)} before, ${section.loadAverage.after.toFixed(1)} after.`,
    '',
    table(
      ['page', 'score', ...headers],
      section.pages.map((p) => [`\`${p.path}\``, `**${p.median.score}**`, ...figures(p.median)]),
    ),
    '',
    'Each run:',
    '',
    table(
      ['page', 'run', 'score', ...headers],
      section.pages.flatMap((p) =>
        p.runs.map((r, i) => [`\`${p.path}\``, String(i + 1), String(r.score), ...figures(r)]),
      ),
    ),
  )
  const shopRun = section.pages.find((p) => p.path === '/shop-picks')?.runs[0]
  if (shopRun) {
    parts.push(
      '',
      'Scripts of the first /shop-picks run:',
      '',
      table(
        ['script', 'priority', 'bytes sent'],
        shopRun.scripts.map((s) => [`\`${s.url}\``, s.priority, int(s.transferBytes)]),
      ),
      '',
      `Its API calls, in order: ${shopRun.apiCalls.map((c) => `\`${c}\``).join(', ') || 'none'}.`,
    )
  }
  return parts.join('\n')
}

function startMarkdown(section: StartSection): string {
  const parts = [`## Start on an empty data directory (${section.measuredAt})`, '']
  if (!section.ran) {
    parts.push(`Not measured: ${section.reason.replace(/\n/g, '\n    ')}`)
    return parts.join('\n')
  }
  parts.push(
    `What \`npm start\` runs after the build (bundle: \`node --enable-source-maps apps/api/dist/server.js\`), alternating with the same server from source through tsx (source: \`node --import tsx apps/api/src/server.ts\`, the baseline), NODE_ENV=development, the embedded database in a new empty directory each time; ${section.runs.length} starts. ` +
      `Medians: bundle **${seconds(section.firstPageMedianMs)}**, source ${seconds(section.sourceFirstPageMedianMs)}. ` +
      'First page: from spawning the process to the first 200 of both `/` and `/api/creators/paginated` (polled every 50 ms). ' +
      "CPU: the server process's user + system time by then, which others' work on the machine changes less than the wall time " +
      `(1-minute load average ${section.loadAverage.before.toFixed(1)} before the starts, ${section.loadAverage.after.toFixed(1)} after). ` +
      '`startupMs` is what the server logs when it listens; demo picks: when it logs that they were posted and graded.',
    '',
    table(
      ['start', 'what ran', 'first page', 'CPU by then', 'logged startupMs', 'demo picks done'],
      section.runs.map((r, i) => [
        String(i + 1),
        r.kind,
        `**${int(r.firstPageMs)} ms**`,
        r.firstPageCpuMs === null ? '–' : `${int(r.firstPageCpuMs)} ms`,
        r.loggedStartupMs === null ? '–' : `${int(r.loggedStartupMs)} ms`,
        r.demoPicksMs === null ? '–' : `${int(r.demoPicksMs)} ms`,
      ]),
    ),
  )
  return parts.join('\n')
}

function alertsMarkdown(section: AlertsSection): string {
  const parts = [
    `## Pick alerts at ${int(section.subscribers)} subscribers (${section.measuredAt})`,
    '',
    `A creator with ${int(section.subscribers)} entitled subscribers, each with a verified e-mail address and phone and texts on, publishes a pick. ` +
      `Fan-out: \`fanOutPick\` called directly with the default tuning (${int(section.tuning.fanOutBatch)} recipients per batch, split into ${section.tuning.fanOutParallel} inserts run side by side), timed until it returns with every delivery queued. ` +
      `Sending: \`sendDueAlerts\` (claims of ${section.tuning.sendBatch}, ${section.tuning.concurrency} messages in flight) through the real SMTP adapter (nodemailer, pool of ${section.tuning.smtpConnections} connections) and Twilio's SDK, ` +
      `to a real SMTP server and a Twilio double in a separate process, over the first ${int(section.sendSample)} deliveries or ${section.sendTimeLimitSec} s. The sinks count messages per recipient; any count above one is a duplicate.`,
  ]
  const ran = section.databases.filter((d) => d.ran)
  if (ran.length) {
    parts.push(
      '',
      table(
        [
          'database',
          'seeded in',
          'fan-out',
          'deliveries',
          'batches',
          'batch median / max',
          'sent',
          'messages/s',
          'e-mail at sink',
          'SMS at sink',
          'duplicates',
        ],
        ran.map((d) => [
          d.database === 'pglite' ? 'PGlite' : 'PostgreSQL',
          `${(d.seedMs / 1000).toFixed(1)} s`,
          `**${seconds(d.fanOut.ms)}**`,
          int(d.fanOut.queued),
          String(d.fanOut.batches),
          `${int(d.fanOut.batchMedianMs)} / ${int(d.fanOut.batchMaxMs)} ms`,
          `${int(d.sending.sent)} in ${(d.sending.elapsedMs / 1000).toFixed(1)} s (${d.sending.stoppedBy})`,
          `**${int(d.sending.perSec)}**`,
          `${int(d.sending.sinks.email.messages)} (${int(d.sending.marked.email)} marked sent)`,
          `${int(d.sending.sinks.sms.messages)} (${int(d.sending.marked.sms)} marked sent)`,
          String(d.sending.sinks.email.duplicates + d.sending.sinks.sms.duplicates),
        ]),
      ),
      '',
      `Where the sending time goes: CPU used during the sample by the sending process (claims, rendering, SMTP and HTTP clients) and by the sinks' process, and the next ${int(section.bareSample)} deliveries through senders that answer at once (claims, rendering and status writes only).`,
      '',
      table(
        ['database', 'sample wall time', 'sender CPU', 'sinks CPU', 'without providers'],
        ran.map((d) => [
          d.database === 'pglite' ? 'PGlite' : 'PostgreSQL',
          `${(d.sending.elapsedMs / 1000).toFixed(1)} s`,
          `${(d.sending.senderCpuMs / 1000).toFixed(1)} s`,
          `${(d.sending.sinkCpuMs / 1000).toFixed(1)} s`,
          `${int(d.sending.withoutProviders.perSec)} messages/s (${int(d.sending.withoutProviders.sent)} in ${(d.sending.withoutProviders.elapsedMs / 1000).toFixed(1)} s)`,
        ]),
      ),
    )
  }
  for (const d of section.databases) {
    if (!d.ran) parts.push('', `${d.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}: skipped (${d.reason})`)
  }
  return parts.join('\n')
}

const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`

function readsVerdicts(section: ReadsSection | undefined): TargetVerdict[] {
  const of = (database: 'pglite' | 'postgres') => {
    const d = section?.databases.find((x) => x.database === database)
    return d?.ran ? d : undefined
  }
  const verdict = (target: string, c: ReadsComparison | undefined, ratio: number, p99Ms?: number): TargetVerdict =>
    c
      ? {
          target,
          measured: `${percent(c.ratio)} (${int(c.api.reqPerSec)} vs ${int(c.bare.reqPerSec)} req/s), p99 ${c.api.p99Ms} ms${c.api.ok ? '' : ', FAILED REQUESTS'}`,
          met: c.api.ok && c.ratio >= ratio && (p99Ms === undefined || c.api.p99Ms <= p99Ms),
        }
      : { target, measured: 'not measured', met: null }
  const t = readsTargets
  const connections = section?.connections ?? 50
  return [
    verdict(
      `PostgreSQL: mixed public reads ≥ ${t.postgresMixedRatio * 100}% of bare, p99 ≤ ${t.postgresMixedP99Ms} ms at ${connections} connections`,
      of('postgres')?.mixed,
      t.postgresMixedRatio,
      t.postgresMixedP99Ms,
    ),
    verdict(
      `PGlite: mixed public reads ≥ ${t.pgliteMixedRatio * 100}% of bare`,
      of('pglite')?.mixed,
      t.pgliteMixedRatio,
    ),
    verdict(
      `PostgreSQL: a subscriber's feed ≥ ${t.postgresSubscribedRatio * 100}% of bare`,
      of('postgres')?.subscribed,
      t.postgresSubscribedRatio,
    ),
  ]
}

type SkippedDatabase = { database: 'pglite' | 'postgres'; ran: false; reason: string }

/** A database's heading; for a database that did not run, why, and false. */
function databaseHeading<T extends { database: 'pglite' | 'postgres'; ran: true } | SkippedDatabase>(
  parts: string[],
  db: T,
): db is Exclude<T, SkippedDatabase> {
  parts.push('', `### ${db.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}`, '')
  if (!db.ran) parts.push(`Skipped: ${db.reason}`)
  return db.ran
}

function readsMarkdown(section: ReadsSection): string {
  const parts = [
    `## Mixed public reads vs bare node:http (${section.measuredAt})`,
    '',
    `autocannon, ${section.connections} connections each cycling through the paths, pipelining 1, ${section.warmupSec} s warm-up then ${section.durationSec} s measured, one server at a time. ` +
      'The bare server is a separate node:http process answering each path with the exact bytes the API returned; neither is sent `accept-encoding`, so both send the same plain bytes.',
  ]
  const row = (label: string, server: string, r: ReadsComparison['api'], ratio: string) => [
    label,
    server,
    int(r.reqPerSec),
    String(r.p50Ms),
    String(r.p99Ms),
    String(r.non2xx),
    String(r.errors + r.timeouts) + (r.ok ? '' : ' **FAIL**'),
    ratio,
  ]
  for (const db of section.databases) {
    if (!databaseHeading(parts, db)) continue
    parts.push(
      `${int(db.creators)} creators and ${int(db.picks)} picks seeded in ${(db.seedMs / 1000).toFixed(1)} s; API ready ${(db.apiStartupMs / 1000).toFixed(1)} s after start. Load before measuring: \`${db.loadBefore}\`.`,
      '',
      `Paths: ${db.paths.map((p) => `${p.label} (${int(p.bytes)} B)`).join(', ')}; the subscriber's feed ${int(db.subscribed.bytes)} B.`,
      '',
      table(
        ['workload', 'server', 'req/s (avg)', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'API/bare'],
        [
          row('mixed public reads', 'API', db.mixed.api, `**${percent(db.mixed.ratio)}**`),
          row('', 'bare', db.mixed.bare, ''),
          row("a subscriber's feed", 'API', db.subscribed.api, `**${percent(db.subscribed.ratio)}**`),
          row('', 'bare', db.subscribed.bare, ''),
        ],
      ),
    )
  }
  return parts.join('\n')
}

function httpMarkdown(section: HttpSection): string {
  const parts = [
    `## Shop API vs bare node:http (${section.measuredAt})`,
    '',
    `autocannon, ${section.connections} connections, pipelining 1, ${section.warmupSec} s warm-up then ${section.durationSec} s measured, one target at a time. ` +
      'The bare server is a separate node:http process answering each path with the exact bytes and content-type the API returned.',
  ]
  for (const db of section.databases) {
    if (!databaseHeading(parts, db)) continue
    parts.push(
      `${int(db.creators)} demo creators inserted in ${(db.seedMs / 1000).toFixed(1)} s; API ready ${(db.apiStartupMs / 1000).toFixed(1)} s after start; API LOG_LEVEL=${db.apiLogLevel}.`,
      '',
      table(
        ['URL', 'bytes', 'server', 'req/s (avg)', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'API/bare'],
        db.rows.flatMap((r) => [
          [
            `\`${r.path.replace('/api/creators/paginated', '…/paginated')}\``,
            int(r.responseBytes),
            'API',
            int(r.api.reqPerSec),
            String(r.api.p50Ms),
            String(r.api.p99Ms),
            String(r.api.non2xx),
            String(r.api.errors + r.api.timeouts) + (r.api.ok ? '' : ' **FAIL**'),
            `**${(r.ratio * 100).toFixed(1)}%**`,
          ],
          [
            '',
            '',
            'bare',
            int(r.bare.reqPerSec),
            String(r.bare.p50Ms),
            String(r.bare.p99Ms),
            String(r.bare.non2xx),
            String(r.bare.errors + r.bare.timeouts) + (r.bare.ok ? '' : ' **FAIL**'),
            '',
          ],
        ]),
      ),
    )
    if (db.breakdown.length) {
      parts.push(
        '',
        'Where the time goes: a second API process with the shop cache off (`SHOP_CACHE_TTL_MS=0`), so every request reaches the database:',
        '',
        table(
          ['route', 'adds', 'req/s (avg)', 'p50 ms', 'p99 ms', 'non-2xx'],
          db.breakdown.map((b) => [
            `\`${b.path}\``,
            b.label,
            int(b.result.reqPerSec),
            String(b.result.p50Ms),
            String(b.result.p99Ms),
            String(b.result.non2xx) + (b.result.ok ? '' : ' **FAIL**'),
          ]),
        ),
      )
    }
  }
  return parts.join('\n')
}

function queryMarkdown(section: QuerySection): string {
  const parts = [
    `## Query cost at 100,000 creators (${section.measuredAt})`,
    '',
    `\`listCreatorsPage\` called directly (page query and count query in parallel, as the route runs them), one caller, ${section.repetitions} runs after 3 warm-up runs. ` +
      'Two states of the same table: right after the bulk insert and ANALYZE (no visibility map: no index-only scans; PGlite has no autovacuum, so it stays like this), and after VACUUM ANALYZE (what autovacuum reaches on a server).',
  ]
  for (const db of section.databases) {
    parts.push('', `### ${db.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}`, '')
    if (!db.ran) {
      parts.push(`Skipped: ${db.reason}`)
      continue
    }
    const [first, ...others] = db.passes
    if (!first) continue
    parts.push(
      `${int(db.creators)} creators inserted in ${(db.insertMs / 1000).toFixed(1)} s.`,
      '',
      table(
        ['query', 'matching', ...db.passes.flatMap((p) => [`median ms (${p.state})`, `p95 ms (${p.state})`])],
        first.timings.map((t, i) => [
          t.label + (t.note ? ` (${t.note})` : ''),
          int(t.matching),
          ...db.passes.flatMap((p) => {
            const pt = p.timings[i]
            return pt ? [ms(pt.medianMs), ms(pt.p95Ms)] : ['–', '–']
          }),
        ]),
      ),
    )
    for (const pass of [first, ...others]) {
      parts.push('', `Plans after ${pass.state} (\`EXPLAIN (ANALYZE, BUFFERS)\`, first lines):`)
      for (const e of pass.explains) {
        for (const s of e.statements) {
          parts.push(
            '',
            `- **${e.label}**, ${s.role} query: indexes used: ${s.indexesUsed.length ? s.indexesUsed.map((i) => `\`${i}\``).join(', ') : 'none'}${s.seqScan ? '; **sequential scan**' : ''}`,
            '',
            '  ```',
            ...s.plan.slice(0, 6).map((l) => `  ${l}`),
            ...(s.plan.length > 6 ? ['  …', ...s.plan.slice(-1).map((l) => `  ${l}`)] : []),
            '  ```',
          )
        }
      }
    }
  }
  return parts.join('\n')
}

function bundleMarkdown(section: BundleSection): string {
  const parts = [`## Bundle for /shop-picks (${section.measuredAt})`, '']
  if (!section.ran) {
    parts.push(`Not measured: ${section.reason.replace(/\n/g, '\n    ')}`)
    return parts.join('\n')
  }
  const rows = (files: Extract<BundleSection, { ran: true }>['js']) =>
    files.map((f) => [`\`${f.file}\``, `\`${f.chunk}\``, int(f.rawBytes), int(f.gzipBytes)])
  parts.push(
    `Files from apps/web/dist (${section.built}): the entry (index.html), the lazy chunk of the shop page${section.shopChunkFound ? '' : ' (**not found in the manifest**)'} and their static imports, transitively; gzip level 9. ${section.otherLazyChunks} other lazy chunks are not counted.`,
    '',
    table(
      ['JS file', 'manifest key', 'raw bytes', 'gzip bytes'],
      [
        ...rows(section.js),
        ['**total JS**', '', `**${int(section.jsTotal.rawBytes)}**`, `**${int(section.jsTotal.gzipBytes)}**`],
      ],
    ),
    '',
    table(
      ['CSS file', 'manifest key', 'raw bytes', 'gzip bytes'],
      [
        ...rows(section.css),
        ['**total CSS**', '', `**${int(section.cssTotal.rawBytes)}**`, `**${int(section.cssTotal.gzipBytes)}**`],
      ],
    ),
  )
  return parts.join('\n')
}

export function toMarkdown(results: Results): string {
  const m = results.machine
  const parts = [
    '# Benchmark results',
    '',
    `- date: ${results.generatedAt}`,
    `- machine: ${m.cpuModel} × ${m.cpuCount}, ${m.totalMemoryGiB} GiB RAM, ${m.os}`,
    `- Node ${m.node}; PostgreSQL: ${m.postgres ?? 'not used'}`,
    `- options: duration ${results.options.durationSec} s, warm-up ${results.options.warmupSec} s, ${results.options.connections} connections, API LOG_LEVEL=${results.options.apiLogLevel}${results.options.only ? `, --only ${results.options.only} (other sections carried over from earlier runs, with their own dates)` : ''}`,
    '',
    '## Targets',
    '',
    table(
      ['target', 'measured', 'verdict'],
      verdicts(results).map((v) => [
        v.target,
        v.measured,
        v.met === null ? 'not measured' : v.met ? 'met' : '**missed**',
      ]),
    ),
  ]
  if (results.http) parts.push('', httpMarkdown(results.http))
  if (results.reads) parts.push('', readsMarkdown(results.reads))
  if (results.query) parts.push('', queryMarkdown(results.query))
  if (results.bundle) parts.push('', bundleMarkdown(results.bundle))
  if (results.alerts) parts.push('', alertsMarkdown(results.alerts))
  if (results.start) parts.push('', startMarkdown(results.start))
  if (results.lighthouse) parts.push('', lighthouseMarkdown(results.lighthouse))
  if (results.scale) parts.push('', scaleMarkdown(results.scale))
  return `${parts.join('\n')}\n`
}
