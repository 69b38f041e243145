import { z } from 'zod'
import { adminListQuery, adminPage } from './admin.ts'
import { performanceMetrics, vitalRatings } from './client-report-rules.ts'

/**
 * What operators see of the browsers' reports (issue 18, points 3 and 4): error groups (reports of
 * one fault share a fingerprint) with their stack mapped back to the source through the production
 * build's source maps, and per route the 75th percentile of each Web Vital against its thresholds.
 */

const Timestamp = z.iso.datetime({ offset: true })

/** One stack frame as reported, and where it sits in the source when a source map knows. */
export const StackFrame = z.object({
  /** The function's name as the browser printed it, when it did. */
  function: z.string().nullable(),
  /** The script's address as reported (`https://…/assets/index-abc123.js`) or `<anonymous>`. */
  file: z.string(),
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
  /** The original place (`src/features/shop/shop-page.tsx`, 1-based line and column), or null when no map covers the frame. */
  source: z
    .object({
      file: z.string(),
      line: z.number().int(),
      column: z.number().int(),
      name: z.string().nullable(),
    })
    .nullable(),
})
export type StackFrame = z.infer<typeof StackFrame>

/** One error group: every report with this fingerprint within the stored window. */
export const AdminErrorGroup = z.object({
  fingerprint: z.string(),
  /** The latest report's message. */
  message: z.string(),
  /** The top frame of the latest report's stack, symbolicated when possible. */
  topFrame: StackFrame.nullable(),
  count: z.number().int(),
  /** Distinct signed-in people among the reports (anonymous reports are not counted here). */
  users: z.number().int(),
  anonymous: z.number().int(),
  firstSeen: Timestamp,
  lastSeen: Timestamp,
  /** Distinct values, most frequent first, at most 5 each. */
  releases: z.array(z.string()),
  environments: z.array(z.string()),
  routes: z.array(z.string()),
  /** Browser families parsed from the user agents (`Chrome 131`, `Safari 18`, `Firefox 133`, `Other`). */
  browsers: z.array(z.string()),
})
export type AdminErrorGroup = z.infer<typeof AdminErrorGroup>

export const adminErrorSortKeys = ['lastSeen', 'count', 'users', 'firstSeen'] as const

/** `GET /admin/errors`: groups, filterable by text in the message, a route and an environment. */
export const AdminErrorsQuery = adminListQuery({ sortKeys: adminErrorSortKeys, sortBy: 'lastSeen' }).extend({
  route: z.string().trim().max(512).optional(),
  environment: z.string().trim().max(32).optional(),
})
export type AdminErrorsQuery = z.input<typeof AdminErrorsQuery>
export type ParsedAdminErrorsQuery = z.output<typeof AdminErrorsQuery>

export const AdminErrorGroupPage = adminPage(AdminErrorGroup)
export type AdminErrorGroupPage = z.infer<typeof AdminErrorGroupPage>

/** One report of a group. */
export const AdminErrorOccurrence = z.object({
  id: z.uuid(),
  receivedAt: Timestamp,
  /** The browser's own clock, which may be wrong. */
  reportedAt: Timestamp,
  message: z.string(),
  route: z.string().nullable(),
  /** The page's address without its query. */
  url: z.string().nullable(),
  userAgent: z.string().nullable(),
  browser: z.string(),
  release: z.string().nullable(),
  environment: z.string().nullable(),
  /** Whether the report came from a signed-in session (who it was is not shown here). */
  signedIn: z.boolean(),
  frames: z.array(StackFrame),
})
export type AdminErrorOccurrence = z.infer<typeof AdminErrorOccurrence>

/** `GET /admin/errors/{fingerprint}`: the group, the latest stack symbolicated, the 20 most recent reports. */
export const AdminErrorGroupDetail = z.object({
  group: AdminErrorGroup,
  stack: z.array(StackFrame),
  occurrences: z.array(AdminErrorOccurrence),
})
export type AdminErrorGroupDetail = z.infer<typeof AdminErrorGroupDetail>

export const AdminErrorFingerprintParams = z.object({
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/, 'must be a 64-character hexadecimal fingerprint'),
})

/** A metric over one window: its 75th percentile, how many samples, and its rating. */
export const VitalSummary = z.object({
  p75: z.number().nullable(),
  samples: z.number().int(),
  rating: z.enum(vitalRatings).nullable(),
})
export type VitalSummary = z.infer<typeof VitalSummary>

/** `GET /admin/performance`: per route and metric, the last 24 hours beside the last 7 days. */
export const AdminPerformance = z.object({
  generatedAt: Timestamp,
  rows: z.array(
    z.object({
      route: z.string(),
      metric: z.enum(performanceMetrics),
      last24h: VitalSummary,
      last7d: VitalSummary,
    }),
  ),
})
export type AdminPerformance = z.infer<typeof AdminPerformance>
