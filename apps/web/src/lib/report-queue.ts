import type { ErrorReport, PerformanceReport } from '@picks/contracts'
import { clientReportLimits } from '@picks/contracts/client'
import { apiBaseUrl } from './env.ts'
import { localStore, type KeyValueStorage } from './storage.ts'

/**
 * How the browser's reports leave (spec §7 "Client reporting", decision 041): batched, by `fetch`
 * with `keepalive` while the page is shown and by `sendBeacon` when it is being hidden; what cannot
 * be sent waits in local storage, the last `storedMax` of it (spec §9), for the next reconnect or
 * load. Nothing here throws, and nothing goes through the API client, so a failed report is never
 * itself reported.
 */

export interface ReportsOf {
  errors: ErrorReport
  performance: PerformanceReport
}
export type ReportKind = keyof ReportsOf
type AnyReport = ReportsOf[ReportKind]
interface StoredReport {
  kind: ReportKind
  report: AnyReport
}

/**
 * Where unsent reports wait. Not preserved when storage is full (spec §4 keeps only `sb-*` and
 * `user`): they are telemetry, worth less than the space another write needs.
 */
export const unsentReportsKey = 'picks-marketplace-unsent-reports'

const kinds: readonly ReportKind[] = ['errors', 'performance']
const paths: Record<ReportKind, string> = { errors: '/errors', performance: '/errors/performance' }

/** Errors leave a moment after they happen (a burst goes as one batch); timings wait for the page to hide. */
export const sendDelayMs: Record<ReportKind, number> = { errors: 1_000, performance: 30_000 }

export interface ReportQueueDeps {
  fetch?: typeof fetch
  /** `null`: no beacon (the keepalive fetch is used instead). */
  sendBeacon?: ((url: string, data: Blob) => boolean) | null
  storage?: KeyValueStorage
  isOnline?: () => boolean
}

export interface ReportQueue {
  add<K extends ReportKind>(kind: K, report: ReportsOf[K]): void
  /** Sends what is pending now; `leaving` (the page is being hidden) sends by `sendBeacon`. */
  flush(leaving?: boolean): Promise<void>
  /** Sends what an earlier failure kept in storage. */
  retryStored(): Promise<void>
  stop(): void
}

const encoder = new TextEncoder()

export function byteLength(text: string): number {
  return encoder.encode(text).length
}

interface Batch {
  body: string
  reports: AnyReport[]
}

/** JSON arrays of at most `maxBatch` reports and `maxBodyBytes` bytes: the server's cap, and a beacon's. */
export function toBatches(reports: readonly AnyReport[]): Batch[] {
  const batches: Batch[] = []
  let parts: string[] = []
  let batch: AnyReport[] = []
  let bytes = 2
  for (const report of reports) {
    const json = JSON.stringify(report)
    const size = byteLength(json)
    const full = parts.length >= clientReportLimits.maxBatch || bytes + 1 + size > clientReportLimits.maxBodyBytes
    if (parts.length > 0 && full) {
      batches.push({ body: `[${parts.join(',')}]`, reports: batch })
      parts = []
      batch = []
      bytes = 2
    }
    bytes += (parts.length > 0 ? 1 : 0) + size
    parts.push(json)
    batch.push(report)
  }
  if (parts.length > 0) batches.push({ body: `[${parts.join(',')}]`, reports: batch })
  return batches
}

function isStoredReport(value: unknown): value is StoredReport {
  if (typeof value !== 'object' || value === null) return false
  const { kind, report } = value as Record<string, unknown>
  return (kind === 'errors' || kind === 'performance') && typeof report === 'object' && report !== null
}

function browserBeacon(): ((url: string, data: Blob) => boolean) | null {
  return typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
    ? navigator.sendBeacon.bind(navigator)
    : null
}

type Outcome = 'sent' | 'keep' | 'drop'

export function createReportQueue(deps: ReportQueueDeps = {}): ReportQueue {
  const storage = deps.storage ?? localStore
  const isOnline = deps.isOnline ?? (() => navigator.onLine !== false)
  const pending: Record<ReportKind, AnyReport[]> = { errors: [], performance: [] }
  const timers = new Map<ReportKind, ReturnType<typeof setTimeout>>()

  function readStored(): StoredReport[] {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(unsentReportsKey) ?? '[]')
      return Array.isArray(parsed) ? parsed.filter(isStoredReport) : []
    } catch {
      return []
    }
  }

  /** Keeps the last `storedMax` (spec §9); when one has to go, a timing goes before an error. */
  function keep(kind: ReportKind, reports: readonly AnyReport[]): void {
    try {
      const stored = [...readStored(), ...reports.map((report) => ({ kind, report }))]
      while (stored.length > clientReportLimits.storedMax) {
        const firstTiming = stored.findIndex((entry) => entry.kind === 'performance')
        stored.splice(firstTiming === -1 ? 0 : firstTiming, 1)
      }
      storage.setItem(unsentReportsKey, JSON.stringify(stored))
    } catch {
      // storage refused even after its purge: these reports are lost, nothing worse
    }
  }

  function beacon(url: string, body: string): Outcome | undefined {
    const send = deps.sendBeacon === undefined ? browserBeacon() : deps.sendBeacon
    if (!send) return undefined
    try {
      return send(url, new Blob([body], { type: 'application/json' })) ? 'sent' : 'keep'
    } catch {
      return 'keep'
    }
  }

  async function post(url: string, body: string): Promise<Outcome> {
    const init: RequestInit = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      credentials: 'include',
      keepalive: true,
    }
    try {
      const response = await (deps.fetch ? deps.fetch(url, init) : fetch(url, init))
      if (response.ok) return 'sent'
      // A refused body (400, 413) would be refused again; a failing or busy server may take it later.
      return response.status >= 500 || response.status === 429 ? 'keep' : 'drop'
    } catch {
      return 'keep'
    }
  }

  /** Sends batch after batch; from the first that fails, the rest is kept. A beacon never waits. */
  async function deliver(kind: ReportKind, reports: AnyReport[], leaving: boolean): Promise<void> {
    try {
      if (!isOnline()) return keep(kind, reports)
      const url = `${apiBaseUrl()}${paths[kind]}`
      const batches = toBatches(reports)
      for (const [index, batch] of batches.entries()) {
        const outcome = (leaving ? beacon(url, batch.body) : undefined) ?? (await post(url, batch.body))
        if (outcome === 'keep')
          return keep(
            kind,
            batches.slice(index).flatMap((rest) => rest.reports),
          )
      }
    } catch {
      // nothing above throws; if it ever does, the reports are dropped rather than the page disturbed
    }
  }

  function flushKind(kind: ReportKind, leaving: boolean): Promise<void> {
    clearTimeout(timers.get(kind))
    timers.delete(kind)
    const reports = pending[kind].splice(0)
    return reports.length > 0 ? deliver(kind, reports, leaving) : Promise.resolve()
  }

  return {
    add(kind, report) {
      try {
        const list = pending[kind]
        list.push(report)
        if (list.length >= clientReportLimits.maxBatch) void flushKind(kind, false)
        else if (!timers.has(kind))
          timers.set(
            kind,
            setTimeout(() => void flushKind(kind, false), sendDelayMs[kind]),
          )
      } catch {
        // a report that cannot be queued is dropped
      }
    },
    async flush(leaving = false) {
      await Promise.all(kinds.map((kind) => flushKind(kind, leaving)))
    },
    async retryStored() {
      try {
        if (!isOnline()) return
        const stored = readStored()
        if (stored.length === 0) return
        // Taken out before sending, so a second retry (another tab, another event) does not send them twice.
        storage.removeItem(unsentReportsKey)
        await Promise.all(
          kinds.map((kind) => {
            const reports = stored.filter((entry) => entry.kind === kind).map((entry) => entry.report)
            return reports.length > 0 ? deliver(kind, reports, false) : undefined
          }),
        )
      } catch {
        // as in deliver
      }
    },
    stop() {
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
    },
  }
}
