import type { ReportContext } from '@picks/contracts'
import { clientReportLimits, reportingRelease } from '@picks/contracts/client'
import { buildEnvironment } from './env.ts'
import type { ContextValue } from './report-types.ts'

/**
 * The parts of a client report (spec §3) that the error and the performance reporter share, shaped
 * so that the server's limits (`clientReportLimits`, decision 039) never refuse one.
 */

/** A surrogate pair (kept) or half of one (replaced): the server refuses unpaired halves, and NUL. */
const pairsAndHalves = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g

/** `value` as text the server takes, cut to at most `max` characters without splitting a pair. */
export function clip(value: string, max: number): string {
  const safe = value
    .replaceAll('\u0000', '\uFFFD')
    .replace(pairsAndHalves, (match) => (match.length === 2 ? match : '\uFFFD'))
  if (safe.length <= max) return safe
  const lastKept = safe.charCodeAt(max - 1)
  return safe.slice(0, lastKept >= 0xd800 && lastKept <= 0xdbff ? max - 1 : max)
}

/** The server's `z.uuid()`: an id of another shape would make it refuse the whole batch. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

export function userIdOrNull(id: string | null | undefined): string | null {
  return id && uuidPattern.test(id) ? id : null
}

/** A route as the reports carry it: never empty, never over the limit. */
export function reportRoute(route: string): string {
  return clip(route, clientReportLimits.routeMaxLength) || '/'
}

/**
 * `additionalContext` / `additionalData`: release and environment (spec §9) first, then `extra`,
 * flat, at most `contextMaxKeys` keys, text values cut to `contextValueMaxLength`, undefined left out.
 */
export function reportContext(extra: Record<string, ContextValue | undefined>): ReportContext {
  const context: ReportContext = { release: reportingRelease, environment: buildEnvironment() }
  for (const [key, value] of Object.entries(extra)) {
    if (Object.keys(context).length >= clientReportLimits.contextMaxKeys) break
    if (value === undefined || key.length > clientReportLimits.contextKeyMaxLength) continue
    if (typeof value === 'number' && !Number.isFinite(value)) continue
    context[key] = typeof value === 'string' ? clip(value, clientReportLimits.contextValueMaxLength) : value
  }
  return context
}
