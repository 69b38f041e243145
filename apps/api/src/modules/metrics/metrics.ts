import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Database, Db, PoolStats } from '../../db/client.ts'
import { isWebAppFile } from '../../http/static-web.ts'
import type { Jobs } from '../../jobs/queue.ts'
import { deliveryCountsByStatus } from '../alerts/alerts.service.ts'
import { outboxBacklog } from '../notifications/notifications.service.ts'

/**
 * The server metrics (issue 18 point 5, decision 040), in Prometheus's text format: each app its
 * own registry (tests build many apps in one process), holding its requests, its database pool,
 * and figures read from the database when scraped; the process's own metrics are shared.
 */

export interface MetricsSources {
  database: Pick<Database, 'db' | 'poolStats'>
  jobs: Pick<Jobs, 'queueStats'>
  log: Pick<FastifyBaseLogger, 'warn'>
}

export type ClientReportKind = 'error' | 'performance'

export interface AppMetrics {
  /** `text/plain; version=0.0.4; charset=utf-8` */
  readonly contentType: string
  /** Reads the database's figures and writes every metric out. */
  scrape(): Promise<string>
  /** Counts one answered request under its route's pattern. */
  recordRequest(request: FastifyRequest, statusCode: number, seconds: number): void
  countReportsAccepted(kind: ClientReportKind, count: number): void
}

let processRegistry: Registry | null = null

/**
 * Event-loop lag, heap, GC, CPU, memory, handles: prom-client's default metrics, under their usual
 * names. They describe the process, so one set serves every app in it: each call of
 * `collectDefaultMetrics` starts an event-loop monitor and a GC observer that nothing stops.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/** A route's pattern, never its address: the label's values are as many as the routes. */
function routeOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url
  // Unknown addresses, and the web app's pages (answered with index.html by the fallback, 200).
  if (pattern === undefined) return 'not_found'
  // One route per file of the built web app: counted as one.
  if (isWebAppFile(request.routeOptions.config)) return 'web_app_file'
  return pattern
}

type Source = 'job_queues' | 'alert_deliveries' | 'outboxes'

export function createMetrics(sources: MetricsSources): AppMetrics {
  const own = new Registry()
  const registers = [own]

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  })
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  })
  const reportsAccepted = new Counter({
    name: 'picks_client_reports_accepted_total',
    help: "Browsers' error and performance reports stored (POST /api/errors, /api/errors/performance), by kind.",
    labelNames: ['kind'] as const,
    registers,
  })
  for (const kind of ['error', 'performance'] as const) reportsAccepted.inc({ kind }, 0)

  const pool = sources.database.poolStats()
  if (pool) {
    // Read when scraped; PGlite has no pool, so these exist on PostgreSQL only.
    const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const stats = sources.database.poolStats()
          if (stats) this.set(read(stats))
        },
      })
    poolGauge('picks_db_pool_connections', 'Database connections open (idle or in use).', (s) => s.open)
    poolGauge('picks_db_pool_idle_connections', 'Database connections open and idle.', (s) => s.idle)
    poolGauge(
      'picks_db_pool_waiting_requests',
      'Requests for a database connection waiting for one (every one in use, the pool at its size).',
      (s) => s.waiting,
    )
    poolGauge('picks_db_pool_max_connections', 'The most connections the database pool opens.', (s) => s.max)
  }

  const sourceUp = new Gauge({
    name: 'picks_metrics_source_up',
    help: 'Whether the last scrape could read this source of figures (1) or not (0: its metrics are left out).',
    labelNames: ['source'] as const,
    registers,
  })
  const queueJobs = new Gauge({
    name: 'picks_job_queue_jobs',
    help: "Jobs in each queue by state (ready, deferred, active, failed), as the job queue's monitor last counted them.",
    labelNames: ['queue', 'state'] as const,
    registers,
  })
  const deliveries = new Gauge({
    name: 'picks_alert_deliveries',
    help: 'Alert deliveries (pick alerts, test messages, replies) by channel and status.',
    labelNames: ['channel', 'status'] as const,
    registers,
  })
  const outboxes = new Gauge({
    name: 'picks_outbox_messages',
    help: 'Messages in the offline outboxes (no SMTP or Twilio): e-mail by status, text messages all stored.',
    labelNames: ['outbox', 'status'] as const,
    registers,
  })

  const readers: Record<Source, { gauge: { reset(): void }; read: (db: Db) => Promise<void> }> = {
    job_queues: {
      gauge: queueJobs,
      read: async () => {
        const queues = await sources.jobs.queueStats()
        queueJobs.reset()
        for (const q of queues) {
          for (const state of ['ready', 'deferred', 'active', 'failed'] as const) {
            queueJobs.set({ queue: q.name, state }, q[state])
          }
        }
      },
    },
    alert_deliveries: {
      gauge: deliveries,
      read: async (db) => {
        const counts = await deliveryCountsByStatus(db)
        deliveries.reset()
        for (const c of counts) deliveries.set({ channel: c.channel, status: c.status }, c.count)
      },
    },
    outboxes: {
      gauge: outboxes,
      read: async (db) => {
        const backlog = await outboxBacklog(db)
        outboxes.reset()
        outboxes.set({ outbox: 'email', status: 'queued' }, backlog.email.queued)
        outboxes.set({ outbox: 'email', status: 'sent' }, backlog.email.sent)
        outboxes.set({ outbox: 'sms', status: 'stored' }, backlog.smsRows)
      },
    },
  }

  /** Reads every source; one that fails is reported by `picks_metrics_source_up` and left out, not the scrape. */
  async function readSources(): Promise<void> {
    await Promise.all(
      Object.entries(readers).map(async ([source, { gauge, read }]) => {
        try {
          await read(sources.database.db)
          sourceUp.set({ source }, 1)
        } catch (err) {
          gauge.reset()
          sourceUp.set({ source }, 0)
          sources.log.warn({ err, source }, 'a source of the server metrics could not be read')
        }
      }),
    )
  }

  // Scrapes that overlap share one reading of the database, so a slow database is not asked twice.
  let reading: Promise<void> | null = null
  const registry = Registry.merge([processMetrics(), own])

  return {
    contentType: registry.contentType,
    async scrape() {
      reading ??= readSources().finally(() => {
        reading = null
      })
      await reading
      return registry.metrics()
    },
    recordRequest(request, statusCode, seconds) {
      const labels = { method: request.method, route: routeOf(request), status_code: String(statusCode) }
      requests.inc(labels)
      durations.observe(labels, seconds)
    },
    countReportsAccepted(kind, count) {
      reportsAccepted.inc({ kind }, count)
    },
  }
}

/** Counts every request the app answers, from here on (install it before the routes). */
export function recordRequests(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.recordRequest(request, reply.statusCode, reply.elapsedTime / 1000)
  })
}
