import type { StackFrame } from '@picks/contracts'
import { vitalThresholds, type PerformanceMetric, type VitalRating } from '@picks/contracts/client'

/**
 * The words of the Errors and Performance sections (issue 18): where a stack frame sits, a Web
 * Vital's value in its unit, and a rating in words (never a colour alone).
 */

/** `file:line:column`, or as much of it as is known (`<anonymous>`, `file:12`). */
function place(file: string, line: number | null, column: number | null): string {
  if (line === null) return file
  return column === null ? `${file}:${line}` : `${file}:${line}:${column}`
}

/** Where the frame ran, as the browser reported it (`https://…/assets/index-abc123.js:1:2345`). */
export function rawPlace(frame: StackFrame): string {
  return place(frame.file, frame.line, frame.column)
}

/** Where the frame sits in the source (`src/features/shop/shop-page.tsx:42:7`), or null when no map covers it. */
export function sourcePlace(frame: StackFrame): string | null {
  return frame.source ? place(frame.source.file, frame.source.line, frame.source.column) : null
}

/** The frame's place an operator looks for first: the source when a map knows it, else the raw place. */
export function framePlace(frame: StackFrame): string {
  return sourcePlace(frame) ?? rawPlace(frame)
}

/** The function's name: the original one when the source map names it, else as the browser printed it. */
export function frameFunction(frame: StackFrame): string {
  return frame.source?.name ?? frame.function ?? 'Anonymous function'
}

/** The environments the reporter sends (the build's mode, `import.meta.env.MODE`). */
export const environmentLabels: Record<string, string> = {
  production: 'Production',
  development: 'Development',
  test: 'Test',
}

export const errorSortOptions = [
  { value: 'lastSeen', label: 'Last seen' },
  { value: 'count', label: 'Reports' },
  { value: 'users', label: 'People affected' },
  { value: 'firstSeen', label: 'First seen' },
] as const

/** A list of values the server ranked (most frequent first), or a dash when there is none. */
export function listText(values: readonly string[]): string {
  return values.length > 0 ? values.join(', ') : '—'
}

/** "1 report", "1,204 reports": a count with its noun. */
export function counted(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`
}

/** What each metric measures, for the thresholds and the table's column names. */
export const metricNames: Record<PerformanceMetric, string> = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  CLS: 'Cumulative Layout Shift',
  FCP: 'First Contentful Paint',
  TTFB: 'Time to First Byte',
  'route-change': 'Route change',
}

/** The metric's short name as the table heads its column. */
export const metricColumns: Record<PerformanceMetric, string> = {
  LCP: 'LCP',
  INP: 'INP',
  CLS: 'CLS',
  FCP: 'FCP',
  TTFB: 'TTFB',
  'route-change': 'Route change',
}

const seconds = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
const shift = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/**
 * A metric's value in its unit: CLS is a score without one (`0.05`); the others are milliseconds,
 * shown as such under a second (`180 ms`) and in seconds from there (`1.8 s`).
 */
export function vitalValue(metric: PerformanceMetric, value: number): string {
  if (metric === 'CLS') return shift.format(value)
  const ms = Math.round(value)
  return ms < 1000 ? `${ms} ms` : `${seconds.format(value / 1000)} s`
}

export const ratingLabels: Record<VitalRating, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
}

/** The rating's tone; its word is always beside it. */
export const ratingTones: Record<VitalRating, string> = {
  good: 'text-green-800',
  'needs-improvement': 'text-amber-800',
  poor: 'text-red-800',
}

/** The metrics with thresholds, and those thresholds in their units, for the page to state. */
export const thresholdRows = (Object.keys(vitalThresholds) as (keyof typeof vitalThresholds)[]).map((metric) => ({
  metric,
  good: `≤ ${vitalValue(metric, vitalThresholds[metric].good)}`,
  poor: `> ${vitalValue(metric, vitalThresholds[metric].poor)}`,
}))

/** The two windows the server summarises, as the Performance section's tabs name them. */
export const performanceWindows = [
  { value: 'last24h', label: 'Last 24 hours' },
  { value: 'last7d', label: 'Last 7 days' },
] as const
export type PerformanceWindow = (typeof performanceWindows)[number]['value']
