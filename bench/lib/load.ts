import autocannon from 'autocannon'

export interface LoadOptions {
  connections: number
  durationSec: number
  warmupSec: number
}

export interface LoadResult {
  url: string
  /** Mean of autocannon's per-second request counts over the measured window. */
  reqPerSec: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  requests: number
  non2xx: number
  errors: number
  timeouts: number
  /** Mean response throughput, bytes per second. */
  bytesPerSec: number
  ok: boolean
}

function once(url: string, connections: number, durationSec: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections,
    pipelining: 1,
    duration: durationSec,
    timeout: 10,
    // Loopback only, one target at a time: nothing else shares the run.
  })
}

/**
 * One measured run: a warm-up run (JIT, connection pools, database caches) whose numbers are
 * thrown away, then the measured one. Bounded by the two durations plus the request timeout.
 */
export async function measure(url: string, options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSec > 0) await once(url, options.connections, options.warmupSec)
  return toLoadResult(url, await once(url, options.connections, options.durationSec))
}

/** autocannon's result as the benchmark reports it. */
export function toLoadResult(url: string, r: autocannon.Result): LoadResult {
  return {
    url,
    reqPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    bytesPerSec: r.throughput.average,
    ok: r.non2xx === 0 && r.errors === 0 && r.timeouts === 0 && r.requests.total > 0,
  }
}
